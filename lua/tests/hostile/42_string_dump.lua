-- Hostile case: string.dump, which would make bytecode.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: attempt to call a nil value (field 'dump')
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    string.dump(function() end)
  end)

  require "support.clean" (Feed)
end)
