-- Hostile case: A loop in a deeplink interceptor.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.deeplink('app://x', function() return nav.route() end)
    nav.interceptor(function() while true do end end)
    nav.app():open('app://x')
  end)

  require "support.clean" (Feed)
end)
