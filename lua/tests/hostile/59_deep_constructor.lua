-- Hostile case: Table constructors nested past the parser's limit.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: C stack overflow
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    assert(load('return ' .. string.rep('{', 100000) .. string.rep('}', 100000)))
  end)

  require "support.clean" (Feed)
end)
