-- Hostile case: Writing into the nav module with rawset, past its __newindex.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: the nav module is read-only
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    rawset(nav, "screen", function() end)
  end)

  require "support.clean" (Feed)
end)
