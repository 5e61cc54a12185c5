-- Route methods for any container: searches, composition, control flow.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local ChatList = nav.screen("ChatList")
local Settings = nav.screen("Settings")

local function tabApp()
  return nav.app { root = nav.tabs {
    nav.stack { Feed() },
    nav.stack { ChatList(), Chat { chatId = 7 } },
    selected = 2,
  } }
end

describe("nav.route", function()
  scenario("starts at the window, or at the kind given", function()
    expect(tostring(nav.route())):toBe("Route(window → window, 0 actions)")
    expect(tostring(nav.route("stack"))):toBe("Route(stack → stack, 0 actions)")
    expect(tostring(nav.route():top(nav.stack):push(Chat()))):toBe("Route(window → stack, 1 action)")
    expect(function() nav.route("view") end):toFail("unknown container kind 'view' (window, modal, stack, tabs or container expected)")
  end)

  scenario("routes are values: methods return new routes", function()
    local base = nav.route():top(nav.stack)
    local one = base:push(Chat { chatId = 1 })
    local two = base:push(Chat { chatId = 2 })
    expect(tostring(base)):toBe("Route(window → stack, 1 action)")
    local app = tabApp()
    app:navigate(two)
    expect(app:top()):toShow(Chat { chatId = 2 })
    expect(one ~= two):toBe(true)
  end)
end)

describe("first, last and top", function()
  scenario("find containers in the iterator's order", function()
    local app = tabApp()
    local found = {}
    local record = function(name) return function(route) return route:get(function(c) found[name] = c.children[1].key end) end end
    expect(app:navigate(nav.route():first(nav.stack, record("first")):last(nav.stack, record("last")):top(nav.stack, record("top")))):toBe(true)
    expect(found):toEqual({ first = "Feed", last = "ChatList", top = "ChatList" })
  end)

  scenario("take a Screen (its key) or a screen type (its name)", function()
    local app = tabApp()
    expect(app:navigate(nav.route():last(Chat { chatId = 7 }):makeVisible())):toBe(true)
    expect(app:navigate(nav.route():first(Chat):makeVisible())):toBe(true)
    expect(app:navigate(nav.route():last(Chat { chatId = 8 }))):toFail("No container of UIViewController type found")
  end)

  scenario("continue from what they found, or keep the route where it is with a nested route", function()
    expect(tostring(nav.route():top(nav.stack))):toBe("Route(window → stack, 1 action)")
    expect(tostring(nav.route():top(nav.stack, function(r) return r:push(Chat()) end))):toBe("Route(window → window, 1 action)")
    expect(tostring(nav.route():top(nav.stack, nav.route("stack"):push(Chat())))):toBe("Route(window → window, 1 action)")
  end)

  scenario("fail with Nivelir's message when nothing matches", function()
    local app = nav.app()
    local ok, err = app:navigate(nav.route():top(nav.stack))
    expect(ok):toBe(false)
    expect(err):toBe("No container of UINavigationController type found for:\n  ScreenTopAction<UIWindow, UINavigationController>(predicate: container of UINavigationController type)")
    expect(app.log[#app.log]):toBe("Error: " .. err)
  end)

  scenario("refuse what is not a predicate, and a nested function returning no route", function()
    expect(function() nav.route():top(1) end):toFail("bad argument #1 to 'top' (Predicate expected, got number)")
    expect(function() nav.route():top() end):toFail("bad argument #1 to 'top' (Predicate expected, got no value)")
    -- A kind's name works where a kind goes (root("stack")), not in a search: the error says what to write.
    expect(function() nav.route():top("stack") end):toFail("bad argument #1 to 'top' (Predicate expected, got string: write nav.stack)")
    expect(function() nav.route():first("Chat") end)
      :toFail('bad argument #1 to \'first\' (Predicate expected, got string: write nav.container { name = "Chat" }, a screen type, or nav.predicate(...))')
    expect(function() nav.route():top(nav.stack, function() end) end):toFail("the nested function must return a Route, got nil")
    expect(function() nav.route():top(nav.stack, 5) end):toFail("(Route or function expected, got number)")
    expect(function() nav.route():top(nav.stack, nav.route("tabs")) end):toFail("bad argument #2 to 'top' (route rooted at stack, modal or container expected, got route rooted at tabs)")
    expect(function() nav.route():top(nav.stack, function() error("inside") end) end):toFail("routes_generic_spec.lua:%d+: inside")
  end)
end)

describe("from and then", function()
  scenario("from continues from a given container", function()
    local app = tabApp()
    local list = app.window.children[1].children[2]
    expect(app:navigate(nav.route():from(list):push(Settings()))):toBe(true)
    expect(app:top()):toShow(Settings())
    expect(function() nav.route():from(42) end):toFail("bad argument #1 to 'from' (Container expected, got number)")
  end)

  scenario("from(nil) fails when the route runs, naming the type the route was on, as Nivelir", function()
    local app = tabApp()
    local ok, err = app:navigate(nav.route():from(app:top().presented):dismiss())
    expect(ok):toBe(false)
    expect(err):toBe("No container of UIWindow type found for:\n  ScreenFromAction<UIWindow, UIViewController>(output: nil)")
    ok, err = app:navigate(nav.route():top(nav.stack):from(nil):dismiss())
    expect(err):toBe("No container of UINavigationController type found for:\n  ScreenFromAction<UINavigationController, UIViewController>(output: nil)")
    expect(#app.transitions):toBe(0)
  end)

  scenario("andThen (then) appends a route rooted at the current kind, merging stack edits", function()
    local app = tabApp()
    local more = nav.route("stack"):push(Settings())
    expect(app:navigate(nav.route():top(nav.stack):push(Feed()):andThen(more))):toBe(true)
    expect(#app.transitions):toBe(1)
    expect(app.transitions[1].kind):toBe("setStack")
    local route = nav.route():top(nav.stack)
    expect(tostring(route["then"](route, more))):toBe("Route(window → stack, 1 action)")
    expect(function() nav.route():andThen(more) end):toFail("route rooted at window or container expected, got route rooted at stack")
    expect(function() nav.route():andThen(5) end):toFail("bad argument #1 to 'andThen' (Route expected, got number)")
  end)
end)

describe("fallback, ensure, cauterize and resolve", function()
  scenario("fallback runs when anything before it fails, and resets to the root", function()
    local app = nav.app { root = Feed() }
    local route = nav.route():top(nav.stack):push(Chat()):fallback(nav.route():top(nav.container):present(Chat()))
    expect(tostring(route)):toBe("Route(window → window, 1 action)")
    expect(app:navigate(route)):toBe(true)
    expect(app:top()):toShow(Chat())
    expect(app.log[2]):toMatch("^Info: Catching error: No container of UINavigationController type found")
  end)

  scenario("a fallback function gets the error and may choose no route", function()
    local app = nav.app { root = Feed() }
    local seen
    expect(app:navigate(nav.route():fail("offline"):fallback(function(err) seen = err return nil end))):toBe(true)
    expect(seen):toBe("offline")
    -- Said at the line that defines the function.
    expect(app:navigate(nav.route():fail("x"):fallback(function() return 5 end))):toFail("routes_generic_spec.lua:127: the fallback function must return a Route or nil, got number")
    expect(app:navigate(nav.route():fail("x"):fallback(function() error("in fallback") end))):toFail("routes_generic_spec.lua:%d+: in fallback")
  end)

  scenario("a fallback function gets an empty route from the failed route's root, as Nivelir's fallback(to: (Error, Route))", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local given
    expect(app:navigate(nav.route():fail("offline"):fallback(function(err, route)
      given = tostring(route)
      return route:top(nav.stack):push(Chat())
    end))):toBe(true)
    expect(given):toBe("Route(window → window, 0 actions)")
    expect(app:top()):toShow(Chat())
    local nested
    expect(app:navigate(nav.route():top(nav.stack, function(stack)
      return stack:fail("x"):fallback(function(_, route) nested = tostring(route) return route:pop() end)
    end))):toBe(true)
    expect(nested):toBe("Route(stack → stack, 0 actions)")
    expect(app:top()):toShow(Feed())
    local resolved
    expect(app:navigate(nav.route():try(nav.route():fail("y"), { fallback = function(_, route) resolved = tostring(route) return nil end }))):toBe(true)
    expect(resolved):toBe("Route(window → window, 0 actions)")
  end)

  scenario("ensure runs after everything, whether it failed or not", function()
    local app = nav.app { root = Feed() }
    local runs = 0
    local count = nav.route():get(function() runs = runs + 1 end)
    expect(app:navigate(nav.route():ensure(count))):toBe(true)
    expect(app:navigate(nav.route():fail("boom"):ensure(count))):toFail("boom")
    expect(runs):toBe(2)
    -- a function builds the route from nav.route(root kind), as Nivelir's ensure(with:) closure
    expect(app:navigate(nav.route():fail("boom"):ensure(function(r) return r:get(function() runs = runs + 1 end) end))):toFail("boom")
    expect(runs):toBe(3)
    expect(function() nav.route():ensure(function() return 1 end) end):toFail("the nested function must return a Route, got number")
  end)

  scenario("cauterize swallows the error", function()
    expect(nav.app():navigate(nav.route():fail("boom"):cauterize())):toBe(true)
  end)

  scenario("resolve goes back to the root kind with no effect", function()
    local route = nav.route():top(nav.stack):push(Chat()):resolve()
    expect(tostring(route)):toBe("Route(window → window, 1 action)")
    expect(function() route:push(Chat()) end):toFail("calling 'push' on bad self (stack route expected, got window route)")
  end)

  scenario("fallback and ensure need routes of the same root", function()
    expect(function() nav.route():fallback(nav.route("stack")) end):toFail("route rooted at window or container expected, got route rooted at stack")
    expect(function() nav.route():ensure(1) end):toFail("bad argument #1 to 'ensure' (Route or function expected, got number)"); expect(function() nav.route():fallback(1) end):toFail("bad argument #1 to 'fallback' (Route or function expected, got number)")
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():fail("x"):fallback(function() return nav.route("stack") end))):toFail("routes_generic_spec.lua:178: bad nested route for 'fallback' (route rooted at window or container expected, got route rooted at stack)")
  end)
end)

describe("get, refresh, fail and wait", function()
  scenario("get gives the container, and can fail the route", function()
    local app = tabApp()
    local key
    expect(app:navigate(nav.route():top(nav.container):get(function(c) key = c.key end))):toBe(true)
    expect(key):toBe("Chat(chatId=7)")
    -- The text as the function gave it, as Nivelir's get hands its completion the error.
    local ok, err = app:navigate(nav.route():get(function() return false, "not now" end))
    expect(ok):toBe(false)
    expect(err):toBe("not now")
    expect(app:navigate(nav.route():get(function() error("get failed here") end))):toFail("routes_generic_spec.lua:%d+: get failed here")
    -- A failure needs its reason, as done(nil, message) does; a bare false is Nivelir's Void body.
    expect(app:navigate(nav.route():get(function() return nil, "gone" end))):toFail("gone")
    expect(app:navigate(nav.route():get(function() return false, 42 end))):toFail("^42$")   -- a number is its text
    expect(app:navigate(nav.route():get(function(c) return c.isVisible == false end))):toSucceed()
    expect(function() nav.route():get() end):toFail("bad argument #1 to 'get' (function expected, got no value)")
  end)

  -- Nivelir's get(body: (Current, Completion) -> Void): a function that takes done completes the step when it calls it.
  scenario("get with done completes the step when done is called, once", function()
    local app = tabApp()
    local done, result
    app.navigator:navigate(nav.route():top(nav.stack):get(function(stack, d) done = d end):push(Feed()),
      function(ok, err) result = { ok, err } end)
    app:settle()
    expect(result):toBeNil()
    expect(app:top().name):toBe("Chat")
    done()
    done(false, "too late")
    app:settle()
    expect(result[1]):toBe(true)
    expect(app:top().name):toBe("Feed")
    expect(app:navigate(nav.route():get(function(_, d) d(false, "no luck") end))):toFail("^no luck$")
    expect(app:navigate(nav.route():get(function(_, d) d(false) end))):toFail("Action canceled:\n  ScreenGetAction<UIWindow>(body: (Function))", true)
    expect(app:navigate(nav.route():get(function(_, d) error("broke") end))):toFail("routes_generic_spec.lua:%d+: broke")
    expect(app:navigate(nav.route():get(function(_, d) end))):toFail("The action never completed for:\n  ScreenGetAction<UIWindow>(body: (Function))", true)
  end)

  scenario("refresh needs a refreshable container", function()
    local app = tabApp()
    expect(app:navigate(nav.route():top(nav.container):refresh()))
      :toFail("does not match the expected type ScreenRefreshableContainer")
  end)

  scenario("fail fails with the message", function()
    expect(nav.app():navigate(nav.route():fail("not signed in"))):toFail("^not signed in$")
    expect(nav.app():navigate(nav.route():fail())):toFail("failed")
  end)

  scenario("wait takes virtual time", function()
    local app = nav.app()
    expect(app:navigate(nav.route():wait(2.5))):toBe(true)
    expect(app.clock):toBe(2.5)
    expect(app.log):toEqual({ "Info: Waiting for 2.5 seconds" })
    -- As Nivelir's asyncAfter: a deadline in the past fires on the next turn, and the log says what was asked.
    local before = app.clock
    expect(app:navigate(nav.route():wait(-1))):toBe(true)
    expect(app.clock):toBe(before)
    expect(app.log[#app.log]):toBe("Info: Waiting for -1.0 seconds")
    -- As Dispatch's distant future: a wait it cannot count in nanoseconds never ends.
    for _, forever in ipairs { math.huge, 0 / 0, 1e10 } do
      local ok, err = app:navigate(nav.route():wait(forever))
      expect(ok):toBe(false)
      expect(err):toMatch("^The action never completed for:\n  ScreenWaitAction<UIWindow>%(duration: [%-a-z0-9.e+]+%)$")
    end
    expect(app.clock):toBe(before)
    expect(app.log[#app.log]):toBe("Info: Waiting for 10000000000.0 seconds")
    expect(function() nav.route():wait("soon") end):toFail("bad argument #1 to 'wait' (number expected, got string)")
  end)

  scenario("methods called on something else than a route say so", function()
    local route = nav.route()
    expect(function() route.top(nil, nav.stack) end):toFail("bad argument #1 to 'top' (Route expected, got nil)")
    expect(function() route.top(Feed(), nav.stack) end):toFail("bad argument #1 to 'top' (Route expected, got Screen)")
    expect(route.nothing):toBe(nil)
  end)

  -- Nivelir's closure gets the optional's static type: navigate(from: topStackContainer) { $0.push(x) }
  -- compiles and fails when it runs. Lua has no static type: the function is built again on the
  -- kind a method needed.
  scenario("a function from a nil container fails when the route runs, on the kind it needed", function()
    local app = nav.app { root = Feed() }
    local function notFound(kind) return "No container of UIWindow type found for:\n  ScreenFromAction<UIWindow, " .. kind .. ">(output: nil)" end
    expect({ app:navigate(nav.route():from(app:topStack(), function(stack) return stack:push(Chat()) end)) })
      :toEqual({ false, notFound("UINavigationController") })
    expect({ app:navigate(nav.route():from(app:topTabs(), function(tabs) return tabs:selectTab(1) end)) })
      :toEqual({ false, notFound("UITabBarController") })
    expect({ app:navigate(nav.route():from(nil, function(modal) return modal:dismiss() end)) }):toEqual({ false, notFound("UIViewController") })
    -- A window's (a detached container's `window` is nil) as well.
    expect({ app:navigate(nav.route():from(nil, function(window) return window:setRoot(Chat()) end)) }):toEqual({ false, notFound("UIWindow") })
    expect({ app:navigate(nav.route():from(nil, function(window) return window:makeKeyAndVisible() end)) }):toEqual({ false, notFound("UIWindow") })
    local done
    app.navigator:navigate(function(stack) return stack:push(Chat()) end, { from = app:topStack() }, function(ok, err) done = { ok, err } end)
    app:settle()
    expect(done):toEqual({ false, notFound("UINavigationController") })
    expect(app.log[#app.log]):toBe("Error: " .. notFound("UINavigationController"))
    expect(function() nav.route():from(nil, function(r) return r:stack():frob() end) end):toFail("attempt to call a nil value (method 'frob')")
    expect(#app.transitions):toBe(0)
  end)

  scenario("try names its route as argument #1, and a done function that returns no route at its line", function()
    expect(function() nav.route():try(nav.route("stack")) end)
      :toFail("bad argument #1 to 'try' (route rooted at window or container expected, got route rooted at stack)")
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():try(nav.route(), { done = function() return 1 end })))
      :toFail("routes_generic_spec.lua:%d+: the done function must return a Route, got number")
    -- The resolution's routes run where the try runs: another root is refused where it is written.
    for _, field in ipairs { "ensure", "done", "fallback" } do
      expect(function() nav.route():try(nav.route(), { [field] = nav.route("stack") }) end)
        :toFail("bad argument #2 to 'try' (field '" .. field .. "': route rooted at window or container expected, got route rooted at stack)")
    end
    expect(app:navigate(nav.route():try(nav.route(), { done = function() return nav.route("stack") end })))
      :toFail("routes_generic_spec.lua:%d+: bad nested route for 'done' %(route rooted at window or container expected, got route rooted at stack%)")
  end)
end)

scenario("try's done function gets the output and an empty route from the try's container, as Nivelir's done(with: (Output, ScreenRootRoute))", function()
  local Feed, Detail = nav.screen("Feed"), nav.screen("Detail")
  local app = nav.app { root = nav.stack { Feed() } }
  local given
  expect(app:navigate(nav.route():top(nav.stack):try(nav.route("stack"):push(Detail { id = 1 }), {
    done = function(output, route) given = { output, route } return route:push(Detail { id = 2 }) end,
  }))):toBe(true)
  expect(given[1]):toBe(nil)
  expect(tostring(given[2])):toBe(tostring(nav.route("stack")))
  expect(app:topStack().children[3]):toShow(Detail { id = 2 })
end)

-- An empty reason is no text to show: the failure says "get failed", as one with no reason would.
scenario("get failing with an empty reason says get failed", function()
  local app = tabApp()
  expect(app:navigate(nav.route():get(function() return false, "" end))):toFail("^get failed$")
end)

scenario("from(container, nested) and navigate(route, {from = container}) take a route rooted at the container's kind, checked where written", function()
  local A = nav.screen("A")
  local app = nav.app { root = nav.tabs { nav.stack { A() } } }
  local stack = app.window.children[1].children[1]
  expect(function() return nav.route():from(stack, nav.route("tabs"):selectTab(1)) end)
    :toFail("bad argument #2 to 'from' %(route rooted at stack, modal or container expected, got route rooted at tabs%)")
  expect(function() return nav.route():from(stack, function() return nav.route("tabs") end) end)
    :toFail("bad argument #2 to 'from' %(route rooted at stack, modal or container expected, got route rooted at tabs%)")
  expect(function() app.navigator:navigate(nav.route("tabs"):selectTab(1), { from = stack }) end)
    :toFail("bad argument #1 to 'navigate' %(route rooted at stack, modal or container expected, got route rooted at tabs%)")
  -- A modal route fits every container, as every one is a UIViewController.
  expect(app:navigate(nav.route():from(stack, nav.route("modal"):present(A())))):toSucceed()
end)

describe("nav.route's kind", function()
  scenario("may be written as its bare predicate, as every kind argument may", function()
    expect(tostring(nav.route(nav.tabs))):toBe("Route(tabs → tabs, 0 actions)")
    expect(function() nav.route(nav.stack { key = Chat() }) end)
      :toFail("bad argument #1 to 'route' (a kind's name or bare predicate (nav.stack) expected, got a narrowed predicate)")
  end)
end)
