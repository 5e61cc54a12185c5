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

  scenario("an index out of range is not found", function()
    local app = tabApp(1)
    expect(app:navigate(tabs:selectTab(4))):toFail("No container of UIViewController type found for:\n  ScreenSelectTabAction<UITabBarController, UIViewController>(predicate: index 4, animation: nil)")
    expect(app:navigate(tabs:selectTab(0))):toFail("index 0")
    expect(app:navigate(tabs:selectTab(Chat { id = 5 }))):toFail("No container of UIViewController type found")
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
  end)

  scenario("refuses what is not a tab", function()
    expect(function() tabs:selectTab() end):toFail("bad argument #1 to 'selectTab' (tab index, Screen or Container expected, got no value)")
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
