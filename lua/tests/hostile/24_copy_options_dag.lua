-- Hostile case: An option's value shaped as a DAG: each use counts, so the copy stops early.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario start clean.
-- expect: value too large to copy
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local t = {}
    for i = 1, 6 do local n = {} for j = 1, 24 do n[j] = t end t = n end
    nav.route('stack'):push(Feed(), { animation = t })
  end)

  scenario("the next scenario starts clean", function()
    expect(rawget(_G, "LEAKED")):toBe(nil)
    expect(("x"):upper()):toBe("X")
    expect(getmetatable(_G)):toBe(nil)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):push(Feed { n = 1 }))):toBe(true)
  end)
end)
