-- Hostile case: An error object whose __tostring fails.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: whose __tostring failed
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    error(setmetatable({}, { __tostring = function() error('no words') end }))
  end)

  require "support.clean" (Feed)
end)
