-- Direkt's navigators, in NavScript.
local D = require "routes.direkt"

describe("Direkt", function()
  local app, manager, failures
  before_each(function()
    app = nav.app { root = nav.stack { D.Root() } }
    failures = {}
    manager = D.manager(app, function(name, err) failures[#failures + 1] = name .. ": " .. err end)
  end)

  scenario("a navigator with typed input pushes from the host", function()
    expect(manager.navigate("hello", { name = "Ada" }, app:top())):toBe(true)
    expect(app:top()):toShow(D.Hello { name = "Ada" })
    expect(failures):toEqual({})
  end)

  scenario("another navigator presents in its own stack", function()
    expect(manager.navigate("profile", 42, app:top())):toBe(true)
    expect(app:top()):toShow(D.Profile { userId = 42 })
    expect(app:top().parent.kind):toBe("stack")
  end)

  scenario("the dismissing navigator closes its host", function()
    manager.navigate("profile", 42, app:top())
    expect(manager.navigate("dismissing", nil, app:top())):toBe(true)
    expect(app:top()):toShow(D.Root())
  end)

  scenario("input of the wrong type goes to the failure hook", function()
    expect(manager.navigate("profile", "42", app:top())):toBe(false)
    expect(failures):toEqual({ "profile: profile expects number input, got string" })
  end)

  scenario("a navigator refusing its input goes to the failure hook", function()
    expect(manager.navigate("hello", {}, app:top())):toBe(false)
    expect(failures):toEqual({ "hello: HelloNavigator needs input.name (a string)" })
  end)

  scenario("a navigation that fails goes to the failure hook with Nivelir's message", function()
    expect(manager.navigate("dismissing", nil, app:top())):toBe(false)
    expect(failures[1]):toMatch("^dismissing: No container of UIViewController type found for:")
  end)

  scenario("an unknown navigator goes to the failure hook", function()
    manager.navigate("settings", nil, app:top())
    expect(failures):toEqual({ "settings: no navigator 'settings'" })
  end)
end)
