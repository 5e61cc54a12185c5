-- Hostile case: A memory bomb in a screen's build function: the navigation reports it as its
-- failure, and the scenario, which ignores that, must still fail with the limit.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded (16 MiB)
local Feed = nav.screen("Feed")
local Bomb = nav.screen("Bomb", { build = function() local t = {} while true do t[#t + 1] = {} end end })

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.stack):push(Bomb()))
  end)

  require "support.clean" (Feed)
end)
