-- Hostile case: Tampering with the strings' metatable: the next state has its own.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: attempt to call a nil value (method 'upper')
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    getmetatable('').__index = {}
    ('x'):upper()
  end)

  require "support.clean" (Feed)
end)
