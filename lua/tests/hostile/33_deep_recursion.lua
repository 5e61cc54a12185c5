-- Hostile case: Lua recursion without end: its stack grows into the memory cap (at 64 MiB Lua's own
-- limit comes first: stack overflow).
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario start clean.
-- expect: memory limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local function f() return 1 + f() end
    f()
  end)

  scenario("the next scenario starts clean", function()
    expect(rawget(_G, "LEAKED")):toBe(nil)
    expect(("x"):upper()):toBe("X")
    expect(getmetatable(_G)):toBe(nil)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):push(Feed { n = 1 }))):toBe(true)
  end)
end)
