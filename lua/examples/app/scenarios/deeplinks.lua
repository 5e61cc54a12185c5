-- Deeplinks, with a sign-in gate in front of the private ones.
local App = require "routes.app"
local S = require "routes.screens"
local session = require "routes.session"

describe("deeplinks", { tags = { "deeplink" } }, function()
  local app
  before_each(function() app = App.launch() end)

  scenario("a public place link opens the place in the search tab", function()
    app:navigate(require("routes.navigation").showTab("chats"))
    expect(app:open("app://place/12")):toBe(true)
    expect(app:top()):toShow(S.Place { placeId = 12 })
    expect(app:topTabs().selectedIndex):toBe(S.tabs.search)
  end)

  scenario("a search link carries its query", function()
    expect(app:open("app://search?q=ramen%20bar")):toBe(true)
    expect(app:top()):toShow(S.SearchResults { query = "ramen bar" })
  end)

  scenario("a chat link waits for sign-in, then continues", function()
    local ok, err = app:open("app://chat/7")
    expect(ok):toBe(false)
    expect(err):toMatch("held until app:resumeDeeplinks")
    expect(app:top()):toShow(S.SignIn())
    expect(app.pendingDeeplink):toBe("app://chat/7")
    expect(App.signIn(app)):toBe(true)
    expect(app:top()):toShow(S.Chat { chatId = 7 })
  end)

  scenario("a second private link while sign-in shows takes the first one's place, under one sign-in", function()
    app:open("app://chat/7")
    local signIn = app:top()
    expect(app:open("app://profile/edit")):toFail("held")
    expect(app:top()):toBe(signIn)
    expect(app.pendingDeeplink):toBe("app://profile/edit")
    expect(App.signIn(app)):toBe(true)
    expect(app:top()):toShow(S.EditProfile())
  end)

  scenario("a signed-in user goes straight to the chat", function()
    session.signIn()
    expect(app:open("app://chat/3")):toBe(true)
    expect(app:top()):toShow(S.Chat { chatId = 3 })
  end)

  scenario("the profile link is private too", function()
    expect(app:open("app://profile/edit")):toFail("held")
    expect(App.signIn(app)):toBe(true)
    expect(app:top()):toShow(S.EditProfile())
  end)

  scenario("closing sign-in without signing in keeps the link held", function()
    app:open("app://chat/7")
    app:tap(app:top(), "left")
    expect(app:resumeDeeplinks()):toFail("held")
    expect(app:top()):toShow(S.SignIn())
  end)

  scenario("a private link while sign-in closes is held, as closing keeps a link held", function()
    app:open("app://chat/7")
    app.navigator:navigate(nav.route():top(nav.stack):presenting():dismiss())   -- closing, not waited for
    app:advance(0.1)
    expect(app:top().stack.presentationPhase):toBe("dismissing")
    expect(app:open("app://profile/edit")):toFail("held")
    app:settle()
    expect(app:top()).never:toShow(S.SignIn())
    expect(app.pendingDeeplink):toBe("app://profile/edit")
  end)

  scenario("an unknown link is refused", function()
    expect(app:open("app://nowhere/1")):toFail("no deeplink matches app://nowhere/1")
    expect(app.log[#app.log]):toBe("Info: Handling navigation for URL: app://nowhere/1")
  end)

  scenario("a link opened over a modal closes it", function()
    session.signIn()
    app:navigate(require("routes.navigation").showPhoto(1))
    expect(app:open("app://chat/4")):toBe(true)
    expect(app:top()):toShow(S.Chat { chatId = 4 })
    expect(app:topTabs().presented):toBe(nil)
  end)
end)
