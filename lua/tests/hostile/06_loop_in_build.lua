-- Hostile case: A loop in a screen's build function.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local Spin = nav.screen('Spin', { build = function() while true do end end })
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.stack):push(Spin()))
  end)

  require "support.clean" (Feed)
end)
