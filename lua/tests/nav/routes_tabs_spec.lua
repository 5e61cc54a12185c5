-- Tabs routes: selectTab, selectedTab, setupTab.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local Profile = nav.screen("Profile")

local tabs = nav.route():top(nav.tabs)

local function tabApp(selected)
  return nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat() }, Profile(), selected = selected } }
end

describe("selectTab", function()
  scenario("selects by 1-based index and completes on a later turn", function()
    local app = tabApp(1)
    local done = false
    app.navigator:navigate(tabs:selectTab(2), function(ok) done = ok end)
    expect(app.window.children[1].selectedIndex):toBe(2)
    expect(done):toBe(false)
    app:settle()
    expect(done):toBe(true)
    expect(app.transitions[1].before):toEqual({ "1: stack" })
    expect(app.transitions[1].after):toEqual({ "2: stack" })
    expect(app.log[2]):toBe("Info: Selecting tab of UIViewController type in UITabBarController with index 2")
  end)

  -- Nivelir's selectTab completes on the next main-queue turn: an animation of the tab bar
  -- controller under way (a present) does not hold it back, nor its nested route.
  scenario("completes on the next turn while the tab bar presents", function()
    local app = tabApp(1)
    local presented, selected
    app.navigator:navigate(nav.route():top(nav.tabs):present(Feed()), function() presented = app.clock end)
    app.navigator:navigate(tabs:selectTab(2), function() selected = app.clock end)
    app:settle()
    expect(selected):toBe(0)
    expect(presented):toBe(0.5)
  end)

  scenario("selects by Screen, screen type, name or Container, first match", function()
    local app = nav.app { root = nav.tabs { Profile { id = 1 }, Feed(), Profile { id = 2 }, selected = 2 } }
    expect(app:navigate(tabs:selectTab(Profile { id = 2 }))):toBe(true)
    expect(app.window.children[1].selectedIndex):toBe(3)
    expect(app:navigate(tabs:selectTab(Profile))):toBe(true)
    expect(app.window.children[1].selectedIndex):toBe(1)
    expect(app:navigate(tabs:selectTab("Feed"))):toBe(true)
    expect(app.window.children[1].selectedIndex):toBe(2)
    local third = app.window.children[1].children[3]
    expect(app:navigate(tabs:selectTab(third))):toBe(true)
    expect(app.window.children[1].selectedIndex):toBe(3)
  end)

  scenario("selecting the selected tab succeeds without a transition", function()
    local app = tabApp(2)
    expect(app:navigate(tabs:selectTab(2))):toBe(true)
    expect(#app.transitions):toBe(0)
  end)

  scenario("a function of the tabs gives the position to select, as Nivelir's ScreenTabPredicate", function()
    local app = tabApp(1)
    expect(app:navigate(tabs:selectTab(function(list) return #list end))):toSucceed()
    expect(app.window.children[1].selectedIndex):toBe(3)
    expect(app.log):toContain("Info: Selecting tab of UIViewController type in UITabBarController with custom predicate")
    expect(app:navigate(tabs:selectTab(function() return 0 end))):toFail("ScreenSelectTabAction<UITabBarController, UIViewController>(predicate: custom predicate")
    expect(app:navigate(tabs:selectTab(function() return true end)))
      :toFail("The tab's custom predicate must return a position (an integer) or nil, got boolean")
    expect(app:navigate(tabs:selectTab(function() return 1.5 end)))
      :toFail("The tab's custom predicate must return a position (an integer) or nil, got 1.5, which has no integer representation")
    -- Nivelir's .container(_: UIViewController): a window is no tab, refused where the route is written.
    expect(function() tabs:selectTab(app.window) end):toFail("bad argument #1 to 'selectTab' (a window, which is no tab)")
  end)

  scenario("an index out of range is not found", function()
    local app = tabApp(1)
    expect(app:navigate(tabs:selectTab(4))):toFail("No container of UIViewController type found for:\n  ScreenSelectTabAction<UITabBarController, UIViewController>(predicate: index 4, animation: nil)")
    -- An animation prints as Swift prints Nivelir's optional ScreenTabAnimation field.
    expect(app:navigate(tabs:selectTab(4, { animation = "crossDissolve" })))
      :toFail("animation: Optional(Nivelir.ScreenTabAnimation.custom(Nivelir.ScreenTabTransitionAnimation(duration: 0.3, options: __C.UIViewAnimationOptions(rawValue: 5242880)))))", true)
    -- A custom animation that is none of UIKit's transitions prints as itself.
    expect(app:navigate(tabs:selectTab(4, { animation = { name = "slide", duration = 0.4 } })))
      :toFail('animation: Optional(Nivelir.ScreenTabAnimation.custom(ScreenCustomAnimation(name: "slide", duration: 0.4))))', true)
    expect(app:navigate(tabs:selectTab(0))):toFail("No container of UIViewController type found for:\n  ScreenSelectTabAction<UITabBarController, UIViewController>(predicate: index 0, animation: nil)")
    expect(app:navigate(tabs:selectTab(Chat { id = 5 }))):toFail("No container of UIViewController type found")
  end)

  -- Nivelir's completion sets the index it worked out before the animation
  -- (ScreenSelectTabAction: container.selectedIndex = newSelectedTabIndex).
  scenario("with a custom animation, selects the index it chose, whatever the tabs became", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat(), Profile() } }
    local bar = app.window.children[1]
    app.navigator:navigate(tabs:selectTab(3, { animation = "crossDissolve" }))
    app:advance(0.1)
    bar:setChildren({ Profile(), Chat(), Feed() }, app.navigator)
    app:settle()
    expect(bar.selectedIndex):toBe(3)
    expect(bar.children[3].name):toBe("Feed")
  end)

  scenario("animates only with an animation and a different tab", function()
    local app = tabApp(1)
    expect(app:navigate(tabs:selectTab(2, { animation = "crossDissolve" }))):toBe(true)
    expect(app.transitions[1].animation):toBe("crossDissolve")
    expect(app.clock):toBe(0.3)
  end)

  scenario("runs a nested route on the selected tab, of the kind given", function()
    local app = tabApp(1)
    expect(app:navigate(tabs:selectTab(2, { kind = "stack" }, function(r) return r:push(Feed()) end))):toBe(true)
    expect(app:top()):toShow(Feed())
    expect(app:navigate(tabs:selectTab(3, { kind = "stack" }))):toFail("does not match the expected type UINavigationController")
    expect(function() tabs:selectTab(2, function(r) return r:push(Feed()) end) end):toFail("calling 'push' on bad self (stack route expected, got modal route)")
    -- nil options, then the nested route
    local seen
    expect(app:navigate(tabs:selectTab(1, nil, function(r) return r:get(function(c) seen = c.children[1].name end) end))):toBe(true)
    expect(seen):toBe("Feed")
    expect(function() tabs:selectTab(1, nil, nav.route("tabs")) end):toFail("bad argument #3 to 'selectTab'")
  end)

  scenario("refuses what is not a tab", function()
    expect(function() tabs:selectTab() end):toFail("bad argument #1 to 'selectTab' (tab index, Screen, Container, predicate or function expected, got no value)")
    expect(function() tabs:selectTab(1.5) end):toFail("number has no integer representation")
    expect(function() tabs:selectTab(1, { kind = "window" }) end):toFail("unknown container kind 'window' (modal, stack or tabs expected)")
    expect(function() nav.route():selectTab(1) end):toFail("calling 'selectTab' on bad self (tabs route expected, got window route)")
  end)
end)

describe("selectedTab and setupTab", function()
  scenario("selectedTab continues from the selected tab", function()
    local app = tabApp(2)
    expect(app:navigate(tabs:selectedTab("stack"):push(Feed()))):toBe(true)
    expect(app:top()):toShow(Feed())
    expect(nav.app { root = nav.tabs {} }:navigate(tabs:selectedTab())):toFail("ScreenSelectedTabAction")
  end)

  scenario("setupTab appends a tab without changing the selection", function()
    local app = nav.app { root = nav.tabs {} }
    expect(app:navigate(tabs:setupTab(Feed()):setupTab(Chat():withStackContainer(), function(r) return r:push(Profile()) end))):toBe(true)
    local root = app.window.children[1]
    expect(#root.children):toBe(2)
    expect(root.selectedIndex):toBe(1)
    expect(root.children[2].children[2].key):toBe("Profile")
    expect(#app.transitions):toBe(1)
    expect(app.log[2]):toBe("Info: Setting up new tab in UITabBarController with Feed")
    expect(function() nav.route():setupTab(Feed()) end):toFail("calling 'setupTab' on bad self (tabs route expected, got window route)")
  end)
end)

describe("selectTab with a predicate", function()
  scenario("selects the first tab a container predicate matches, and says so in the log", function()
    local app = tabApp(1)
    expect(app:navigate(tabs:selectTab(nav.container { name = "Profile" }))):toSucceed()
    expect(app.window.children[1].selectedIndex):toBe(3)
    -- nav.container{name =} and {key =} are Nivelir's .container(name:) and .container(key:)
    expect(app.log[#app.log]):toBe("Info: Selecting tab of UIViewController type in UITabBarController with Profile container")
    expect(app:navigate(tabs:selectTab(nav.stack))):toSucceed()
    expect(app.log[#app.log]):toBe("Info: Selecting tab of UIViewController type in UITabBarController with container of UINavigationController type")
    expect(app.window.children[1].selectedIndex):toBe(1)
    expect(app:navigate(tabs:selectTab(nav.container { key = Profile() }))):toSucceed()
    expect(app.log[#app.log]):toBe("Info: Selecting tab of UIViewController type in UITabBarController with Profile container")
    expect(app.window.children[1].selectedIndex):toBe(3)
    local chats = nav.predicate("the chats", function(c) return c.kind == "stack" and c.children[1].name == "Chat" end)
    expect(app:navigate(tabs:selectTab(chats))):toSucceed()
    expect(app.window.children[1].selectedIndex):toBe(2)
  end)

  scenario("no match is Nivelir's not-found error; a failing predicate fails the selection", function()
    local app = tabApp(1)
    local ok, err = app:navigate(tabs:selectTab(nav.container { name = "Settings" }))
    expect(ok):toBe(false)
    expect(err):toBe("No container of UIViewController type found for:\n  ScreenSelectTabAction<UITabBarController, UIViewController>(predicate: Settings container, animation: nil)")
    ok, err = app:navigate(tabs:selectTab(nav.predicate("broken", function() error("no tabs today") end)))
    expect(ok):toBe(false)
    expect(err):toContain("no tabs today")
  end)
end)

describe("a custom tab animation under way", function()
  -- UIView.transition(from:to:) swaps the tabs' views when it starts; Nivelir sets
  -- selectedIndex in its completion.
  scenario("shows the new tab from its start, and selects it at its end", function()
    local app = tabApp(1)
    local bar = app.window.children[1]
    app.navigator:navigate(tabs:selectTab(2, { animation = "crossDissolve" }))
    app:advance(0.1)
    expect(bar.selectedIndex):toBe(1)
    expect({ bar.children[1].isVisible, bar.children[2].isVisible }):toEqual { false, true }
    expect(app:topStack().children[1].name):toBe("Chat")
    expect(app:navigate(nav.route():top(nav.stack):push(Profile()))):toSucceed()
    expect(#bar.children[2].children):toBe(2)
    app:settle()
    expect(bar.selectedIndex):toBe(2)
    expect({ bar.children[1].isVisible, bar.children[2].isVisible }):toEqual { false, true }
  end)

  scenario("gives way to a selection without animation", function()
    local app = tabApp(1)
    local bar = app.window.children[1]
    app.navigator:navigate(tabs:selectTab(2, { animation = "crossDissolve" }))
    app:advance(0.1)
    app.navigator:navigate(tabs:selectTab(3))
    app:advance(0)
    expect(bar.children[3].isVisible):toBe(true)
    expect(bar.children[2].isVisible):toBe(false)
  end)
end)

-- Nivelir's custom tab animation is UIView.transition(from: the selected tab's view, to: the new
-- one's). A second one started while the first runs goes from a view the first took out of the
-- window, so its tab shows only once its completion selects it: the tab shown and
-- selectedIndex never disagree for longer than the first animation.
scenario("a custom tab selection over one under way shows its tab when it is selected", function()
  local app = nav.app { root = nav.tabs { Feed(), Chat(), Profile() } }
  app.navigator:navigate(tabs:selectTab(2, { animation = "crossDissolve" }))
  app:advance(0.1)
  app.navigator:navigate(tabs:selectTab(3, { animation = "crossDissolve" }))
  app:advance(0.05)
  expect(app:top()):toShow(Chat())                 -- the first's incoming tab, until it is selected
  app:advance(0.2)                                  -- 0.35: the first ended, the second not yet
  expect(app:topTabs().selectedIndex):toBe(2)
  expect(app:top()):toShow(Chat())
  app:advance(0.1)                                  -- 0.45: the second ended
  expect(app:topTabs().selectedIndex):toBe(3)
  expect(app:top()):toShow(Profile())
end)

scenario("selectTab's predicate of a kind types the nested route, as kind would", function()
  local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
  local app = nav.app { root = nav.tabs { Feed(), nav.stack { Feed() } } }
  expect(app:navigate(nav.route():top(nav.tabs):selectTab(nav.stack, nil, function(s) return s:push(Chat()) end))):toBe(true)
  expect(app:top()):toShow(Chat())
  expect(app):toHaveLogged("Selecting tab of UINavigationController type in UITabBarController with container of UINavigationController type")
  expect(tostring(nav.route("tabs"):selectTab(nav.stack{ key = "k" }, function(s) return s:push(Chat()) end))):toContain("1 action")
  -- A predicate of no one kind gives the modal route, as before.
  expect(function() nav.route("tabs"):selectTab(nav.container, function(s) return s:push(Chat()) end) end)
    :toFail("stack route expected, got modal route")
end)

describe("a nested route of a kind it is not", function()
  scenario("says how to have one: selectTab's kind, a presented stack", function()
    expect(function() tabs:selectTab(2, function(r) return r:popToRoot():push(Chat()) end) end)
      :toFail('stack route expected, got modal route)\n  (the nested route starts at the tab selected, a modal one unless its kind is given: selectTab(2, { kind = "stack" }, nested) for a stack route)')
    expect(function() nav.route():top(nav.container):present(Feed(), function(r) return r:push(Chat()) end) end)
      :toFail("stack route expected, got modal route)\n  (the nested route starts at the container presented, a modal one: present a stack (Chat():withStackContainer()) for a stack route)")
    -- Given the kind, the route is built.
    expect(tostring(tabs:selectTab(2, { kind = "stack" }, function(r) return r:popToRoot():push(Chat()) end))):toBe("Route(window → tabs, 1 action)")
  end)
end)
