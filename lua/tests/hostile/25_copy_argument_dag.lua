-- Hostile case: A custom action argument that is a binary DAG 28 levels deep.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: value too large to copy
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.action('x', { perform = function(c, n, done) done() end })
    local t = {}
    for i = 1, 28 do t = { t, t } end
    nav.route():x(t)
  end)

  require "support.clean" (Feed)
end)
