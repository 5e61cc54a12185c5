-- Hostile case: A loop in a navigation's completion function.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app()
    app.navigator:navigate(nav.route():wait(1), function() while true do end end)
    app:settle()
  end)

  require "support.clean" (Feed)
end)
