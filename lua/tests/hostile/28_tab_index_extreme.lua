-- Hostile case: A tab index at the integer's edge: a navigation failure, never a trap.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: No container of UIViewController type found
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app { root = nav.tabs { Feed(), Feed { n = 2 } } }
    assert(app:navigate(nav.route():top(nav.tabs):selectTab(math.maxinteger)))
  end)

  require "support.clean" (Feed)
end)
