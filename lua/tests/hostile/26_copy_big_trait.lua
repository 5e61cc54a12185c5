-- Hostile case: A trait of a mebibyte: a key is not a store.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario start clean.
-- expect: value too large to copy (more than 65536 bytes of strings)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    Feed { big = string.rep('x', 1 << 20) }
  end)

  scenario("the next scenario starts clean", function()
    expect(rawget(_G, "LEAKED")):toBe(nil)
    expect(("x"):upper()):toBe("X")
    expect(getmetatable(_G)):toBe(nil)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):push(Feed { n = 1 }))):toBe(true)
  end)
end)
