-- "Routing layer in iOS applications": one `routing(with:)` entry point, where the same
-- Routing case does different things depending on the type of the calling screen.
local R = {}

R.Navigation = nav.screen("Navigation", { container = "stack" })
R.Transport = nav.screen("TransportView")
R.Routes = nav.screen("RoutesView")
R.TrafficRoute = nav.screen("TrafficRouteView")
R.Splash = nav.screen("Splash")

-- Which kind of screen a container is (the article's `ViewType`): by screen name.
local viewTypes = { Navigation = "navigation", TransportView = "transport", RoutesView = "routes" }

local function viewType(container)
  return viewTypes[container.name] or "undefined"
end

-- The cases: dismiss, preparedNavigation, selectedCityTransport(t), selectedTrafficRoute(r).
local handlers = {
  navigation = {
    preparedNavigation = function(host)
      -- `guard let view = self as? UINavigationController`: the host is the stack itself.
      return nav.route():from(host):setStack({ function() return { R.Transport() } end })
    end,
  },
  transport = {
    selectedCityTransport = function(host, transport)
      return nav.route():from(host):stack():push(R.Routes { transport = transport })
    end,
  },
  routes = {
    selectedTrafficRoute = function(host, route)
      return nav.route():from(host):stack():push(R.TrafficRoute { route = route })
    end,
  },
}

-- routing(from: host, with: case, argument): the route for that case from that screen;
-- `dismiss` is the same from every screen. An unsupported pair does nothing (`break`).
function R.routing(host, case, argument)
  if case == "dismiss" then
    return nav.route():from(host):presenting():dismiss()
  end
  local handler = (handlers[viewType(host)] or {})[case]
  if not handler then return nil end
  return handler(host, argument)
end

-- Performs a routing call; nil means the screen ignores that case.
function R.perform(app, host, case, argument)
  local route = R.routing(host, case, argument)
  if route == nil then return true, "ignored" end
  return app:navigate(route)
end

return R
