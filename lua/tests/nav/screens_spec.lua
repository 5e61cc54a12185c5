-- nav.screen, screen types, Screens.
local Chat = nav.screen("Chat")
local Home = nav.screen("Home", { container = "tabs" })
local Feed = nav.screen("Feed")

describe("nav.screen", function()
  scenario("makes a screen type that makes screens", function()
    expect(tostring(Chat)):toBe("ScreenType(Chat)")
    expect(Chat.name):toBe("Chat")
    expect(Chat.kind):toBe("modal")
    expect(Home.kind):toBe("tabs")
    local chat = Chat { chatId = 7 }
    expect(tostring(chat)):toBe("Chat(chatId=7)")
    expect(chat.key):toBe("Chat(chatId=7)")
    expect(chat.name):toBe("Chat")
    expect(chat.kind):toBe("modal")
    expect(chat.traits):toEqual({ chatId = 7 })
    expect(tostring(Chat())):toBe("Chat")
  end)

  scenario("sorts traits by name, so keys are deterministic", function()
    expect(tostring(Chat { room = "b", chatId = 1, muted = false })):toBe('Chat(chatId=1, muted=false, room="b")')
  end)

  scenario("compares screens by key", function()
    expect(Chat { chatId = 1 } == Chat { chatId = 1 }):toBe(true)
    expect(Chat { chatId = 1 } == Chat { chatId = 2 }):toBe(false)
    expect(Chat { chatId = 1 } == Chat { chatId = "1" }):toBe(false)
    expect(Chat { chatId = 7.0 } == Chat { chatId = 7 }):toBe(true)
    -- Every integral float an integer holds, at both ends, as math.tointeger takes it.
    expect(Chat { chatId = -2^63 } == Chat { chatId = math.mininteger }):toBe(true)
    expect(tostring(Chat { chatId = -2^63 })):toBe("Chat(chatId=-9223372036854775808)")
    expect(Chat { chatId = 2^62 + 0.0 } == Chat { chatId = 1 << 62 }):toBe(true)
    expect(Chat { chatId = 2^63 } == Chat { chatId = math.maxinteger }):toBe(false)
  end)

  scenario("runs the build function when the screen is built", function()
    local Tabs = nav.screen("Tabs", { container = "tabs", build = function(tabs, navigator)
      tabs:setChildren { Feed(), Chat { chatId = 1 } }
      tabs:setAttribute("built", true)
    end })
    local app = nav.app { root = Tabs() }
    local tabs = app.window.children[1]
    expect(tabs.kind):toBe("tabs")
    expect(tabs.attributes):toEqual({ built = true })
    expect(#tabs.children):toBe(2)
    expect(tabs.selectedIndex):toBe(1)
  end)

  scenario("lets a build function navigate from its container", function()
    local Tabs = nav.screen("Tabs", { container = "tabs", build = function(tabs, navigator)
      navigator:navigate(nav.route("tabs"):setupTab(Feed()):setupTab(Chat()):selectTab(2), { from = tabs })
    end })
    local app = nav.app()
    expect(app:navigate(nav.route():setRoot(Tabs()))):toBe(true)
    app:settle()
    expect(app:top()):toShow(Chat())
  end)

  scenario("fails the navigation when the build function fails", function()
    local Broken = nav.screen("Broken", { build = function() error("cannot build") end })
    local app = nav.app()
    local ok, err = app:navigate(nav.route():setRoot(Broken()))
    expect(ok):toBe(false)
    expect(err):toMatch("screens_spec.lua:%d+: cannot build")
  end)

  scenario("fails the navigation when the build function returns other than nothing or its own container", function()
    local Listed = nav.screen("Listed", { container = "tabs", build = function() return { Chat(), Chat() } end })
    local ok, err = nav.app():navigate(nav.route():setRoot(Listed()))
    expect(ok):toBe(false)
    expect(err):toMatch("screens_spec.lua:%d+: the build of screen 'Listed' returned table: a build changes the container it is given %(tabs:setChildren { Feed%(%), Profile%(%) } sets its tabs%), and cannot put another in its place")
    local Itself = nav.screen("Itself", { container = "tabs", build = function(tabs) tabs:setChildren { Chat() } return tabs end })
    expect(nav.app():navigate(nav.route():setRoot(Itself()))):toBe(true)
  end)

  scenario("makes containers refreshable with a refresh function", function()
    local refreshed = 0
    local Live = nav.screen("Live", { refresh = function(container) refreshed = refreshed + 1 end })
    local app = nav.app { root = Live() }
    expect(app:navigate(nav.route():root():refresh())):toBe(true)
    expect(refreshed):toBe(1)
    expect(app.window.children[1].refreshCount):toBe(1)
    -- false and a reason fail the refresh, as Nivelir's completion with an error
    local Stale = nav.screen("Stale", { refresh = function() return false, "the feed is offline" end })
    expect(nav.app { root = Stale() }:navigate(nav.route():root():refresh())):toFail("^the feed is offline$")
    -- nil and a reason too, as Lua fails; a number is its text.
    local Gone = nav.screen("Gone", { refresh = function() return nil, 410 end })
    expect(nav.app { root = Gone() }:navigate(nav.route():root():refresh())):toFail("^410$")
  end)

  scenario("completes a refresh when a refresh function that takes done calls it", function()
    local pending
    local Live = nav.screen("Live", { refresh = function(container, done) pending = done end })
    local app = nav.app { root = Live() }
    local result
    app.navigator:navigate(nav.route():root():refresh(), nil, function(ok, err) result = { ok, err } end)
    app:settle()
    expect(result):toBeNil()
    expect(tostring(pending)):toBe("Completion")
    pending(true)
    expect(result):toEqual({ true })
    pending(false, "too late")                           -- once only
    expect(result):toEqual({ true })
    expect(app.window.children[1].refreshCount):toBe(1)
    -- done(false, why) fails the refresh with why; done(false) as `return false` does
    local answer
    local Stale = nav.screen("Stale", { refresh = function(_, done) done(table.unpack(answer)) end })
    answer = { false, "the feed is offline" }
    expect(nav.app { root = Stale() }:navigate(nav.route():root():refresh())):toFail("^the feed is offline$")
    answer = { false }
    expect(nav.app { root = Stale() }:navigate(nav.route():root():refresh())):toFail("^the refresh failed$")
    -- an error before done fails the refresh at once
    local Broken = nav.screen("Broken", { refresh = function(_, done) error("no network") end })
    expect(nav.app { root = Broken() }:navigate(nav.route():root():refresh())):toFail("no network")
  end)

  scenario("refuses what is not a screen definition", function()
    expect(function() nav.screen() end):toFail("bad argument #1 to 'screen' (string expected, got no value)")
    expect(function() nav.screen("") end):toFail("bad argument #1 to 'screen' (a screen needs a name)")
    expect(function() nav.screen("X", { container = "window" }) end):toFail("unknown container 'window' (modal, stack or tabs expected)")
    expect(function() nav.screen("X", { build = 1 }) end):toFail("option 'build' must be a function")
    expect(function() nav.screen("X", { bild = function() end }) end):toFail("unknown option 'bild' (build, container, iterable, observer, refresh expected)")
    expect(function() nav.screen("X", "modal") end):toFail("bad argument #2 to 'screen' (table of options expected, got string)")
  end)

  scenario("refuses traits that are not plain values", function()
    expect(function() Chat { room = {} } end):toFail("trait 'room' must be a string, number or boolean")
    expect(function() Chat { room = { a = { b = 3 } } } end):toFail("bad argument #1 to 'Chat' %(trait 'room' must be a string, number or boolean%)")
    expect(function() Chat { 1, 2 } end):toFail("traits are named")
    -- A key that is not a name would be dropped or turned into one: two screens, one key.
    expect(function() Chat { [true] = 1 } end):toFail("bad argument #1 to 'Chat' (traits are named: Chat { id = 1 })")
    expect(function() Chat { [1.5] = 1 } end):toFail("traits are named")
    -- A name with what a key's text uses would print as another key does: Chat(x=1, y=2).
    expect(function() Chat { ["x=1, y"] = 2 } end)
      :toFail("bad argument #1 to 'Chat' (trait name 'x=1, y' holds '=', which a key's text uses: two keys would print alike)")
    expect(function() Chat { ["a)"] = 2 } end):toFail("holds ')'")
    expect(tostring(Chat { ["a b"] = 1 })):toBe("Chat(a b=1)")
    expect(function() Chat { [2] = 5 } end):toFail("traits are named")
    expect(function() Chat { id = 1, [Chat] = 2 } end):toFail("traits are named")
    expect(function() Chat(5) end):toFail("table of traits expected, got number")
  end)

  scenario("print string traits quoted and escaped, as Swift prints a string in a collection", function()
    expect(tostring(Chat { text = 'say "hi"' })):toBe('Chat(text="say \\"hi\\"")')
    expect(tostring(Chat { a = "two\nlines", b = "back\\slash", c = "é" })):toBe('Chat(a="two\\nlines", b="back\\\\slash", c="é")')
    expect(Chat { text = 'say "hi"' }):toEqual(Chat { text = 'say "hi"' })
  end)
end)

describe("text that is not UTF-8", function()
  -- Swift's strings would turn every such byte into U+FFFD, making "\255" and "\254" one
  -- name, one trait, one snapshot: they are refused instead.
  scenario("is refused as a screen's name, a trait or a snapshot", function()
    expect(function() nav.screen("N\255") end):toFail("bad argument #1 to 'screen' (UTF-8 text expected, got bytes that are not)")
    local Chat = nav.screen("Chat")
    expect(function() Chat { name = "\255" } end):toFail("bad argument #1 to 'Chat' (trait 'name' must be UTF-8 text, got bytes that are not)")
    expect(function() Chat { ["\254"] = 1 } end):toFail("bad argument #1 to 'Chat' (a trait's name must be UTF-8 text, got bytes that are not)")
    expect(function() expect("g\0amma\255"):toMatchSnapshot() end):toFail("toMatchSnapshot needs a value whose text is UTF-8")
    expect(function() expect("x"):toMatchSnapshot("n\255") end):toFail("toMatchSnapshot needs a name that is UTF-8 text")
    expect(function() nav.container { name = "\254" } end):toFail("option 'name' must be UTF-8 text")
    local app = nav.app { root = nav.stack { Chat() } }
    expect(function() app:navigate(nav.route():top(nav.container):showAlert { title = "t\255" }) end)
      :toFail("field 'title' must be UTF-8 text")
    expect(function() nav.route():fail("bad \255") end):toFail("bad argument #1 to 'fail' (UTF-8 text expected, got bytes that are not)")
    expect(tostring(Chat { name = "é\0x" })):toBe('Chat(name="é\\0x")')
  end)
end)

describe("containers as screens", function()
  scenario("a Container is its own screen, as a view controller conforming to Screen: pushed or presented again once out of the hierarchy", function()
    local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")
    local app = nav.app { root = nav.stack { A(), B() } }
    local b = app:top()
    expect(app:navigate(nav.route():top(nav.stack):pop())):toSucceed()
    expect(app:navigate(nav.route():top(nav.stack):push(b))):toSucceed()
    expect(app:top() == b):toBe(true)
    expect(app.log[#app.log]):toBe("Info: Setting stack of <UINavigationController> with modifiers:\n  - Push B")
    expect(app:navigate(nav.route():top(nav.stack):push(b))):toFail("The container <UIViewController: B> cannot be placed in <UINavigationController> because the new stack lists it more than once for:")
    expect(#app.window.children[1].children):toBe(2)
    expect(app:navigate(nav.route():top(nav.container):present(C()))):toSucceed()
    local c = app:top()
    expect(app:navigate(nav.route():top(nav.container):presenting():dismiss())):toSucceed()
    expect(app:navigate(nav.route():top(nav.container):present(c))):toSucceed()
    expect(app:top() == c):toBe(true)
    expect(function() nav.route():top(nav.stack):push(app.window) end):toFail("bad argument #1 to 'push' (Screen expected, got <UIWindow>")
  end)

  scenario("only route verbs take a Container: a decorator or a list of screens would build it into two places", function()
    local A, B, S = nav.screen("A"), nav.screen("B"), nav.screen("S", { container = "stack" })
    local app = nav.app { root = nav.stack { A(), B() } }
    local b = app:top()
    app:navigate(nav.route():top(nav.stack):pop())
    expect(function() S():withStack(b, b) end):toFail("bad argument #1 to 'withStack' (Screen expected, got Container)")
    expect(function() A().withModalPresentationStyle(b, "fullScreen") end):toFail("Screen expected, got Container")
    expect(b.parent):toBe(nil)
  end)

  scenario("a dismissed chain comes apart: each of its containers can be presented again", function()
    local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")
    local app = nav.app { root = A() }
    app:navigate(nav.route():top(nav.container):present(B()))
    local b = app:top()
    app:navigate(nav.route():top(nav.container):present(C()))
    local c = app:top()
    app:navigate(nav.route():root():dismiss())
    expect(b.presented):toBe(nil)
    expect(c.presenting):toBe(nil)
    expect(app:navigate(nav.route():top(nav.container):present(c))):toSucceed()
    expect(app:top() == c):toBe(true)
  end)

  scenario("a system screen restored from a snapshot is still no screen to show again", function()
    local Feed = nav.screen("Feed")
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.container):showAlert { title = "Hi", actions = { { title = "OK" } } })
    local restored = nav.app { restore = app:snapshot() }
    local alert = restored:top()
    restored:navigate(nav.route():root():dismiss())
    expect(function() nav.route():top(nav.stack):push(alert) end):toFail("a window or a system screen cannot be shown again")
  end)
end)

describe("containers kept where they are", function()
  local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")

  scenario("a stack's own screen given back by a merged edit stays: the edit changes nothing, as Nivelir's setStack over the list", function()
    local app = nav.app { root = nav.stack { A(), B() } }
    local b = app:top()
    expect(app:navigate(nav.route():top(nav.stack):pop():push(b))):toSucceed()
    expect(app:top() == b):toBe(true)
    expect(#app.transitions):toBe(0)
    expect(app:navigate(nav.route():top(nav.stack):replace(b))):toSucceed()
    expect(#app.window.children[1].children):toBe(2)
    -- Twice in one stack is refused, in the shape of every placement error.
    expect(app:navigate(nav.route():top(nav.stack):push(app.window.children[1].children[1])))
      :toFail("The container <UIViewController: A> cannot be placed in <UINavigationController> because the new stack lists it more than once for:\n  ScreenSetStackAction")
  end)

  scenario("setRoot of the window's own root keeps it and what it presents, as UIKit does", function()
    local app = nav.app { root = nav.stack { A(), presented = C() } }
    local root = app.window.children[1]
    expect(app:navigate(nav.route():setRoot(root))):toSucceed()
    expect(app.window.children[1] == root):toBe(true)
    expect(app:top()):toShow(C)
    expect(#app.transitions):toBe(0)
  end)

  scenario("a container left in a tree no window shows can be placed again, whatever the collector has done", function()
    for _, collect in ipairs { false, true } do
      local app = nav.app { root = nav.stack { A(), B() } }
      local b = app:top()
      local old = app:topStack()
      expect(app:navigate(nav.route():setRoot(C():withStackContainer()))):toSucceed()
      if collect then old = nil collectgarbage() collectgarbage() end
      expect(app:navigate(nav.route():root(nav.stack):push(b))):toSucceed()
      expect(app:top() == b):toBe(true)
      if old then expect(#old.children):toBe(1) end
    end
  end)

  scenario("a presented container of a tree no window shows can be presented again", function()
    local app = nav.app { root = nav.stack { A(), presented = C() } }
    local c = app:top()
    expect(app:navigate(nav.route():setRoot(B()))):toSucceed()
    expect(app:navigate(nav.route():top(nav.container):present(c))):toSucceed()
    expect(app:top() == c):toBe(true)
    expect(c.presenting.name):toBe("B")
  end)

  scenario("a custom action cannot hand over a container of another app, as from cannot", function()
    local other = nav.app { root = nav.stack { A() } }
    nav.action("elsewhere", { on = "modal", produces = "stack", perform = function(_, _, done) done(other:topStack()) end })
    local app = nav.app { root = nav.stack { B() } }
    expect(app:navigate(nav.route():top(nav.container):elsewhere():push(C())))
      :toFail("The container <UINavigationController> is in another application's window for:")
    expect(#other:topStack().children):toBe(1)
  end)

  scenario("a tab taken out of an unshown tab bar leaves it selecting a tab it has, as UIKit's tabs do when they change", function()
    local app = nav.app { root = nav.tabs { selected = 2, nav.stack { A() }, nav.stack { B() } } }
    local tabs = app:topTabs()
    local b = tabs.children[2]
    expect(app:navigate(nav.route():setRoot(C():withStackContainer()))):toSucceed()
    expect(app:navigate(nav.route():top(nav.stack):present(b))):toSucceed()
    expect(#tabs.children):toBe(1)
    expect(tabs.selectedIndex):toBe(1)
    expect(app:navigate(nav.route():setRoot(tabs))):toSucceed()
    expect(app:navigate(nav.route():top(nav.tabs):selectTab(1))):toSucceed()
    expect(nav.app { restore = app:snapshot() }:tree()):toBe(app:tree())
  end)

  scenario("a navigation that fails takes nothing out of the tree it found its containers in", function()
    local app = nav.app { root = nav.tabs { nav.stack { A(), B() }, nav.stack { C() } } }
    local old = app:topTabs()
    local stack = old.children[1]
    local a, b = stack.children[1], stack.children[2]
    expect(app:navigate(nav.route():setRoot(C():withStackContainer()))):toSucceed()
    -- The last of the list is in the window: nothing moves.
    local live = app.window.children[1]
    expect(app:navigate(nav.route():top(nav.stack):setStack(function(s) return { s[1], a, b, live.children[1], live } end)))
      :toFail("cannot be placed")
    expect(#stack.children):toBe(2)
    -- A stack cannot be pushed: its tab bar keeps it.
    expect(app:navigate(nav.route():top(nav.stack):push(stack))):toFail("pushing a navigation controller is not supported")
    expect(#old.children):toBe(2)
    -- A style UIKit refuses to present with.
    b:setAttribute("modalPresentationStyle", "none")
    expect(app:navigate(nav.route():top(nav.container):present(b))):toFail("doesn't have a corresponding presentation controller")
    expect(#stack.children):toBe(2)
  end)

  scenario("a container whose dismissal is under way cannot be shown elsewhere until it ends", function()
    local app = nav.app { root = nav.stack { A(), presented = B() } }
    local b = app:top()
    app.navigator:navigate(nav.route():top(nav.container):presenting():dismiss())
    expect(b.presentationPhase):toBe("dismissing")
    expect(app:navigate(nav.route():setRoot(C()))):toSucceed()
    expect(app:navigate(nav.route():top(nav.container):present(b))):toFail("cannot be placed in")
    app:settle()
    expect(app:navigate(nav.route():top(nav.container):present(b))):toSucceed()
    expect(b.presentationPhase):toBe("presented")
  end)
end)

describe("a Container as its own screen in action descriptions", function()
  scenario("is named by its class, as Swift prints a view controller's type", function()
    local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
    local app = nav.app { root = nav.tabs { nav.stack { Feed(), Chat() } } }
    local chat = app.window.children[1].children[1].children[2]
    expect(app:navigate(nav.route():setRoot(chat))):toFail("ScreenSetRootAction<UIViewController, UIWindow>%(screen: Chat, animation: nil%)")
    expect(app:navigate(nav.route():root():present(chat))):toFail("ScreenPresentAction<UIViewController, UIViewController>%(screen: Chat, animated: true%)")
    expect(app:navigate(nav.route():root("tabs"):setupTab(chat))):toFail("ScreenSetupTabAction<UIViewController, UITabBarController>%(screen: Chat%)")
  end)
end)

describe("type erasure, as Nivelir's", function()
  scenario("gives the screen itself, a stack or tabs erasure only for such a screen", function()
    local Home = nav.screen("Page")
    local Nav, Tabs = nav.screen("Nav", { container = "stack" }), nav.screen("Tabs", { container = "tabs" })
    local home = Home { id = 1 }
    expect(rawequal(home:eraseToAnyScreen(), home)):toBe(true)
    expect(rawequal(home:eraseToAnyModalScreen(), home)):toBe(true)
    expect(Nav():eraseToAnyStackScreen().kind):toBe("stack")
    expect(Tabs():eraseToAnyTabsScreen().kind):toBe("tabs")
    expect(function() return home:eraseToAnyStackScreen() end)
      :toFail("calling 'eraseToAnyStackScreen' on bad self (stack screen expected, got modal screen)")
    expect(function() return Nav():eraseToAnyTabsScreen() end):toFail("(tabs screen expected, got stack screen)")
    local app = nav.app { root = nav.stack { Home() } }
    expect(app:navigate(nav.route():top(nav.stack):push(home:eraseToAnyScreen()))):toSucceed()
    expect(app:top()):toShow(home)
  end)
end)

describe("one name is one screen, as a Swift type is", function()
  scenario("the name alone, declared before, is that screen: its build stays", function()
    local Built = nav.screen("Built", { container = "stack", build = function(c) c:setAttribute("built", true) end })
    local Again = nav.screen("Built")
    expect(tostring(Again)):toBe(tostring(Built))
    expect(Again == Built):toBe(true)
    expect(Again == nav.screen("Other")):toBe(false)
    local app = nav.app { root = nav.stack { nav.screen("Root")() } }
    expect(app:navigate(nav.route():top(nav.container):present(Again()))):toSucceed()
    expect(app:top().kind):toBe("stack")
    expect(app:top().attributes.built):toBe(true)
  end)

  scenario("options declare it anew, for the screens made before too; one made as another kind is refused", function()
    local First = nav.screen("Twice", { build = function(c) c:setAttribute("by", "first") end })
    local made = First()
    nav.screen("Twice", { build = function(c) c:setAttribute("by", "second") end })
    local app = nav.app { root = nav.stack { nav.screen("Root")() } }
    expect(app:navigate(nav.route():top(nav.stack):push(made))):toSucceed()
    expect(app:top().attributes.by):toBe("second")
    nav.screen("Twice", { container = "stack" })
    expect(app:navigate(nav.route():top(nav.container):present(First()))):toFail(
      "screen 'Twice' was made as a modal, and is declared again as a stack at lua/tests/nav/screens_spec.lua:%d+: one name is one screen")
  end)
end)

describe("a refused screen declaration", function()
  scenario("changes nothing", function()
    expect(function() nav.screen("Refused", { container = "tabs", build = 5 }) end):toFail("option 'build' must be a function")
    expect(nav.screen("Refused")().kind):toBe("modal")
  end)
end)
