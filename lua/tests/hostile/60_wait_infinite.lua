-- Hostile case: A wait of infinite seconds.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: a finite number of seconds expected
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.route():wait(math.huge)
  end)

  require "support.clean" (Feed)
end)
