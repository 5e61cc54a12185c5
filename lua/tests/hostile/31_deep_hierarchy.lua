-- Hostile case: A hierarchy described deeper than the simulation holds.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: hierarchy deeper than 99 containers
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local node = nav.stack {}
    for i = 1, 300 do node = nav.stack { node } end
  end)

  require "support.clean" (Feed)
end)
