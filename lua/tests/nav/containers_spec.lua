-- Containers as scripts see them.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")

describe("containers", function()
  scenario("expose the hierarchy", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed(), Chat { chatId = 3 } }, Feed { tab = 2 }, selected = 1 },
      presented = Chat { chatId = 9 }:withModalPresentationStyle("fullScreen") }
    local tabs = app.window.children[1]
    local stack = tabs.children[1]
    local chat = stack.children[2]
    expect(tabs.kind):toBe("tabs")
    expect(tabs.selectedIndex):toBe(1)
    expect(tabs.parent == app.window):toBe(true)
    expect(stack.parent == tabs):toBe(true)
    expect(#stack.children):toBe(2)
    expect(chat.key):toBe("Chat(chatId=3)")
    expect(chat.name):toBe("Chat")
    expect(chat.traits):toEqual({ chatId = 3 })
    expect(chat.isVisible):toBe(false)
    local modal = tabs.presented
    expect(modal.key):toBe("Chat(chatId=9)")
    expect(chat.presented == modal):toBe(true)
    expect(modal.presenting == tabs):toBe(true)
    expect(modal.attributes):toEqual({ modalPresentationStyle = "fullScreen" })
    expect(modal.isVisible):toBe(true)
    expect(modal.presentationPhase):toBe("presented")
    expect(tostring(chat)):toBe("<UIViewController: Chat(chatId=3)>")
    expect(tostring(stack)):toBe("<UINavigationController>")
    expect(stack.nothing):toBe(nil)
    expect(stack:tree()):toBe("stack (selected)\n├─ modal Feed\n└─ modal Chat(chatId=3)")
    -- A window's picture marks its top, as the app's does (a failed toShow prints it).
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app.window:tree()):toBe(app:tree())
    expect(app.window:tree()):toMatch("modal Feed ← top$")
  end)

  scenario("stack, tabs, window, presentedStack and presentedTabs, as Nivelir's UIViewController extensions", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed(), Chat() }, nav.stack { Feed { tab = 2 } }, selected = 1 },
      presented = Chat { chatId = 9 }:withStackContainer() }
    local tabs = app.window.children[1]
    local stack = tabs.children[1]
    local chat, feed = stack.children[2], stack.children[1]
    expect(chat.stack):toBe(stack)                  -- UIKit's navigationController
    expect(chat.tabs):toBe(tabs)                    -- tabBarController
    expect(stack.stack):toBeNil()                   -- the nearest ancestor, not itself
    expect(chat.window):toBe(app.window)            -- a page sheet keeps the presenter's view
    expect(feed.window):toBeNil()                   -- under the top of its stack
    expect(tabs.children[2].children[1].window):toBeNil()   -- an unselected tab
    expect(chat.presentedStack):toBe(tabs.presented)
    expect(chat.presentedTabs):toBeNil()
    expect(app:top().stack):toBe(tabs.presented)
  end)

  scenario("are read-only, as every value of the module is", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(function() app.clock = 5 end):toFail("App values are read-only: 'clock' cannot be set")
    expect(function() app:top().name = "Chat" end):toFail("Container values are read-only: 'name' cannot be set")
    expect(function() app:top().children = {} end):toFail("Container values are read-only: 'children' cannot be set (set with container:setChildren { ... })")
    expect(function() Feed().traits = {} end):toFail("Screen values are read-only: 'traits' cannot be set")
    expect(function() Feed.name = "Other" end):toFail("ScreenType values are read-only: 'name' cannot be set")
    expect(function() nav.container.kind = "stack" end):toFail("Predicate values are read-only: 'kind' cannot be set")
    expect(function() nav.route()[1] = 2 end):toFail("Route values are read-only: a number key cannot be set")
  end)

  scenario("compare by identity", function()
    local app = nav.app { root = Feed() }
    expect(app:top() == app:top()):toBe(true)
    expect(app:top() == app.window):toBe(false)
  end)

  scenario("setAttribute sets what decorators set; setChildren works in a build function", function()
    local app = nav.app { root = Feed() }
    local feed = app:top()
    feed:setAttribute("badge", 3)
    expect(feed.attributes):toEqual({ badge = 3 })
    feed:setAttribute("badge", nil)
    expect(feed.attributes):toEqual({})
    expect(function() feed:setChildren { Chat() } end):toFail("setChildren works in a screen's build function or a decorator")
    expect(function() feed:setAttribute({}) end):toFail("bad argument #1 to 'setAttribute' (string expected, got table)")
    expect(function() feed:setAttribute("modalPresentationStyle", "bogus") end)
      :toFail("bad argument #2 to 'setAttribute' (unknown presentation style 'bogus' (")
    expect(function() feed:setAttribute("modalTransitionStyle", 3) end):toFail("unknown transition style '3'")
    feed:setAttribute("modalTransitionStyle", "crossDissolve")
    feed:setAttribute("modalTransitionStyle", nil)
    -- What a snapshot would restore otherwise is refused: text that is not UTF-8, keys that
    -- are neither names nor positions, a list with a hole, a table of both kinds.
    for _, case in ipairs {
      { "\255", "(a string that is not UTF-8 text cannot be copied)" },
      { { a = { "\254" } }, "(a string that is not UTF-8 text cannot be copied)" },
      { { [1.5] = 1 }, "a key that is a number cannot be copied)" },
      { { [true] = 1 }, "a key that is a boolean cannot be copied)" },
      { { 1, nil, 3 }, "its list has a hole at 2 (nil))" },
      { { [1] = "a", ["1"] = "b" }, "not both (as JSON's arrays and objects))" },
    } do
      expect(function() feed:setAttribute("x", case[1]) end):toFail(case[2], true)
      expect(function() feed:setAttribute("x", case[1]) end):toFail("bad argument #2 to 'setAttribute' (", true)
    end
    expect(feed.attributes):toEqual({})
  end)

  scenario("setChildren takes a list, and a window one root; navigate's options are named", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local stack = app.window.children[1]
    expect(function() app.window:setChildren({ Chat(), Feed() }, app.navigator) end)
      :toFail("bad argument #1 to 'setChildren' (a window has one root, got 2 Screens)")
    expect(function() stack:setChildren({ a = Feed() }, app.navigator) end)
      :toFail("a list of Screens expected, got a table with 1 entry and length 0")
    expect(function() stack:setChildren({ [1] = Feed(), [3] = Chat() }, app.navigator) end)
      :toFail("a list of Screens expected, got a table with 2 entries and length 1")
    expect(#stack.children):toBe(1)
    expect(function() app.navigator:navigate(nav.route(), { form = stack }) end)
      :toFail("bad argument #2 to 'navigate' (unknown option 'form' (from expected))")
  end)
end)
