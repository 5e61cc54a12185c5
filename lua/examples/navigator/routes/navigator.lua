-- "The Navigator" (Jobandtalent): navigations modeled as values, and one navigator that
-- performs them. A Navigation is `section(index)`, `push(screen)` or `modal(screen, style)`.
local Navigation = {}

function Navigation.section(index) return { kind = "section", index = index } end
function Navigation.push(screen) return { kind = "push", screen = screen } end
function Navigation.modal(screen, style) return { kind = "modal", screen = screen, style = style } end

-- Screens are builders, as the article's `Screen` struct with a lazy view controller.
local Screen = {}
Screen.jobs = nav.screen("Jobs")
Screen.messages = nav.screen("Messages")
Screen.profile = nav.screen("Profile")
Screen.job = nav.screen("JobDetail")
Screen.apply = nav.screen("Apply")
Screen.filters = nav.screen("Filters")
Screen.sections = nav.screen("Sections", { container = "tabs", build = function(tabs)
  tabs:setChildren { Screen.jobs():withStackContainer(), Screen.messages():withStackContainer(), Screen.profile():withStackContainer() }
end })

-- The navigator turns a Navigation into a route: the tab bar, the current navigation
-- controller, or the top-most view controller, found at run time.
local Navigator = {}

function Navigator.route(navigation)
  if navigation.kind == "section" then
    return nav.route():first(nav.tabs, function(tabs) return tabs:dismiss():selectTab(navigation.index) end)
  elseif navigation.kind == "push" then
    return nav.route():top(nav.stack):push(navigation.screen)
  elseif navigation.kind == "modal" then
    local screen = navigation.screen
    if navigation.style then screen = screen:withModalPresentationStyle(navigation.style) end
    return nav.route():top(nav.container):present(screen)
  end
  error("unknown navigation '" .. tostring(navigation.kind) .. "'", 2)
end

function Navigator.handle(app, navigation)
  return app:navigate(Navigator.route(navigation))
end

return { Navigation = Navigation, Screen = Screen, Navigator = Navigator }
