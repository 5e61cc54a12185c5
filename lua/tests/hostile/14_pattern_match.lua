-- Hostile case: The same inside string.match.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: its worker was killed
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    string.rep('a', 30000):match('.-.-.-.-b')
  end)

  require "support.clean" (Feed)
end)
