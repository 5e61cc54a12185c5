-- Hostile case: require with a NUL byte in the name.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: module name is not valid: it holds a NUL byte
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    require 'escape\0x'
  end)

  require "support.clean" (Feed)
end)
