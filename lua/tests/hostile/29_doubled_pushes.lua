-- Hostile case: A route of 2^17 pushes made by doubling: the stack limit stops it.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: would hold more than 10000 containers
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app { root = nav.stack { Feed() } }
    local r = nav.route('stack'):push(Feed())
    for i = 1, 17 do r = r:andThen(r) end
    assert(app:navigate(nav.route():top(nav.stack, r)))
  end)

  require "support.clean" (Feed)
end)
