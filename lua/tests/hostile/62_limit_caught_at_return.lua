-- Hostile case: A limit caught by pcall just before the scenario returns: no instruction is left to raise it again, and the scenario still fails.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    pcall(function() while true do end end)
  end)

  require "support.clean" (Feed)
end)
