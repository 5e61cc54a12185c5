-- Hostile case: A custom action called with a thousand arguments.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: too many arguments to 'many' (1000; at most 256)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.action('many', { perform = function(c, n, done) done() end })
    local t = {} for i = 1, 1000 do t[i] = i end
    nav.route():many(table.unpack(t))
  end)

  require "support.clean" (Feed)
end)
