-- Hostile case: Presentations on presentations: the depth limit stops them.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario start clean.
-- expect: The hierarchy would be deeper than 100 containers
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app { root = Feed() }
    for i = 1, 200 do assert(app:navigate(nav.route():top(nav.container):present(Feed { n = i }, { animated = false }))) end
  end)

  scenario("the next scenario starts clean", function()
    expect(rawget(_G, "LEAKED")):toBe(nil)
    expect(("x"):upper()):toBe("X")
    expect(getmetatable(_G)):toBe(nil)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):push(Feed { n = 1 }))):toBe(true)
  end)
end)
