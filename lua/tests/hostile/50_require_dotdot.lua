-- Hostile case: require out of the root by its name.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: module name '../../etc/passwd' is not valid
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    require '../../etc/passwd'
  end)

  require "support.clean" (Feed)
end)
