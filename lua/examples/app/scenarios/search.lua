-- Searching and opening places.
local App = require "routes.app"
local S = require "routes.screens"
local R = require "routes.navigation"

describe("search", function()
  local app
  before_each(function() app = App.launch() end)

  scenario("shows the results on top of the search screen", function()
    expect(app:navigate(R.search("pizza"))):toBe(true)
    expect(app:top()):toShow(S.SearchResults { query = "pizza" })
    expect(#app:topStack().children):toBe(2)
  end)

  scenario("a second search replaces the results in one transition", function()
    app:navigate(R.search("pizza"))
    app:navigate(R.openPlace(7))
    expect(app:navigate(R.search("sushi"))):toBe(true)
    local last = app.transitions[#app.transitions]
    expect(last.kind):toBe("setStack")
    expect(last.before):toEqual({ "Search", 'SearchResults(query="pizza")', "Place(placeId=7)" })
    expect(last.after):toEqual({ "Search", 'SearchResults(query="sushi")' })
  end)

  scenario("searching from another tab goes back to the search tab", function()
    app:navigate(R.showTab("chats"))
    expect(app:navigate(R.search("tacos"))):toBe(true)
    expect(app:topTabs().selectedIndex):toBe(S.tabs.search)
  end)

  scenario("opening a place pushes it", function()
    app:navigate(R.search("pizza"))
    expect(app:navigate(R.openPlace(42))):toBe(true)
    expect(app:top()):toShow(S.Place { placeId = 42 })
    expect(app.transitions[#app.transitions].kind):toBe("push")
  end)

  scenario("back pops one screen, backToRoot all of them", function()
    app:navigate(R.search("pizza"))
    app:navigate(R.openPlace(1))
    app:navigate(R.openPlace(2))
    expect(app:navigate(R.back())):toBe(true)
    expect(app:top()):toShow(S.Place { placeId = 1 })
    expect(app:navigate(R.backToRoot())):toBe(true)
    expect(app:top()):toShow(S.Search())
  end)

  scenario("back on the search screen itself does nothing", function()
    expect(app:navigate(R.back())):toBe(true)
    expect(#app.transitions):toBe(1)
  end)

  scenario("filters show as a bottom sheet that keeps the results visible", function()
    app:navigate(R.search("pizza"))
    expect(app:navigate(R.showFilters())):toBe(true)
    expect(app:top()):toShow(S.Filters())
    expect(app:top().attributes.bottomSheet):toEqual({ detents = { "medium", "large" } })
    expect(app:topStack().children[2].isVisible):toBe(true)
    expect(app:navigate(R.openPlace(9))):toBe(true)
  end)
end)
