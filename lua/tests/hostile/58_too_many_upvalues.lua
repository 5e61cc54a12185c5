-- Hostile case: A function with too many upvalues.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario start clean.
-- expect: too many upvalues
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local outer, inner = {}, {}
    for i = 1, 150 do outer[i] = 'a' .. i; inner[i] = 'b' .. i end
    local all = table.concat(outer, ' + ') .. ' + ' .. table.concat(inner, ' + ')
    local source = 'local ' .. table.concat(outer, ', ') .. ' return function() local ' .. table.concat(inner, ', ')
      .. ' return function() return ' .. all .. ' end end'
    assert(load(source))
  end)

  scenario("the next scenario starts clean", function()
    expect(rawget(_G, "LEAKED")):toBe(nil)
    expect(("x"):upper()):toBe("X")
    expect(getmetatable(_G)):toBe(nil)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):push(Feed { n = 1 }))):toBe(true)
  end)
end)
