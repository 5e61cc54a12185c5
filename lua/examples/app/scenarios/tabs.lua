-- Switching tabs.
local App = require "routes.app"
local S = require "routes.screens"
local R = require "routes.navigation"

describe("tabs", function()
  local app
  before_each(function() app = App.launch() end)

  scenario("showTab selects each tab", function()
    for _, name in ipairs { "favourites", "chats", "search", "profile" } do
      expect(app:navigate(R.showTab(name))):toBe(true)
      expect(app:topTabs().selectedIndex):toBe(S.tabs[name])
    end
    expect(app:top()):toShow(S.Profile())
  end)

  scenario("selecting the selected tab changes nothing", function()
    expect(app:navigate(R.showTab("search"))):toBe(true)
    expect(#app.transitions):toBe(1)
  end)

  scenario("each tab keeps its own stack", function()
    app:navigate(R.openPlace(1))
    app:navigate(R.showTab("favourites"))
    app:navigate(R.openPlace(2))
    app:navigate(R.showTab("search"))
    expect(app:top()):toShow(S.Place { placeId = 1 })
    app:navigate(R.showTab("favourites"))
    expect(app:top()):toShow(S.Place { placeId = 2 })
  end)

  scenario("switching tabs closes what is presented", function()
    app:navigate(R.showPhoto(3))
    expect(app:navigate(R.showTab("chats"))):toBe(true)
    expect(app:top()):toShow(S.ChatList())
    expect(app:topTabs().presented):toBe(nil)
  end)

  scenario("an unknown tab is a script error where the route is asked for", function()
    expect(function() R.showTab("settings") end):toFail("no tab named 'settings'")
  end)

  scenario("tab switches are not animated", function()
    app:navigate(R.showTab("profile"))
    local last = app.transitions[#app.transitions]
    expect(last.kind):toBe("selectTab")
    expect(last.animated):toBe(false)
    expect(last.after):toEqual({ "4: stack" })
  end)
end)
