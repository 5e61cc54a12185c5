-- Hostile case: An error in a navigation's completion function: raised by the next app call.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: in completion
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app()
    app.navigator:navigate(nav.route():wait(1), function() error('in completion') end)
    app:settle()
  end)

  require "support.clean" (Feed)
end)
