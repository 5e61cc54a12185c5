-- Predicates: nav.container, nav.stack, nav.tabs, narrowed; nav.predicate.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")

local function app()
  return nav.app { root = nav.tabs {
    nav.stack { Feed(), key = Feed { tab = 1 } },
    nav.stack { Chat { chatId = 1 }, Chat { chatId = 2 } },
    selected = 2,
  } }
end

describe("predicates", function()
  scenario("match by kind", function()
    expect(tostring(nav.container)):toBe("container of UIViewController type")
    expect(tostring(nav.stack)):toBe("container of UINavigationController type")
    expect(tostring(nav.tabs)):toBe("container of UITabBarController type")
    local a = app()
    expect(a:navigate(nav.route():last(nav.container):get(function(c) expect(c.key):toBe("Chat(chatId=2)") end))):toBe(true)
    expect(a:navigate(nav.route():first(nav.container):get(function(c) expect(c.kind):toBe("tabs") end))):toBe(true)
  end)

  scenario("narrow by name or key", function()
    expect(tostring(nav.container { name = "Chat" })):toBe("Chat container of UIViewController type")
    expect(tostring(nav.stack { key = Feed { tab = 1 } })):toBe("Feed(tab=1) container of UINavigationController type")
    local a = app()
    expect(a:navigate(nav.route():first(nav.container { name = "Chat" }):get(function(c) expect(c.key):toBe("Chat(chatId=1)") end))):toBe(true)
    expect(a:navigate(nav.route():first(nav.stack { key = Feed { tab = 1 } }))):toBe(true)
    expect(a:navigate(nav.route():first(nav.stack { name = "Chat" }))):toFail("No container of UINavigationController type found")
  end)

  scenario("custom predicates run a function on each container", function()
    local a = app()
    local evenChat = nav.predicate("even chat", function(c) return c.traits.chatId ~= nil and c.traits.chatId % 2 == 0 end)
    expect(tostring(evenChat)):toBe("even chat")
    expect(a:navigate(nav.route():first(evenChat):makeVisible())):toBe(true)
    local anyStack = nav.predicate("any stack", function() return true end, "stack")
    expect(a:navigate(nav.route():last(anyStack):push(Feed()))):toBe(true)
    local broken = nav.predicate("broken", function() error("predicate broke") end)
    expect(a:navigate(nav.route():first(broken))):toFail("predicates_spec.lua:%d+: predicate broke")
  end)

  scenario("top asks a predicate about visible containers only, as Nivelir's iterator does", function()
    local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
    local a = nav.app { root = nav.tabs { nav.stack { Feed(), Chat() }, nav.stack { Feed { x = 2 } } } }
    local asked = {}
    local probe = nav.predicate("probe", function(c) asked[#asked + 1] = tostring(c) .. (c.isVisible and "" or " (hidden)") return true end)
    expect(a:navigate(nav.route():top(probe))):toBe(true)
    expect(table.concat(asked, ", ")):toBe("<UITabBarController>, <UINavigationController>, <UIViewController: Chat>")
  end)

  scenario("a Screen finds its key in the kind of container it builds, as Nivelir's .container(of: screen)", function()
    local A, B = nav.screen("A"), nav.screen("B")
    local Home = nav.screen("Home", { container = "tabs" })
    local a = nav.app { root = Home() }
    expect(a:navigate(nav.route():last(Home()))):toBe(true)
    expect(a.log[#a.log]):toBe("Info: Searching for a last container of UITabBarController type in UIWindow")
    -- the stack withStackContainer puts around B has no key: Nivelir finds nothing either
    local b = nav.app { root = A() }
    expect(b:navigate(nav.route():root():present(B():withStackContainer()))):toBe(true)
    expect(b:navigate(nav.route():last(B():withStackContainer())))
      :toFail("^No container of UINavigationController type found for:\n  ScreenLastAction<UIWindow, UINavigationController>")
    expect(b:navigate(nav.route():last(B()))):toBe(true)
  end)

  scenario("refuse bad narrowing, and hierarchies used as searches", function()
    expect(function() nav.container { name = true } end):toFail("option 'name' must be a string")
    expect(function() nav.container { key = true } end):toFail("option 'key' must be a Screen or a screen's key")
    -- a misspelt option would match every container
    expect(function() nav.container { nmae = "Chat" } end):toFail("bad argument #1 to 'container' (unknown option 'nmae' (key, name expected))")
    expect(function() nav.container { Feed() } end):toFail("nav.container takes no screens")
    expect(function() nav.container { name = "Feed", key = Feed() } end):toFail("options 'name' and 'key' both narrow by the key: give one")
    expect(function() nav.tabs { selcted = 2, nav.stack {} } end):toFail("unknown option 'selcted' (key, name, presented, selected expected)")
    expect(function() nav.stack { kye = Feed(), Feed() } end):toFail("unknown option 'kye' (key, name, presented expected)")
    expect(function() nav.stack { [3] = Feed() } end):toFail("unknown option [3]")
    expect(function() nav.stack(5) end):toFail("table expected, got number")
    expect(function() nav.route():top(nav.stack { Feed() }) end):toFail("a container with screens describes a hierarchy, not a search")
    expect(function() nav.predicate("x") end):toFail("bad argument #2 to 'predicate' (function expected, got no value)")
    expect(function() nav.predicate("x", function() end, "view") end):toFail("unknown container kind 'view'")
  end)
end)

describe("the navigator's iterator", function()
  local Settings = nav.screen("Settings")
  local function presenting()
    return nav.app { root = nav.tabs { nav.stack { Feed(), Chat { chatId = 1 } }, nav.stack { Chat { chatId = 2 } }, selected = 1 },
                     presented = Settings() }
  end

  scenario("walks in Nivelir's order: the selected tab last, presentations after their presenter's tree", function()
    local app, order = presenting(), {}
    expect(app.navigator:iterate(app.window, function(c) order[#order + 1] = c.name or c.kind return "continue" end)):toBeNil()
    expect(order):toEqual { "window", "tabs", "stack", "Chat", "stack", "Feed", "Chat", "Settings" }
  end)

  scenario("keeps the last suitable container, or the one it stops at", function()
    local app = presenting()
    local lastStack = app.navigator:iterate(app.window, function(c) return "continue", c.kind == "stack" and c or nil end)
    expect(lastStack.children[1]):toShow(Feed)
    local firstChat = app.navigator:iterate(app.window, function(c) if c.name == "Chat" then return "stop", c end return "continue" end)
    expect(firstChat):toShow(Chat { chatId = 2 })
  end)

  scenario("firstContainer and lastContainer take a function of the container", function()
    local app = presenting()
    expect(app.navigator:firstContainer(app.window, function(c) return c.name == "Chat" end)):toShow(Chat { chatId = 2 })
    expect(app.navigator:lastContainer(app.window, function(c) return c.name == "Chat" end)):toShow(Chat { chatId = 1 })
    expect(app.navigator:firstContainer(app.window, function() return false end)):toBeNil()
  end)

  scenario("a wrong answer or an error stops the walk and is raised at the line", function()
    local app = presenting()
    expect(function() app.navigator:iterate(app.window, function() return 5 end) end)
      :toFail('predicates_spec.lua:%d+: the iterate function must return "continue" or "stop", got number')
    expect(function() app.navigator:iterate(app.window, function() return "maybe" end) end)
      :toFail('the iterate function must return "continue" or "stop", got "maybe"')
    expect(function() app.navigator:iterate(app.window, function() return "stop" end) end):toFail("stopped without a Container")
    expect(function() app.navigator:iterate(app.window, function() return "continue", 5 end) end)
      :toFail("second result must be a Container or nil, got number")
    expect(function() app.navigator:lastContainer(app.window, function() error("walk broke") end) end)
      :toFail("predicates_spec.lua:%d+: walk broke")
    expect(function() app.navigator:firstContainer(app.window) end):toFail("bad argument #2 to 'firstContainer' (function expected, got no value)")
  end)

  scenario("a screen type finds its screens in the kind of container they build", function()
    local Inbox = nav.screen("Inbox", { container = "stack", build = function(stack) stack:setChildren { nav.screen("Feed")() } end })
    local Note = nav.screen("Note")
    local app = nav.app { root = nav.tabs { Inbox() } }
    expect(app:navigate(nav.route():last(Inbox):push(Note()))):toSucceed()
    expect(app:top()):toShow(Note())
    expect(app:navigate(nav.route():first(Note):dismiss())):toSucceed()
  end)

  scenario("a custom action writes to the navigator's log, as Nivelir's logInfo and logError", function()
    local app = nav.app()
    app.navigator:logInfo("Checking authorization")
    app.navigator:logError("access denied")
    app.navigator:logError(setmetatable({}, { __tostring = function() return "custom error" end }))
    expect(app.log):toEqual { "Info: Checking authorization", "Error: access denied", "Error: custom error" }
    expect(function() app.navigator:logInfo({}) end):toFail("bad argument #1 to 'logInfo' (string expected, got table)")
    expect(function() app.navigator:logError() end):toFail("bad argument #1 to 'logError' (value expected")
    -- As an error message shows a value: a table by its fields, never an address, which
    -- differs every run; a __tostring that raises says so; text must be UTF-8 as logInfo's.
    app.navigator:logError({ code = 1 })
    app.navigator:logError(setmetatable({}, { __tostring = function() error("no words", 0) end }))
    expect(app.log[4]):toBe("Error: (error object is a table value: {code = 1})")
    expect(app.log[5]):toBe("Error: (error object is a table value whose __tostring failed: no words)")
    expect(function() app.navigator:logError("bad \255") end):toFail("UTF-8 text expected")
    expect(#app.log):toBe(5)
  end)
end)

describe("the container kind", function()
  scenario("a route or predicate of kind container takes any container, the window too (Nivelir's ScreenContainer)", function()
    local A, B = nav.screen("A"), nav.screen("B")
    local app = nav.app { root = nav.stack { A() } }
    expect(tostring(nav.route("container"))):toBe("Route(container → container, 0 actions)")
    expect(function() nav.route("container"):present(B()) end):toFail("calling 'present' on bad self (modal route expected, got container route)")
    local seen = {}
    local anyContainer = nav.predicate("any", function(c) seen[#seen + 1] = c.typeName return false end, "container")
    expect(app:navigate(nav.route():first(anyContainer))):toFail("No container of ScreenContainer type found")
    expect(seen):toEqual { "UIWindow", "UINavigationController", "UIViewController" }
    expect(function() nav.route():root("container") end):toFail("'container' is no kind here: any view controller is 'modal', or nav.container (modal, stack or tabs expected)", true)
  end)
end)

describe("navigator:topContainerIn", function()
  scenario("is Nivelir's topContainer(in:where:): the last visible match, asking visible containers only", function()
    local A, B, Five = nav.screen("A"), nav.screen("B"), nav.screen(5)
    local app = nav.app { root = nav.tabs { nav.stack { A(), B() }, nav.stack { Five() } } }
    local asked = {}
    local found = app.navigator:topContainerIn(app.window, function(c) asked[#asked + 1] = c.name or c.kind return c.kind == "modal" end)
    expect(found.name):toBe("B")
    expect(asked):toEqual { "window", "tabs", "stack", "B" }
    expect(app.navigator:topContainerIn(app.window, function() return false end)):toBeNil()
    expect(function() app.navigator:topContainerIn(app.window, function() error("broke") end) end):toFail("predicates_spec.lua:%d+: broke")
    -- A number names a screen as Lua writes it, as nav.screen takes one: 5 is "5", 5.0 is "5.0".
    expect(app:navigate(nav.route():last(nav.container { name = 5 }):makeVisible())):toSucceed()
    expect(app:top().name):toBe("5")
    expect(app:navigate(nav.route():last(nav.container { name = 5.0 }))):toFail("UIViewController")
    local Half = nav.screen(2.5)
    expect(app:navigate(nav.route():top(nav.stack):push(Half()))):toSucceed()
    expect(app:navigate(nav.route():last(nav.container { name = 2.5 }))):toSucceed()
    expect(app:top().name):toBe("2.5")
    -- NaN and infinity, which C libraries write differently, name no screen.
    expect(function() nav.screen(0 / 0) end):toFail("bad argument #1 to 'screen' %(a screen's name is text or a finite number, got %-?nan%)")
    expect(function() nav.screen(math.huge) end):toFail("bad argument #1 to 'screen' (a screen's name is text or a finite number, got inf)")
  end)
end)

describe("narrowing", function()
  scenario("is for nav.container, nav.stack and nav.tabs: a predicate would lose its condition to the new one", function()
    local never = nav.predicate("never", function() return false end)
    expect(function() return never { name = "Chat" } end)
      :toFail("only nav.container, nav.stack and nav.tabs are narrowed by a call; never is a predicate already")
    expect(function() return nav.container { name = "A" } { key = nav.screen("B")() } end)
      :toFail("A container of UIViewController type is a predicate already")
    expect(tostring(nav.stack { key = nav.screen("B")() })):toBe("B container of UINavigationController type")
  end)
end)

describe("a key given as its text", function()
  scenario("finds the container with that key, as Nivelir's container(key: screen.key)", function()
    local RoomList, Home = nav.screen("RoomList"), nav.screen("Home")
    local app = nav.app { root = nav.tabs { nav.stack { RoomList { a = 1 } }, nav.stack { Home() }, selected = 2 } }
    expect(app:navigate(nav.route():last(nav.container { key = RoomList { a = 1 }.key }):makeVisible())):toSucceed()
    expect(app:top()):toShow(RoomList { a = 1 })
    expect(tostring(nav.container { key = RoomList { a = 2 }.key })):toBe("RoomList(a=2) container of UIViewController type")
    expect(app:navigate(nav.route():last(nav.container { key = RoomList { a = 2 }.key }))):toFail("RoomList%(a=2%) container of UIViewController type")
    expect(function() return nav.container { key = 5 } end):toFail("option 'key' must be a Screen or a screen's key")
  end)

  scenario("is described in a pop or a tab selection as the Screen is, Nivelir's shorthand", function()
    local A, C = nav.screen("A"), nav.screen("C")
    local app = nav.app { root = nav.stack { A() } }
    for _, key in ipairs { C { n = 1 }, C { n = 1 }.key } do
      expect(app:navigate(nav.route():top(nav.stack):pop { to = nav.container { key = key } }))
        :toFail("No container of UIViewController type found for:\n  Pop to C(n=1) container", true)
    end
    local tabs = nav.app { root = nav.tabs { A(), C { n = 1 } } }
    expect(tabs:navigate(nav.route():root("tabs"):selectTab(nav.container { key = C { n = 1 }.key }))):toSucceed()
    expect(tabs.log[1]):toBe("Info: Selecting tab of UIViewController type in UITabBarController with C(n=1) container")
  end)
end)

describe("nav.predicate's kind", function()
  scenario("is a name or the bare predicate of that kind, as root(kind?) takes it", function()
    local Feed = nav.screen("Feed")
    local a = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Feed { x = 2 } } } }
    local anyStack = nav.predicate("any stack", function() return true end, nav.stack)
    expect(a:navigate(nav.route():last(anyStack):push(Feed { x = 3 }))):toBe(true)
    local stacks = a.window.children[1].children
    expect(#stacks[1].children + #stacks[2].children):toBe(3)
    local anyTabs = nav.predicate("any tabs", function() return true end, nav.tabs)
    expect(a:navigate(nav.route():first(anyTabs):selectTab(2))):toBe(true)
    expect(function() nav.route():first(anyStack):selectTab(1) end):toFail("tabs route expected, got stack route")
    expect(function() nav.predicate("x", function() end, nav.stack { name = "Feed" }) end)
      :toFail("bad argument #3 to 'predicate' (a kind's name or bare predicate (nav.stack) expected, got a narrowed predicate)", true)
  end)
end)
