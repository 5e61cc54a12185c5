-- Routes nested far deeper than the call stack could recurse: each form is built, performed
-- and freed with a flat stack (README, Sandbox and limits). Freeing one once recursed in an
-- optimized build only, so `scripts/test` also runs this suite through the release binary.
local Home = nav.screen("Home")
local depth = 20000

local forms = {
  ["root and window"] = function(r) return nav.route():root(nav.route("modal"):window(r)) end,
  first = function(r) return nav.route():first(nav.container, nav.route("modal"):window(r)) end,
  top = function(r) return nav.route():top(nav.container, nav.route("modal"):window(r)) end,
  last = function(r) return nav.route():last(nav.container, nav.route("modal"):window(r)) end,
  fallback = function(r) return nav.route():fail("x"):fallback(r) end,
  ensure = function(r) return nav.route():ensure(r) end,
  try = function(r) return nav.route():try(r) end,
  andThen = function(r) return nav.route():andThen(nav.route():andThen(r)) end,
}

describe("a route nested " .. depth .. " levels deep", function()
  for _, name in ipairs { "root and window", "first", "top", "last", "fallback", "ensure", "try", "andThen" } do
    scenario("built, performed and freed: " .. name, function()
      local app = nav.app { root = Home() }
      local route = nav.route():makeKey()
      for _ = 1, depth do route = forms[name](route) end
      local ok = app:navigate(route)
      expect(ok == true or ok == false):toBe(true)
      route = nil
      collectgarbage()
      expect(app:top().name):toBe("Home")
    end)
  end
end)
