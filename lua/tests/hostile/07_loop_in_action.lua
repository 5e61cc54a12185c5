-- Hostile case: A loop in a custom action.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.action('spin', { perform = function() while true do end end })
    nav.app():navigate(nav.route():spin())
  end)

  require "support.clean" (Feed)
end)
