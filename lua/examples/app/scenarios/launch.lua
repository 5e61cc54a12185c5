-- Launching the app.
local App = require "routes.app"
local S = require "routes.screens"
local R = require "routes.navigation"

describe("launch", { tags = { "smoke" } }, function()
  local app
  before_each(function() app = App.launch() end)

  scenario("shows the tab bar with four tabs, Search selected", function()
    local tabs = app:topTabs()
    expect(tabs.key):toBe("Home")
    expect(#tabs.children):toBe(4)
    expect(tabs.selectedIndex):toBe(S.tabs.search)
    expect(app:top()):toShow(S.Search())
  end)

  scenario("gives each tab a stack with its tab bar item", function()
    local titles = {}
    for i, stack in ipairs(app:topTabs().children) do
      expect(stack.kind):toBe("stack")
      titles[i] = stack.children[1].attributes.tabBarItem.title
    end
    expect(titles):toEqual({ "Search", "Favourites", "Chats", "Profile" })
  end)

  scenario("sets the root once, unanimated, and logs it", function()
    expect(#app.transitions):toBe(1)
    expect(app.transitions[1].kind):toBe("setRoot")
    expect(app.transitions[1].animated):toBe(false)
    expect(app.log[1]):toBe("Info: Setting root of UIWindow to Home")
    expect(app.window.isKey):toBe(true)
  end)

  scenario("looks like this", function()
    expect(app):toMatchSnapshot()
  end)

  scenario("onboarding replaces the whole app with a cross-dissolve", function()
    expect(app:navigate(R.showOnboarding())):toBe(true)
    expect(app:top()):toShow(S.Onboarding())
    expect(app:topTabs()):toBe(nil)
    expect(app.transitions[2].animation):toBe("crossDissolve")
    expect(app.clock):toBe(0.3)
  end)
end)
