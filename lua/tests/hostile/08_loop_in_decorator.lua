-- Hostile case: A loop in a custom decorator.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.decorator('spin', function() while true do end end)
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.stack):present(Feed():decorated('spin')))
  end)

  require "support.clean" (Feed)
end)
