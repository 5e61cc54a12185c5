-- Hostile case: A pattern search that backtracks for minutes, inside C where no hook runs: the worker is killed.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: time limit exceeded (2 s): the scenario did not return, and its worker was killed
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    string.rep('a', 30000):find('.-.-.-.-b')
  end)

  require "support.clean" (Feed)
end)
