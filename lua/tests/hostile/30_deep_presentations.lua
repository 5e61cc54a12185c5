-- Hostile case: Presentations on presentations: the depth limit stops them.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: The hierarchy would be deeper than 100 containers
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app { root = Feed() }
    for i = 1, 200 do assert(app:navigate(nav.route():top(nav.container):present(Feed { n = i }, { animated = false }))) end
  end)

  require "support.clean" (Feed)
end)
