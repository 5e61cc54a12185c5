-- Opening chats: reuse an open chat, else open it in the Chats tab.
local App = require "routes.app"
local S = require "routes.screens"
local R = require "routes.navigation"

describe("chats", { tags = { "chat" } }, function()
  local app
  before_each(function() app = App.launch() end)

  scenario("showChat opens the chat in the Chats tab", function()
    expect(app:navigate(R.showChat(7))):toBe(true)
    expect(app:top()):toShow(S.Chat { chatId = 7 })
    expect(app:topTabs().selectedIndex):toBe(S.tabs.chats)
    local keys = {}
    for i, c in ipairs(app:topStack().children) do keys[i] = c.key end
    expect(keys):toEqual({ "ChatList", "Chat(chatId=7)" })
  end)

  scenario("showing the open chat again changes nothing", function()
    app:navigate(R.showChat(7))
    local count = #app.transitions
    expect(app:navigate(R.showChat(7))):toBe(true)
    expect(#app.transitions):toBe(count)
  end)

  scenario("another chat replaces the open one in one transition", function()
    app:navigate(R.showChat(7))
    app:navigate(R.showChat(8))
    local last = app.transitions[#app.transitions]
    expect(last.kind):toBe("setStack")
    expect(last.after):toEqual({ "ChatList", "Chat(chatId=8)" })
  end)

  scenario("a chat under a modal comes back to the top", function()
    app:navigate(R.showChat(7))
    app:navigate(R.showPhoto(1))
    expect(app:navigate(R.showChat(7))):toBe(true)
    expect(app:top()):toShow(S.Chat { chatId = 7 })
    expect(app.transitions[#app.transitions].kind):toBe("dismiss")
  end)

  scenario("a chat open deep in the stack is made visible by popping to it", function()
    app:navigate(R.showChat(7))
    app:navigate(R.push(S.Profile { userId = 3 }))
    app:navigate(R.showTab("search"))
    expect(app:navigate(R.showChat(7))):toBe(true)
    expect(app:top()):toShow(S.Chat { chatId = 7 })
    local kinds = {}
    for i = #app.transitions - 1, #app.transitions do kinds[#kinds + 1] = app.transitions[i].kind end
    expect(kinds):toEqual({ "selectTab", "pop" })
  end)

  scenario("a full-screen photo hides the tab bar until it is closed", function()
    app:navigate(R.showChat(7))
    app:navigate(R.showPhoto(5))
    expect(app:topStack()):toBe(nil)
    expect(app:topTabs()):toBe(nil)
    expect(app:navigate(R.closeModal())):toBe(true)
    expect(app:top()):toShow(S.Chat { chatId = 7 })
  end)

  scenario("the photo viewer is presented full screen from the tab bar", function()
    app:navigate(R.showPhoto(5))
    local photo = app:top()
    expect(photo.attributes.modalPresentationStyle):toBe("fullScreen")
    expect(photo.presenting.key):toBe("Home")
  end)

  scenario("the log tells the story of a chat deeplink fallback", function()
    app:navigate(R.showChat(9))
    expect(app.log):toContain("Info: Searching for a last container of UIViewController type in UIWindow")
    local caught
    for _, line in ipairs(app.log) do
      if line:find("^Info: Catching error:") then caught = line end
    end
    expect(caught):toMatch("No container of UIViewController type found for:\n  ScreenLastAction")
  end)
end)
