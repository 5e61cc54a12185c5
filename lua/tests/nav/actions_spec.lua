-- Custom actions: nav.action extends the DSL, as Nivelir's action layer is extended.
local Feed = nav.screen("Feed")
local SignIn = nav.screen("SignIn")
local Chat = nav.screen("Chat")

describe("nav.action", function()
  scenario("adds a route method that runs the script's perform function", function()
    local seen = {}
    nav.action("mark", { on = "modal", perform = function(container, navigator, done, label)
      seen[#seen + 1] = label .. " " .. container.key
      done()
    end })
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():root():mark("first"):mark("second"))):toBe(true)
    expect(seen):toEqual({ "first Feed", "second Feed" })
  end)

  scenario("an action that produces a container continues from it", function()
    nav.action("presentedOrSelf", { on = "modal", produces = "modal", perform = function(container, navigator, done)
      done(container.presented or container)
    end })
    local app = nav.app { root = Feed(), presented = Chat() }
    local key
    expect(app:navigate(nav.route():root():presentedOrSelf():get(function(c) key = c.key end))):toBe(true)
    expect(key):toBe("Chat")
    expect(tostring(nav.route():root():presentedOrSelf())):toBe("Route(window → modal, 1 action)")
  end)

  scenario("an authorization interceptor completes later, after its own navigation", function()
    local signedIn = false
    nav.action("authorize", { on = "modal", produces = "modal", perform = function(container, navigator, done)
      if signedIn then return done(true) end
      navigator:navigate(nav.route():root():present(SignIn()), function(ok)
        signedIn = true
        navigator:navigate(nav.route():root():dismiss(), function() done(true) end)
      end)
    end })
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():root():authorize():present(Chat()))):toBe(true)
    expect(app:top()):toShow(Chat())
    local kinds = {}
    for i, t in ipairs(app.transitions) do kinds[i] = t.kind .. " " .. tostring(t.after[1]) end
    expect(kinds):toEqual({ "present SignIn", "dismiss nil", "present Chat" })
  end)

  scenario("done(false) cancels with Nivelir's message, or fails with the one given", function()
    nav.action("cancel", { perform = function(_, _, done) done(false) end })
    nav.action("refuse", { perform = function(_, _, done) done(false, "not allowed") end })
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():cancel())):toFail('Action canceled:\n  ScreenCustomAction<UIWindow>(name: "cancel")')
    expect(app:navigate(nav.route():refuse())):toFail("^not allowed$")
    -- A number as the reason is its text.
    nav.action("gone", { perform = function(_, _, done) done(nil, 410) end })
    expect(app:navigate(nav.route():gone())):toFail("^410$")
    -- A table as a failure's message shows it, as a get's reason is: not dropped for "canceled".
    nav.action("coded", { perform = function(_, _, done) done(false, { code = 1 }) end })
    expect(app:navigate(nav.route():coded())):toFail("(error object is a table value: {code = 1})", true)
    expect(app:navigate(nav.route():get(function() return false, { code = 2 } end))):toFail("(error object is a table value: {code = 2})", true)
  end)

  scenario("never completing, or completing twice, is reported", function()
    nav.action("stuck", { perform = function() end })
    nav.action("twice", { perform = function(_, _, done) done() done() end })
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():stuck())):toFail('The action never completed for:\n  ScreenCustomAction<UIWindow>(name: "stuck")')
    expect(app:navigate(nav.route():twice())):toFail('The action completed more than once for:\n  ScreenCustomAction<UIWindow>(name: "twice")')
  end)

  scenario("done(nil) succeeds as done() does; done(nil, why) fails with why", function()
    nav.action("nothing", { perform = function(_, _, done) done(nil) end })
    nav.action("offline", { perform = function(_, _, done) done(nil, "offline") end })
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():nothing())):toBe(true)
    expect(app:navigate(nav.route():offline())):toFail("^offline$")
  end)

  scenario("arguments are plain data: a Screen, a function or a route among them is refused where the route is built", function()
    nav.action("take", { perform = function(_, _, done) done() end })
    expect(function() nav.route():take(1, Feed()) end)
      :toFail("bad argument #2 to 'take' (plain data expected (strings, numbers, booleans and tables of them), got Screen)")
    expect(function() nav.route():take({ n = 1, s = Feed() }) end):toFail("got Screen at s)")
    expect(function() nav.route():take({ 1, { print } }) end):toFail("got function at [2][1])")
    expect(function() nav.route():take(nav.route()) end):toFail("got Route)")
    nav.decorator("badge", function() end)
    expect(function() Feed():decorated("badge", { on = Feed() }) end):toFail("bad argument #2 to 'decorated' (plain data expected")
    expect(nav.app():navigate(nav.route():take(1, "a", true, { x = { 2.5 } }))):toBe(true)
  end)

  scenario("an error in perform fails the navigation with its file and line", function()
    nav.action("broken", { perform = function() error("perform broke") end })
    expect(nav.app():navigate(nav.route():broken())):toFail("actions_spec.lua:%d+: perform broke")
  end)

  scenario("an error after done is raised with its own message; the route went on", function()
    local Chat = nav.screen("Chat")
    nav.action("late", { perform = function(_, _, done) done(true) error("after done") end })
    local app = nav.app { root = nav.stack { Feed() } }
    expect(function() app:navigate(nav.route():late():top(nav.stack):push(Chat())) end):toFail("actions_spec.lua:%d+: after done")
    expect(app:top()):toShow(Chat)
    expect(app.log).never:toHaveLogged("completed more than once")
  end)

  scenario("checks the kind where the route is built", function()
    nav.action("onStack", { on = "stack", perform = function(_, _, done) done() end })
    expect(function() nav.route():onStack() end):toFail("calling 'onStack' on bad self (stack route expected, got window route)")
    expect(nav.app { root = nav.stack {} }:navigate(nav.route():top(nav.stack):onStack())):toBe(true)
  end)

  scenario("passes its done on as a navigation's completion, which completes it with the outcome", function()
    local Chat = nav.screen("Chat")
    nav.action("openChat", { on = "stack", perform = function(container, navigator, done)
      navigator:navigate(nav.route("stack"):push(Chat()), { from = container }, done)
    end })
    nav.action("refused", { on = "stack", perform = function(container, navigator, done)
      navigator:navigate(nav.route("stack"):fail("no chats today"), { from = container }, done)
    end })
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):openChat():push(Feed()))):toBe(true)
    expect(#app:topStack().children):toBe(3)
    expect(app:navigate(nav.route():top(nav.stack):refused():push(Chat()))):toFail("^no chats today$")
    expect(function() app.navigator:navigate(nav.route(), nil, 3) end):toFail("bad argument #3 to 'navigate' (function or Completion expected, got number)")
  end)

  scenario("takes its kinds by name or as their bare predicates, as every kind argument does", function()
    nav.action("toTabs", { on = nav.stack, produces = nav.tabs, perform = function(container, _, done) done(container.tabs) end })
    expect(function() nav.route():toTabs() end):toFail("calling 'toTabs' on bad self (stack route expected, got window route)")
    local app = nav.app { root = nav.tabs { nav.stack { Chat() } } }
    expect(app:navigate(nav.route():top(nav.stack):toTabs():selectTab(1))):toBe(true)
    expect(function() nav.action("x", { on = nav.stack { key = Chat() }, perform = function() end }) end)
      :toFail("option 'on' must be a kind's name or bare predicate %(nav.stack%), got a narrowed predicate")
  end)

  scenario("refuses bad definitions", function()
    expect(function() nav.action("bad name", { perform = function() end }) end):toFail("an action name is an identifier")
    expect(function() nav.action("x", {}) end):toFail("option 'perform' must be a function(container, navigator, done)")
    expect(function() nav.action("x", { on = "view", perform = function() end }) end):toFail("option 'on' must be a container kind")
    expect(function() nav.action("x", { produces = true, perform = function() end }) end):toFail("option 'produces' must be a string")
    expect(function() nav.action("x", { perform = function() end, extra = 1 }) end):toFail("unknown option 'extra'")
    expect(function() nav.action("__index", { perform = function() end }) end):toFail("'__index' is already a route method")
    expect(function() nav.action("push", { perform = function() end }) end):toFail("'push' is already a route method")
    nav.action("done", { perform = function(_, _, done) done(5) end })
    expect(nav.app():navigate(nav.route():done())):toFail("boolean or Container expected, got number")
  end)
end)

describe("a custom action's arguments", function()
  scenario("are bounded together, not each: one big string given 256 times is refused", function()
    nav.action("take", { on = "modal", perform = function(_, _, done) done() end })
    local text = string.rep("x", 7000000)
    local many = {}
    for i = 1, 256 do many[i] = text end
    expect(function() return nav.route():take(table.unpack(many)) end)
      :toFail("the arguments of 'take' are too large to copy together (more than 100000 values or 8388608 bytes of strings in all")
    local function list(n) local t = {} for i = 1, n do t[i] = i end return t end
    expect(function() return nav.route():take(list(60000), list(60000)) end):toFail("too large to copy together")
    expect(function() return nav.route():top(nav.container):take(list(40000), list(40000)) end).never:toFail()
    -- Counted as one copy counts: a field's value (its key in bytes), strings' bytes alone.
    local fields = {}
    for i = 1, 50000 do fields["k" .. i] = i end
    expect(function() return nav.route():top(nav.container):take(fields, 1) end).never:toFail()
    expect(function() return nav.route():top(nav.container):take(list(99000), string.rep("x", 7000000)) end).never:toFail()
    -- One too large alone says so as any copy does.
    expect(function() return nav.route():top(nav.container):take(1, list(100001)) end)
      :toFail("value too large to copy %(more than 100000 values")
  end)
end)

describe("a completion", function()
  -- Nivelir calls a completion directly: the rest of the route runs before done() returns
  -- (ScreenNavigateAction's completion performs the next action at once).
  scenario("runs the rest of the route before done() returns", function()
    local A, M = nav.screen("A"), nav.screen("M")
    local seen
    nav.action("sync", { on = "modal", produces = "modal", perform = function(c, n, done)
      done()
      seen = c.presented and c.presented.name
      n:logInfo("after done")
    end })
    local app = nav.app { root = nav.stack { A() } }
    expect(app:navigate(nav.route():top(nav.container):sync():present(M()))):toSucceed()
    expect(seen):toBe("M")
    expect(app.log[#app.log - 1]):toBe("Info: Presenting M on UIViewController")
    expect(app.log[#app.log]):toBe("Info: after done")
    -- A get given done does the same.
    local later
    local other = nav.app { root = nav.stack { A() } }
    expect(other:navigate(nav.route():top(nav.stack):get(function(_, done) done() later = #other:topStack().children end):push(M())))
      :toSucceed()
    expect(later):toBe(2)
  end)

  scenario("runs the rest first up to 16 within one another, and past them after the callback returns", function()
    local A = nav.screen("A")
    local order
    nav.action("mark", { on = "modal", produces = "modal", perform = function(_, _, done, i) done() order[#order + 1] = i end })
    local function marks(n)
      order = {}
      local route = nav.route():top(nav.container)
      for i = 1, n do route = route:mark(i) end
      expect(nav.app { root = A() }:navigate(route)):toSucceed()
      return order
    end
    -- Each done() runs the rest first, as direct calls do: the marks come back last first.
    expect(marks(10)):toEqual { 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }
    -- Sixteen frames within one another (the navigation's own and its top's among them):
    -- the fifteenth mark's rest is queued, and runs once its callback returns.
    expect(marks(20)):toEqual { 15, 16, 17, 18, 19, 20, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }
    -- A long route keeps a bounded call stack: every action runs, once.
    local long = marks(300)
    table.sort(long)
    expect(#long):toBe(300)
    for i = 1, 300 do assert(long[i] == i) end
  end)
end)

describe("a custom action's description", function()
  scenario("names the kind of the route it is added to, as a Swift action generic over Current", function()
    nav.action("refuse", { on = "modal", produces = "modal", perform = function(_, _, done) done(false, "no") end })
    local app = nav.app { root = nav.stack { nav.screen("Feed")() } }
    expect(app:navigate(nav.route():top(nav.stack):refuse())):toFail("no")
    nav.action("halt", { on = "modal", perform = function(_, _, done) done(false) end })
    expect(app:navigate(nav.route():top(nav.stack):halt())):toFail('Action canceled:\n  ScreenCustomAction<UINavigationController>(name: "halt")')
    expect(app:navigate(nav.route():top(nav.container):halt())):toFail('ScreenCustomAction<UIViewController>(name: "halt")')
    expect(function() nav.route():halt() end):toFail("modal route expected, got window route")
  end)
end)
