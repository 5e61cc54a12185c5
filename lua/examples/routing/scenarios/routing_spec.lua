-- The Routing cases, called from the screens that call them.
local R = require "routes.routing"

local function launch()
  local app = nav.app { root = nav.stack { R.Splash(), key = R.Navigation() } }
  return app
end

describe("routing layer", function()
  scenario("preparedNavigation from the navigation controller sets its stack", function()
    local app = launch()
    local navigation = app.window.children[1]
    expect(navigation.name):toBe("Navigation")
    expect(R.perform(app, navigation.children[1], "preparedNavigation")):toBe(true)
    expect(select(2, R.perform(app, navigation.children[1], "preparedNavigation"))):toBe("ignored")
    expect(R.perform(app, navigation, "preparedNavigation")):toBe(true)
    expect(app:top()):toShow(R.Transport())
    expect(app.transitions[1].kind):toBe("setStack")
  end)

  scenario("selectedCityTransport from the transport screen pushes its routes", function()
    local app = launch()
    R.perform(app, app.window.children[1], "preparedNavigation")
    expect(R.perform(app, app:top(), "selectedCityTransport", "tram")):toBe(true)
    expect(app:top()):toShow(R.Routes { transport = "tram" })
  end)

  scenario("selectedTrafficRoute from the routes screen pushes the route", function()
    local app = launch()
    R.perform(app, app.window.children[1], "preparedNavigation")
    R.perform(app, app:top(), "selectedCityTransport", "bus")
    expect(R.perform(app, app:top(), "selectedTrafficRoute", "12A")):toBe(true)
    expect(app:top()):toShow(R.TrafficRoute { route = "12A" })
    expect(#app:topStack().children):toBe(3)
  end)

  scenario("the same case from another screen does nothing", function()
    local app = launch()
    R.perform(app, app.window.children[1], "preparedNavigation")
    local ok, note = R.perform(app, app:top(), "selectedTrafficRoute", "12A")
    expect(ok):toBe(true)
    expect(note):toBe("ignored")
    expect(app:top()):toShow(R.Transport())
  end)

  scenario("dismiss works from any screen that was presented", function()
    local app = launch()
    app:navigate(nav.route():top(nav.container):present(R.Routes { transport = "ferry" }))
    expect(R.perform(app, app:top(), "dismiss")):toBe(true)
    expect(app:top()):toShow(R.Splash())
    expect(R.perform(app, app:top(), "dismiss")):toFail("No container of UIViewController type found")
  end)
end)
