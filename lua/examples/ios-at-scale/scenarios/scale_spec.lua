-- iOS at Scale's Screen builders and navigator.
local M = require "routes.screens"
local Screen, Navigation = M.Screen, M.Navigation

describe("iOS at Scale", function()
  local app
  before_each(function()
    app = nav.app()
    assert(app:navigate(Navigation.root(Screen.list())))
  end)

  scenario("root puts the list in a navigation controller", function()
    expect(app:top()):toShow(Screen.list())
    expect(app.window.children[1].kind):toBe("stack")
    expect(app.window.isKey):toBe(true)
  end)

  scenario("push shows a detail built with its parameter", function()
    expect(app:navigate(Navigation.push(Screen.detail(1009610)))):toBe(true)
    expect(app:top()):toShow(Screen.detail(1009610))
  end)

  scenario("a builder refuses a parameter of the wrong type where it is called", function()
    expect(function() Screen.detail("1009610") end):toFail("Screen.detail needs an integer character id, got 1009610")
  end)

  scenario("present shows over the visible screen, even over another modal", function()
    expect(app:navigate(Navigation.present(Screen.comics(7)))):toBe(true)
    expect(app:top()):toShow(Screen.comics(7, 1))
    expect(app:navigate(Navigation.present(Screen.comics(7, 2)))):toBe(true)
    expect(app:top()):toShow(Screen.comics(7, 2))
    expect(app:top().presenting.key):toBe("Comics(characterId=7, page=1)")
  end)

  scenario("root again replaces everything", function()
    app:navigate(Navigation.push(Screen.detail(1)))
    app:navigate(Navigation.present(Screen.comics(1)))
    expect(app:navigate(Navigation.root(Screen.detail(2)))):toBe(true)
    expect(app:tree()):toBe("window\n└─ stack\n   └─ modal CharacterDetail(characterId=2) ← top")
  end)
end)
