-- What the system shows and answers: a sign-out confirmation, sharing a chat, a
-- notification that opens a chat.
local App = require "routes.app"
local S = require "routes.screens"
local R = require "routes.navigation"
local session = require "routes.session"
local Notifications = require "routes.notifications"

describe("signing out", function()
  local app
  before_each(function()
    app = App.launch()
    session.signIn()
    app:navigate(R.editProfile())
  end)

  scenario("asks first, and Sign Out signs out and goes back to the profile", function()
    expect(app:navigate(R.confirmSignOut())):toSucceed()
    expect(app:top().system.title):toBe("Sign out?")
    expect(app:top().system.actions[2]):toEqual { title = "Sign Out", style = "destructive" }
    expect(app:answer("Sign Out")):toSucceed()
    expect(session.signedIn):toBe(false)
    expect(app:top()):toShow(S.EditProfile())   -- the tab's stack is kept; the tab is shown
  end)

  scenario("Cancel only closes the alert", function()
    app:navigate(R.confirmSignOut())
    expect(app:answer("Cancel")):toSucceed()
    expect(session.signedIn):toBe(true)
    expect(app:top()):toShow(S.EditProfile())
  end)
end)

describe("sharing a chat", function()
  local app
  before_each(function()
    app = App.launch()
    app:navigate(R.showChat(7))
  end)

  scenario("shares the chat's link and reports the activity", function()
    local shared
    app:navigate(R.shareChat(7, function(activity, completed) shared = { activity, completed } end))
    expect(app:top().system.items):toEqual { "https://example.com/chat/7" }
    expect(app:answer("com.apple.UIKit.activity.Message")):toSucceed()
    expect(shared):toEqual { "com.apple.UIKit.activity.Message", true }
    expect(app:top()):toShow(S.Chat { chatId = 7 })
  end)

  scenario("Forward shows the app's chat picker in place of the sheet", function()
    app:navigate(R.shareChat(7))
    expect(app:answer("app.forward")):toSucceed()
    expect(app:top()):toShow(S.ChatPicker { chatId = 7 })
  end)

  scenario("on a pad the sheet is a popover at the share button", function()
    app:setSystem { idiom = "pad" }
    app:navigate(R.shareChat(7))
    expect(app:top().attributes.popoverAnchor):toBe("shareButton")
  end)
end)

describe("a notification for a chat", function()
  scenario("waits for the tabs, then opens the chat", function()
    local app = nav.app()
    local deeplinks = Notifications.manager(app)
    expect(deeplinks:handleNotification { userInfo = { chat_id = 12 } }):toBe(true)
    app:navigate(R.launch())
    deeplinks:activate()
    expect(app:top()):toShow(S.Chat { chatId = 12 })
  end)

  scenario("arriving in the background opens the chat when the app becomes active", function()
    local app = App.launch()
    local deeplinks = Notifications.manager(app)
    deeplinks:activate()
    app:setSystem { applicationState = "background" }
    deeplinks:handleNotification { userInfo = { chat_id = 3 } }
    expect(app:top()):toShow(S.Search())
    app:setSystem { applicationState = "active" }
    app:settle()
    expect(app:top()):toShow(S.Chat { chatId = 3 })
  end)

  scenario("a home screen shortcut opens search", function()
    local app = App.launch()
    app:navigate(R.showChat(1))
    local deeplinks = Notifications.manager(app)
    deeplinks:activate()
    expect(deeplinks:handleShortcut { type = "search", title = "Search" }):toBe(true)
    expect(app:top()):toShow(S.Search())
  end)
end)
