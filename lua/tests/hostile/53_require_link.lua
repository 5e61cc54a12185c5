-- Hostile case: require through a link that leads out of the root.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: module 'escape.outside' not found: escape/outside.lua is a link that leads out of the script root
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    require 'escape.outside'
  end)

  require "support.clean" (Feed)
end)
