-- The scenario every hostile case ends with, after its attack: in a fresh state nothing the
-- attack did is left (globals, the string metatable, _G's metatable) and navigation works.
-- A case calls it inside its describe("hostile", ...) block, with its screen type:
--   require "support.clean" (Feed)
return function(Feed)
  scenario("the next scenario starts clean", function()
    expect(rawget(_G, "LEAKED")):toBe(nil)
    expect(("x"):upper()):toBe("X")
    expect(getmetatable(_G)):toBe(nil)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):push(Feed { n = 1 }))):toBe(true)
  end)
end
