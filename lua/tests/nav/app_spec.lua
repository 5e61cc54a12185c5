-- The simulated application: nav.app and its methods.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local ChatList = nav.screen("ChatList")
local Settings = nav.screen("Settings")

describe("nav.app", function()
  scenario("starts with one window and no root", function()
    local app = nav.app()
    expect(app:tree()):toBe("window")
    expect(app:top()):toBe(nil)
    expect(app.window.kind):toBe("window")
    expect(app.clock):toBe(0)
    expect(app.transitions):toEqual({})
    expect(app.log):toEqual({})
    expect(tostring(app)):toBe("App")
  end)

  scenario("counts its containers and the errors it logged", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.tabs):selectTab(1))):toFail("UITabBarController")
    local containers, overDismissal, idle, errors = app:census()
    expect({ containers, overDismissal, idle, errors }):toEqual { 2, nil, true, 1 }   -- the stack and Feed
    expect(nav.app():census()):toBe(0)
    expect(app:census(1)):toMatch("^No container of UITabBarController type found")
    expect(app:census(2)):toBeNil()
    expect(app:census(0)):toBeNil()
    expect(app:census(math.mininteger)):toBeNil()
  end)

  scenario("builds a given hierarchy without transitions or log lines", function()
    local app = nav.app { root = nav.tabs {
      nav.stack { Feed() },
      nav.stack { ChatList(), Chat { chatId = 7 } },
      selected = 2,
      presented = nav.stack { Settings() },
    } }
    expect(app:tree()):toBe([[
window
└─ tabs
   ├─ stack
   │  └─ modal Feed
   ├─ stack (selected)
   │  ├─ modal ChatList
   │  └─ modal Chat(chatId=7)
   └─ presents stack
      └─ modal Settings ← top]])
    expect(#app.transitions):toBe(0)
    expect(#app.log):toBe(0)
    expect(app:top()):toShow(Settings())
    expect(app:topStack().children[1].key):toBe("Settings")
    expect(app:topTabs().kind):toBe("tabs")
    -- A predicate is refused, not ignored: app:top(nav.stack) would give the modal on top.
    expect(function() return app:top(nav.stack) end):toFail("bad argument #1 to 'top' %(no argument expected: a route's top%(predicate%)")
    expect(function() return app:topStack(nav.stack { key = Settings() }) end):toFail("to 'topStack' %(no argument expected")
    expect(function() return app:topTabs(1) end):toFail("to 'topTabs' %(no argument expected")
  end)

  scenario("takes a screen or a container as the root directly", function()
    expect(nav.app(Feed()):top()):toShow(Feed())
    expect(nav.app(nav.stack { Feed }):top()):toShow(Feed())
    expect(nav.app { root = Feed, presented = Chat() }:top()):toShow(Chat())
  end)

  scenario("refuses bad hierarchies", function()
    expect(function() nav.app { root = 5 } end):toFail("Screen, nav.stack{...} or nav.tabs{...} expected in a hierarchy, got number")
    -- No root is an empty window, as nav.app(), with a system of its own; nothing to present over.
    expect(nav.app {}:tree()):toBe("window")
    expect(nav.app { system = { idiom = "pad" } }:tree()):toBe("window")
    expect(function() nav.app { presented = Chat() } end):toFail("option 'presented' needs a root to present it")
    expect(function() nav.app { root = Feed(), extra = 1 } end):toFail("unknown option 'extra' (presented, restore, root, system expected)")
    expect(function() nav.tabs { Feed(), selected = 3 } end):toFail("selected tab 3 out of range 1...1")
    expect(function() nav.tabs { selected = 1 } end):toFail("selected tab 1 of none: the tabs are empty")
    expect(function() nav.stack { Feed(), selected = 1 } end):toFail("option 'selected' is a tab index, for tabs only")
    expect(function() nav.tabs { Feed(), selected = 1.5 } end):toFail("option 'selected' must be a whole number, the 1-based index of a tab (got number)")
    expect(function() nav.tabs { Feed(), selected = "1" } end):toFail("(got string)")
    expect(function() nav.app { root = nav.stack { Feed(), presented = Chat() }, presented = Settings() } end):toFail("the root already presents a container")
    -- `name` narrows a search; a stack in a hierarchy is named by its key.
    expect(function() nav.stack { Feed(), name = "Main" } end):toFail("option 'name' narrows a search by name; a stack in a hierarchy is named by its key")
    local wide = {}
    for i = 1, 10001 do wide[i] = Feed { i = i } end
    expect(function() nav.stack(wide) end):toFail("more than 10000 containers in one stack")
  end)

  scenario("does not let another app's navigator change its hierarchy", function()
    local first, second = nav.app { root = nav.stack { Feed() } }, nav.app { root = nav.stack { ChatList() } }
    expect(second:navigate(nav.route():from(first:top()):present(Chat())))
      :toFail("The container <UIViewController: Feed> is in another application's window for:\n  ScreenFromAction<UIWindow, UIViewController>(output: Optional(<UIViewController: Feed>))", true)
    expect(first:top()):toShow(Feed)
    expect(first.transitions):toHaveLength(0)
    -- Nor does its tap, nor setChildren given its navigator; its iterator only reads.
    local button = nav.app { root = nav.stack { Feed():withRightBarButton { title = "New", route = nav.route("modal"):present(Chat()) } } }
    expect(second:tap(button:top(), "right"))
      :toFail("The container <UIViewController: Feed> is in another application's window for:\n  tap of the right bar button", true)
    expect(function() first.window.children[1]:setChildren({ Chat() }, second.navigator) end)
      :toFail("app_spec.lua:%d+: The container <UINavigationController> is in another application's window for:\n  setChildren")
    expect(button:top()):toShow(Feed)
    expect(first:top()):toShow(Feed)
    expect(second.navigator:firstContainer(first.window, function(c) return c.name == "Feed" end)):toBe(first:top())
  end)

  scenario("refuses hierarchies too deep to build", function()
    local node = nav.stack {}
    expect(function() for _ = 1, 300 do node = nav.stack { node } end end):toFail("hierarchy deeper than 99 containers")
  end)

  scenario("refuses a presented chain that loops or goes too deep before going into it", function()
    local loop = { Feed() }
    loop.presented = loop
    expect(function() nav.app { root = loop } end):toFail("bad argument #1 to 'app' (a screen presents itself: its table is in its own presented chain)", true)
    local first, second = { Feed() }, { ChatList() }
    first.presented, second.presented = second, first
    expect(function() nav.app { root = nav.stack { first } } end):toFail("a screen presents itself", true)
    -- 98 screens presenting are 99 containers, the most a hierarchy holds; one more is refused.
    local chain = Chat()
    for _ = 1, 98 do chain = { Feed(), presented = chain } end
    expect(nav.app { root = chain }:tree()):toMatch("Chat")
    expect(function() nav.app { root = { Feed(), presented = chain } } end):toFail("hierarchy deeper than 99 containers", true)
    for _ = 1, 30000 do chain = { Feed(), presented = chain } end
    expect(function() nav.app { root = chain } end):toFail("hierarchy deeper than 99 containers", true)
  end)
end)

describe("navigate", function()
  scenario("takes a function that builds the route, as Nivelir's navigate { route in ... }", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(function(route) return route:top(nav.stack):push(Chat { chatId = 1 }) end)):toSucceed()
    -- From a container, the route the function gets is rooted at its kind: navigate(from: chat.stack) { ... }
    local done
    app.navigator:navigate(function(stack) return stack:push(Chat { chatId = 2 }) end, { from = app:top().stack }, function(ok) done = ok end)
    app:settle()
    expect(done):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 2 })
    expect(function() app:navigate(function() return 5 end) end):toFail("the nested function must return a Route, got number")
  end)

  scenario("runs a route to completion and returns ok, err", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local ok, err = app:navigate(nav.route():top(nav.stack):push(Chat()))
    expect(ok):toBe(true)
    expect(err):toBe(nil)
    ok, err = app:navigate(nav.route():top(nav.tabs))
    expect(ok):toBe(false)
    expect(err):toMatch("^No container of UITabBarController type found for:")
  end)

  scenario("needs a window route", function()
    local app = nav.app()
    expect(function() app:navigate(nav.route("stack")) end):toFail("bad argument #1 to 'navigate' (window route expected, got route rooted at stack)")
    expect(function() app:navigate() end):toFail("bad argument #1 to 'navigate' (Route or function expected, got no value)")
    expect(function() app.navigate(nil, nav.route()) end):toFail("bad argument #1 to 'navigate' (App expected, got nil)")
  end)
end)

describe("the navigator", function()
  scenario("is equal to itself however it is reached, as containers are", function()
    local seen
    local Probe = nav.screen("Probe", { build = function(container, navigator) seen = navigator end })
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app.navigator == app.navigator):toBe(true)
    expect(app.navigator):toBe(app.navigator)
    app:navigate(nav.route():top(nav.stack):push(Probe()))
    expect(seen == app.navigator):toBe(true)
    expect(nav.app { root = Feed() }.navigator == app.navigator):toBe(false)
    expect(app.navigator == app.window):toBe(false)
  end)
end)

describe("time", function()
  scenario("durations add up as the decimals they are written in", function()
    local app = nav.app { root = nav.stack { Feed() } }
    for i = 1, 3 do app:navigate(nav.route():top(nav.stack):push(Chat { i = i })) end
    expect(app.clock):toBe(1.05)
    expect(app.transitions[3].time):toBe(0.7)
    app:advance(0.1)
    app:advance(0.2)
    expect(app.clock):toBe(1.35)
  end)

  scenario("a given hierarchy starts at 0, though its build animated once in the window", function()
    -- The tab's push runs after selectTab's turn of the run loop, with the tabs in the window.
    local Home = nav.screen("Home", { container = "tabs", build = function(tabs, navigator)
      navigator:navigate(nav.route("tabs"):setupTab(Feed():withStackContainer()):setupTab(ChatList():withStackContainer())
        :selectTab(2, { kind = "stack" }, function(stack) return stack:push(Chat()) end), { from = tabs })
    end })
    local app = nav.app { root = Home() }
    expect(app:topStack()):toShow(Chat())
    expect(app.clock):toBe(0)
    expect(app.transitions):toEqual({})
    app:navigate(nav.route():top(nav.stack):push(Settings()))
    expect(app.transitions[1].time):toBe(0)
    expect(app.clock):toBe(0.35)
  end)

  scenario("the navigator starts navigations that advance and settle finish", function()
    local app = nav.app { root = Feed() }
    local result
    app.navigator:navigate(nav.route():root():present(Chat()), function(ok, err) result = ok end)
    expect(app:top()):toShow(Chat())
    expect(app.window.children[1].presented.presentationPhase):toBe("presenting")
    app:advance(0.25)
    expect(result):toBe(nil)
    app:advance(0.25)
    expect(result):toBe(true)
    expect(app.clock):toBe(0.5)
    expect(app:settle()):toBe(true)
  end)

  scenario("the navigator reports failures to its completion, and can start from a container", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local result, message
    app.navigator:navigate(nav.route():top(nav.tabs), function(ok, err) result, message = ok, err end)
    expect(result):toBe(false)
    expect(message):toMatch("UITabBarController")
    local stack = app.window.children[1]
    app.navigator:navigate(nav.route("stack"):push(Chat()), { from = stack })
    app:settle()
    expect(app:top()):toShow(Chat())
    -- nil options before the completion, as the signature reads (route, options?, completion?)
    local second
    app.navigator:navigate(nav.route():top(nav.tabs), nil, function(ok, err) second = { ok, err ~= nil } end)
    expect(second):toEqual({ false, true })
    local third
    app.navigator:navigate(nav.route():top(nav.stack):pop(), nil, function(ok) third = ok end)
    app:settle()
    expect(third):toBe(true)
    expect(function() app.navigator:navigate(nav.route("stack")) end):toFail("window route expected")
    -- {from = a container that is nil} is Nivelir's navigate(from: nil): the navigation fails
    local fromNil
    app.navigator:navigate(nav.route("modal"):dismiss(), { from = app:top().presenting }, function(ok, err) fromNil = { ok, err } end)
    app:settle()
    expect(fromNil):toEqual({ false, "No container of UIWindow type found for:\n  ScreenFromAction<UIWindow, UIViewController>(output: nil)" })
    -- ...but a window route given it runs from the window: {from = nil} is {} in Lua.
    local windowRoute
    app.navigator:navigate(nav.route():top(nav.stack), { from = app:top().presenting }, function(ok) windowRoute = ok end)
    app:settle()
    expect(windowRoute):toBe(true)
    expect(function() app.navigator:navigate(nav.route(), { from = 1 }) end):toFail("option 'from' must be a Container")
    expect(function() app:advance(-1) end):toFail("a finite number of seconds, 0 or more, expected")
    -- A method called with no name (through pcall, as a value) is named by its binding, not '?'.
    expect({ pcall(app.advance, app, -1) }):toEqual({ false, "bad argument #2 to 'advance' (a finite number of seconds, 0 or more, expected)" })
    expect({ pcall(app.advance, app, {}) }):toEqual({ false, "bad argument #2 to 'advance' (number expected, got table)" })
    expect({ pcall(app.advance) }):toEqual({ false, "bad argument #1 to 'advance' (App expected, got no value)" })
    -- The clock runs to its end, 2^63 - 1 microseconds (~292,000 years), and refuses to pass it.
    local long = nav.app()
    long:advance(1e11)
    expect(long.clock):toBe(1e11)
    expect(function() long:advance(9.2e12) end):toFail("bad argument #1 to 'advance' (at most 9123372036854.775 seconds: the clock ends at 9.2e12)", true)
    expect(function() long:advance(9123372036854.78) end):toFail("at most 9123372036854.775 seconds", true)
    long:advance(9223372036854.775807 - 1e11)
    expect(long.clock):toBe(9223372036854.775807)
    expect(function() long:advance(1) end):toFail("at most 0.0 seconds", true)
  end)

  scenario("navigator fields", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() } } }
    expect(app.navigator.window == app.window):toBe(true)
    expect(app.navigator.topContainer.key):toBe("Feed")
    expect(app.navigator.topStackContainer.kind):toBe("stack")
    expect(app.navigator.topTabsContainer.kind):toBe("tabs")
    expect(tostring(app.navigator)):toBe("Navigator")
  end)
end)

describe("what an app records", function()
  scenario("transitions say what changed", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.stack):push(Chat(), { animation = "crossDissolve" }))
    local t = app.transitions[1]
    expect(t.kind):toBe("push")
    expect(t.animated):toBe(true)
    expect(t.animation):toBe("crossDissolve")
    expect(t.container == app.window.children[1]):toBe(true)
    expect(t.before):toEqual({ "Feed" })
    expect(t.after):toEqual({ "Feed", "Chat" })
    expect(t.time):toBe(0)
    expect(t.duration):toBe(0.3)
  end)

  scenario("the snapshot is plain data", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, Chat { chatId = 1 }, selected = 2 } }
    local s = app:snapshot()
    expect(s.kind):toBe("window")
    local tabs = s.children[1]
    expect(tabs.selectedIndex):toBe(2)
    expect(tabs.children[2]):toEqual({ kind = "modal", key = "Chat(chatId=1)", name = "Chat", traits = { chatId = 1 },
      attributes = {}, isVisible = true, isTop = true, children = {} })
    expect(tabs.children[1].isVisible):toBe(false)
  end)

  scenario("the log has Nivelir's lines", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.stack):push(Chat()):wait(1):fail("stop"))
    expect(app.log):toEqual({
      "Info: Searching for a top container of UINavigationController type in UIWindow",
      "Info: Setting stack of <UINavigationController> with modifiers:\n  - Push Chat",
      "Info: Waiting for 1.0 seconds",
      "Error: stop",
    })
  end)
end)

describe("nav.app's screens that present", function()
  local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")

  scenario("any node may present one node: { Screen, presented = node }", function()
    local app = nav.app { root = nav.stack { A(), presented = { B(), presented = C() } } }
    expect(app:tree()):toBe("window\n└─ stack\n   ├─ modal A\n   └─ presents modal B\n      └─ presents modal C ← top")
    expect(#app.transitions):toBe(0)
    expect(app:top().presenting.name):toBe("B")
    local root = nav.app { root = { A(), presented = B } }
    expect(root.window.children[1].presented.name):toBe("B")
    expect(function() return nav.stack { A(), presented = { B() } } end)
      :toFail("bad argument #1 to 'stack' (a screen that presents is written { Screen, presented = node })")
    expect(function() return nav.stack { A(), presented = { B(), presented = C(), x = 1 } } end)
      :toFail("a screen that presents is written { Screen, presented = node }")
    -- A stack that presents says where its presented goes.
    expect(function() return nav.app { root = { nav.stack { A(), B() }, presented = C() } } end)
      :toFail("bad argument #1 to 'app' (a stack or tab bar that presents is written nav.stack { ..., presented = node }, not { nav.stack {...}, presented = node })")
  end)
end)

describe("app.log and app.transitions", function()
  scenario("each read is a list of its own, with what came since the last read", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local before = app.transitions
    expect(#before):toBe(0)
    expect(app:navigate(nav.route():top(nav.stack):push(Chat()))):toSucceed()
    expect(#before):toBe(0)                       -- an earlier read is not changed
    local transitions, log = app.transitions, app.log
    local firstLine = log[1]
    expect(firstLine).never:toBeNil()
    expect(#transitions):toBe(1)
    expect(transitions[1].kind):toBe("push")
    expect(transitions[1].after):toEqual({ "Feed", "Chat" })
    transitions[1], log[1] = nil, nil              -- a read changed is that read's alone
    expect(app.transitions[1].kind):toBe("push")
    expect(app.log[1]):toBe(firstLine)
    expect(app:navigate(nav.route():top(nav.stack):pop())):toSucceed()
    expect(#app.transitions):toBe(2)
    expect(app.transitions[2].kind):toBe("pop")
  end)
end)

describe("errors of callbacks with no caller to fail", function()
  scenario("are raised together by the app method that runs the clock, the first first", function()
    local app = nav.app()
    app.navigator:navigate(nav.route():wait(0.1), nil, function() error("first") end)
    app.navigator:navigate(nav.route():wait(0.2), nil, function() error("second") end)
    local ok, err = pcall(app.advance, app, 1)
    expect(ok):toBe(false)
    expect(err):toMatch("app_spec.lua:%d+: first\n%(and 1 more error of callbacks:\n  .-app_spec.lua:%d+: second%)$")
    expect(app:settle()):toBe(true)
    -- Many: the first four others by their first lines, then how many more.
    for i = 1, 8 do app.navigator:navigate(nav.route():wait(0.1 * i), nil, function() error("n" .. i .. "\nsecond line") end) end
    ok, err = pcall(app.advance, app, 1)
    expect(ok):toBe(false)
    expect(err):toMatch("n1\nsecond line\n%(and 7 more errors of callbacks:\n  [^\n]*n2\n  [^\n]*n3\n  [^\n]*n4\n  [^\n]*n5\n  and 3 more%)$")
  end)
end)
