-- Hostile case: Custom action arguments kept by routes: charged to the cap.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.action('x', { perform = function(c, n, done) done() end })
    local s = string.rep('y', 1 << 20)
    local keep = {}
    for i = 1, 100 do keep[i] = nav.route():x(s .. i) end
  end)

  require "support.clean" (Feed)
end)
