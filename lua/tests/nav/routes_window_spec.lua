-- Window routes: root, setRoot, makeKey, makeKeyAndVisible.
local Feed = nav.screen("Feed")
local Home = nav.screen("Home", { container = "tabs" })
local Chat = nav.screen("Chat")

describe("window routes", function()
  scenario("setRoot replaces the root, dropping the old tree with its modals", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = Chat() }
    expect(app:navigate(nav.route():setRoot(Chat { chatId = 1 }))):toBe(true)
    expect(app:tree()):toBe("window\n└─ modal Chat(chatId=1) ← top")
    expect(app.transitions[1].kind):toBe("setRoot")
    expect(app.transitions[1].animated):toBe(false)
    expect(app.log):toEqual({ "Info: Setting root of UIWindow to Chat(chatId=1)" })
  end)

  scenario("setRoot animates only with a custom animation, and runs a nested route on the root", function()
    local app = nav.app()
    local tabs = function(r) return r:setupTab(Feed()):setupTab(Chat()):selectTab(2) end
    expect(app:navigate(nav.route():setRoot(Home(), { animation = "crossDissolve" }, tabs):makeKeyAndVisible())):toBe(true)
    expect(app.transitions[1].animation):toBe("crossDissolve")
    expect(app.clock):toBe(0.3)
    expect(app:top()):toShow(Chat())
    expect(app:navigate(nav.route():setRoot(Feed(), function(r) return r:present(Chat()) end))):toBe(true)
    expect(app:top()):toShow(Chat())
  end)

  scenario("root finds the root, of a given kind", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():root("stack"):push(Chat()))):toBe(true)
    expect(app:navigate(nav.route():root("tabs"))):toFail("does not match the expected type UITabBarController")
    expect(nav.app():navigate(nav.route():root())):toFail("No container of UIViewController type found for:\n  ScreenRootAction<UIWindow, UIViewController>()")
  end)

  scenario("makeKey and makeKeyAndVisible keep the window key", function()
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():makeKey():makeKeyAndVisible())):toBe(true)
    expect(app.window.isKey):toBe(true)
  end)

  scenario("window methods need a window route", function()
    expect(function() nav.route("modal"):setRoot(Feed()) end):toFail("calling 'setRoot' on bad self (window route expected, got modal route)")
    expect(function() nav.route():top(nav.stack):makeKey() end):toFail("calling 'makeKey' on bad self (window route expected, got stack route)")
    expect(function() nav.route():setRoot() end):toFail("bad argument #1 to 'setRoot' (Screen expected, got no value)")
    expect(function() nav.route():setRoot(Feed(), { animated = true }) end):toFail("unknown option 'animated' (animation expected)")
    -- Root and tab animations are custom only: there is no default one, and one needs a name.
    expect(function() nav.route():setRoot(Feed(), { animation = "default" }) end):toFail("option 'animation' has no default animation")
    expect(function() nav.route():setRoot(Feed(), { animation = "" }) end):toFail("option 'animation' needs an animation name")
    expect(function() nav.route("tabs"):selectTab(1, { animation = { name = "" } }) end):toFail("option 'animation' needs an animation name")
    expect(function() nav.route():root("window") end):toFail("bad argument #1 to 'root' (a view controller's kind expected, got 'window' (modal, stack or tabs expected))")
  end)

  scenario("a kind may be written as its predicate: root(nav.stack), presented(nav.stack), stackTop(nav.container)", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = nav.stack { Chat() } }
    expect(app:navigate(nav.route():root(nav.stack):push(Feed { n = 2 }))):toSucceed()
    expect(app:navigate(nav.route():root(nav.stack):presented(nav.stack):push(Chat { n = 3 }))):toSucceed()
    expect(app:top()):toShow(Chat { n = 3 })
    expect(app:navigate(nav.route():root(nav.stack):stackTop(nav.container):dismiss())):toSucceed()
    expect(app:top()):toShow(Feed { n = 2 })
    local tabs = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat() } } }
    expect(tabs:navigate(nav.route():top(nav.tabs):selectTab(2, { kind = nav.stack }, function(stack) return stack:push(Feed { n = 1 }) end))):toSucceed()
    expect(tabs:top()):toShow(Feed { n = 1 })
  end)
end)

describe("window routes: the old root", function()
  -- Replaces the root with a Chat, lets what runs end, and puts the old root back: it
  -- comes back alone, without what it presented.
  local function replacedThenPutBack(app, old)
    expect(app:navigate(nav.route():setRoot(Chat()))):toBe(true)
    app:settle()
    expect(old.presented):toBeNil()
    expect(app:navigate(nav.route():setRoot(old))):toBe(true)
    expect(app:tree()):toBe("window\n└─ stack\n   └─ modal Feed ← top")
  end

  scenario("an old root put back shows alone: what it presented went with it", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = Chat() }
    local old = app.window.children[1]
    expect(app:navigate(nav.route():setRoot(Chat { chatId = 1 }))):toBe(true)
    expect(old.presented):toBeNil()
    expect(app:navigate(nav.route():setRoot(old))):toBe(true)
    expect(app:tree()):toBe("window\n└─ stack\n   └─ modal Feed ← top")
    expect(app:top()):toShow(Feed())
  end)

  scenario("setRoot of the root it has with a custom animation runs the animation and records nothing", function()
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():setRoot(app.window.children[1], { animation = { name = "flip", duration = 2 } }))):toBe(true)
    expect(app.clock):toBe(2)
    expect(#app.transitions):toBe(0)
    expect(app:navigate(nav.route():setRoot(app.window.children[1]))):toBe(true)
    expect(app.clock):toBe(2)
  end)

  scenario("an old root whose presentation was still coming in leaves with it once it is in", function()
    local Settings = nav.screen("Settings")
    local app = nav.app { root = nav.stack { Feed() } }
    local old = app.window.children[1]
    app.navigator:navigate(nav.route():top(nav.container):present(Settings()), nil, function() end)
    app:advance(0.1)
    replacedThenPutBack(app, old)
  end)

  scenario("so does a chain two deep whose top was still coming in", function()
    local Settings, Sheet = nav.screen("Settings"), nav.screen("Sheet")
    local app = nav.app { root = nav.stack { Feed() } }
    local old = app.window.children[1]
    app:navigate(nav.route():top(nav.container):present(Settings()))
    app.navigator:navigate(nav.route():top(nav.container):present(Sheet()), nil, function() end)
    app:advance(0.1)
    replacedThenPutBack(app, old)
  end)

  scenario("and so does the rest of a chain whose top was still going when it was replaced", function()
    local Settings, Sheet = nav.screen("Settings"), nav.screen("Sheet")
    local app = nav.app { root = nav.stack { Feed() } }
    local old = app.window.children[1]
    app:navigate(nav.route():top(nav.container):present(Settings()))
    app:navigate(nav.route():top(nav.container):present(Sheet()))
    app.navigator:navigate(nav.route():top(nav.container):presenting():dismiss(), nil, function() end)
    app:advance(0.1)
    replacedThenPutBack(app, old)
  end)
end)
