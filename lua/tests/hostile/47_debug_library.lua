-- Hostile case: The debug library.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: attempt to index a nil value (global 'debug')
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    debug.sethook()
  end)

  require "support.clean" (Feed)
end)
