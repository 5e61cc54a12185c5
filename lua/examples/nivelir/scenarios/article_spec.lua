-- The article's examples, run.
local M = require "routes.chat"

local function tabApp()
  return nav.app { root = nav.tabs {
    nav.stack { M.Feed() },
    nav.stack { M.ChatList { tab = true }, M.chat(1), M.Settings(), key = M.ChatList { tab = true } },
    selected = 1,
  } }
end

describe("Nivelir article", function()
  scenario("a route pushes the chat into the top stack", function()
    local app = tabApp()
    expect(app:navigate(M.pushRoute(7))):toBe(true)
    expect(app:top()):toShow(M.chat(7))
    expect(app.log):toEqual({
      "Info: Searching for a top container of UINavigationController type in UIWindow",
      "Info: Setting stack of <UINavigationController> with modifiers:\n  - Push Chat(chatId=7)",
    })
  end)

  scenario("the same route split in two gives the same result", function()
    local one, two = tabApp(), tabApp()
    one:navigate(M.pushRoute(7))
    two:navigate(M.splitPushRoute(7))
    expect(two:tree()):toEqual(one:tree())
  end)

  scenario("routes are values: a push offered only where there is a stack", function()
    expect(function() nav.route():push(M.chat(1)) end)
      :toFail("calling 'push' on bad self (stack route expected, got window route)")
    expect(tostring(nav.route():top(nav.stack):push(M.chat(1)):resolve())):toBe("Route(window → window, 1 action)")
  end)

  scenario("with no stack, it falls back to presenting the chat in its own stack", function()
    local app = nav.app { root = M.Feed() }
    expect(app:navigate(M.pushRoute(7):fallback(M.presentRoute(7)))):toBe(true)
    expect(app:tree()):toBe([[
window
└─ modal Feed
   └─ presents stack {modalPresentationStyle="fullScreen"}
      └─ modal Chat(chatId=7) {leftBarButton={title="Close"}} ← top]])
    expect(app:tap(app:top(), "left")):toBe(true)
    expect(app:top()):toShow(M.Feed())
  end)

  scenario("makeVisible brings an open chat forward across a modal, a tab and a stack", function()
    local app = nav.app { root = nav.tabs {
      nav.stack { M.ChatList(), M.chat(7), M.Settings() },
      nav.stack { M.Feed() },
      selected = 2,
      presented = nav.stack { M.Settings { modal = true } },
    } }
    expect(app:navigate(M.showChat(7))):toBe(true)
    expect(app:top()):toShow(M.chat(7))
    local kinds = {}
    for i, t in ipairs(app.transitions) do kinds[i] = t.kind end
    expect(kinds):toEqual({ "dismiss", "selectTab", "pop" })
  end)

  scenario("a chat that is not open is pushed, or presented when there is no stack", function()
    local app = tabApp()
    expect(app:navigate(M.showChat(42))):toBe(true)
    expect(app:top()):toShow(M.chat(42))
    expect(app:top().parent.kind):toBe("stack")
    local bare = nav.app { root = M.Feed() }
    expect(bare:navigate(M.showChat(42))):toBe(true)
    expect(bare:top().parent.attributes.modalPresentationStyle):toBe("fullScreen")
  end)

  scenario("merged stack edits give one animated transition", function()
    local app = tabApp()
    expect(app:navigate(M.resetToChat(9))):toBe(true)
    expect(#app.transitions):toBe(1)
    local t = app.transitions[1]
    expect(t.kind):toBe("setStack")
    expect(t.animated):toBe(true)
    expect(t.before):toEqual({ "ChatList(tab=true)", "Chat(chatId=1)", "Settings" })
    expect(t.after):toEqual({ "ChatList(tab=true)", "Chat(chatId=9)" })
  end)

  scenario("separated edits stay two animations", function()
    local app = tabApp()
    local route = nav.route():first(nav.stack { key = M.ChatList { tab = true } })
      :popToRoot { separated = true }:push(M.chat(9))
    expect(app:navigate(route)):toBe(true)
    expect(#app.transitions):toBe(2)
  end)

  scenario("local navigation from a known container", function()
    local app = tabApp()
    local feed = app:top()
    expect(app:navigate(M.pushFrom(feed, 3))):toBe(true)
    expect(app:top()):toShow(M.chat(3))
  end)
end)
