-- The Navigator's navigations, and the navigation snapshot test the article describes:
-- no spy needed, the simulated hierarchy is the snapshot.
local N = require "routes.navigator"
local Navigation, Screen, Navigator = N.Navigation, N.Screen, N.Navigator

local function launch()
  return nav.app { root = Screen.sections() }
end

describe("The Navigator", function()
  scenario(".section switches the tab bar", function()
    local app = launch()
    expect(Navigator.handle(app, Navigation.section(2))):toBe(true)
    expect(app:top()):toShow(Screen.messages())
  end)

  scenario(".push pushes onto the current navigation controller", function()
    local app = launch()
    Navigator.handle(app, Navigation.section(1))
    expect(Navigator.handle(app, Navigation.push(Screen.job { id = 12 }))):toBe(true)
    expect(app:top()):toShow(Screen.job { id = 12 })
  end)

  scenario(".modal presents over the top-most view controller", function()
    local app = launch()
    expect(Navigator.handle(app, Navigation.modal(Screen.apply { id = 12 }))):toBe(true)
    expect(app:top()):toShow(Screen.apply { id = 12 })
    expect(app:top().presenting.key):toBe("Sections")
  end)

  scenario(".modal(.screen, .popover) keeps the presentation style", function()
    local app = launch()
    Navigator.handle(app, Navigation.modal(Screen.filters(), "popover"))
    expect(app:top().attributes.modalPresentationStyle):toBe("popover")
    expect(app:topStack().isVisible):toBe(true)
  end)

  scenario("a section change from a modal closes the modal", function()
    local app = launch()
    Navigator.handle(app, Navigation.modal(Screen.apply()))
    Navigator.handle(app, Navigation.section(3))
    expect(app:top()):toShow(Screen.profile())
  end)

  scenario("an unknown navigation is refused", function()
    expect(function() Navigator.route({ kind = "teleport" }) end):toFail("unknown navigation 'teleport'")
  end)

  scenario("navigation snapshot: applying to a job", function()
    local app = launch()
    Navigator.handle(app, Navigation.push(Screen.job { id = 7 }))
    Navigator.handle(app, Navigation.modal(Screen.apply { id = 7 }, "formSheet"))
    expect(app):toMatchSnapshot()
  end)
end)
