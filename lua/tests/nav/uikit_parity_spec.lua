-- Behaviours where Nivelir and UIKit decide, pinned one by one (issue 12).
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local Profile = nav.screen("Profile")
local Settings = nav.screen("Settings")

local tabs = nav.route():top(nav.tabs)

describe("selectTab with a custom animation", function()
  scenario("selects when the animation ends, then completes", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat() } }
    local done, seen
    app.navigator:navigate(tabs:selectTab(2, { animation = { name = "slide", duration = 0.4 } }), function(ok)
      done, seen = ok, app:topTabs().selectedIndex
    end)
    expect(app.transitions[1].kind):toBe("selectTab")
    expect(app:topTabs().selectedIndex):toBe(1)     -- still the first tab while it animates
    app:advance(0.39)
    expect(app:topTabs().selectedIndex):toBe(1)
    expect(done):toBeNil()
    app:advance(0.01)
    expect(app:topTabs().selectedIndex):toBe(2)
    expect(done):toBe(true)
    expect(seen):toBe(2)                            -- selected before the completion
  end)

  scenario("without an animation selects at once", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat() } }
    app.navigator:navigate(tabs:selectTab(2))
    expect(app:topTabs().selectedIndex):toBe(2)
  end)

  -- The selected tab is still the first while the animation runs: selecting it again sets
  -- UIKit's selectedIndex to the value it has, which changes nothing, so the new tab's view
  -- stays in the window where UIView.transition put it. Another tab takes the window at once.
  for _, animated in ipairs { false, true } do
    scenario("selecting the selected tab again during it keeps the new tab on screen" .. (animated and ", animated" or ""), function()
      local app = nav.app { root = nav.tabs { Feed(), Chat(), Profile() } }
      app.navigator:navigate(tabs:selectTab(2, { animation = "crossDissolve" }))
      app:advance(0.1)
      expect(app:top()):toShow(Chat())
      expect(app:navigate(tabs:selectTab(1, animated and { animation = "crossDissolve" } or nil))):toSucceed()
      expect(app:top()):toShow(Chat())
      expect({ app:topTabs().children[1].isVisible, app:topTabs().children[2].isVisible }):toEqual({ false, true })
      app:settle()
      expect({ app:topTabs().selectedIndex, app.clock }):toEqual({ 2, 0.3 })
      expect(app:top()):toShow(Chat())
    end)
  end

  scenario("selecting a third tab during it shows that tab at once", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat(), Profile() } }
    app.navigator:navigate(tabs:selectTab(2, { animation = "crossDissolve" }))
    app:advance(0.1)
    expect(app:navigate(tabs:selectTab(3))):toSucceed()
    expect(app:top()):toShow(Profile())
  end)
end)

describe("replacing the tabs", function()
  local function replace(app, screens)
    return nav.route():top(nav.tabs):get(function(container)
      container:setChildren(screens, app.navigator)
    end)
  end

  scenario("keeps the selected tab when it stays", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat(), Profile(), selected = 2 } }
    local chat = app:topTabs().children[2]
    expect(app:navigate(nav.route():top(nav.tabs):get(function(container)
      container:setChildren({ Settings(), Feed() }, app.navigator)
    end))):toSucceed()
    expect(app:topTabs().selectedIndex):toBe(2)
    expect(chat.parent):toBeNil()
  end)

  scenario("keeps the selected index when the tab is gone and the index is in range", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat(), Profile(), selected = 3 } }
    expect(app:navigate(replace(app, { Settings(), Feed(), Chat() }))):toSucceed()
    expect(app:topTabs().selectedIndex):toBe(3)
    expect(app:top()):toShow(Chat())
  end)

  scenario("selects the first tab when the index is out of range", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat(), Profile(), selected = 3 } }
    expect(app:navigate(replace(app, { Settings(), Feed() }))):toSucceed()
    expect(app:topTabs().selectedIndex):toBe(1)
  end)
end)

describe("presenting while a presentation is in progress", function()
  scenario("is refused from a container still animating in", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app.navigator:navigate(nav.route():top(nav.container):present(Chat()))
    expect(app:top().presentationPhase):toBe("presenting")
    local ok, err = app:navigate(nav.route():top(nav.container):present(Settings()))
    expect(ok):toBe(false)
    -- Nivelir's error, exactly: UIKit's reason goes to the console (the scenario's output).
    expect(err):toBe("The container <UIViewController: Chat> is already presenting another container for:\n"
      .. "  ScreenPresentAction<Settings, UIViewController>(screen: Settings, animated: true)")
    app:settle()
    expect(app:navigate(nav.route():top(nav.container):present(Settings()))):toSucceed()
  end)

  scenario("is refused from a container being dismissed", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = Chat() }
    app.navigator:navigate(nav.route():top(nav.container):presenting():dismiss())
    local ok, err = app:navigate(nav.route():top(nav.container):present(Settings()))
    expect(ok):toBe(false)
    expect(err):toBe("The container <UIViewController: Chat> is already presenting another container for:\n"
      .. "  ScreenPresentAction<Settings, UIViewController>(screen: Settings, animated: true)")
  end)
end)

describe("a popover without an anchor", function()
  -- UIKit raises when a popover in a regular width has no sourceView or barButtonItem; in a
  -- compact width it adapts to a sheet.
  scenario("fails on a pad, and is presented on a phone", function()
    local popover = nav.route():top(nav.container):present(Chat():withModalPresentationStyle("popover"))
    local pad = nav.app { root = nav.stack { Feed() }, system = { idiom = "pad" } }
    expect(pad:navigate(popover))
      :toFail("UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
    expect(pad.window.children[1].presented):toBeNil()
    expect(pad:navigate(nav.route():top(nav.container)
      :present(Chat():withModalPresentationStyle("popover"):withPopoverPresentation { anchor = "button" }))):toSucceed()
    expect(nav.app { root = nav.stack { Feed() } }:navigate(popover)):toSucceed()
  end)
end)

describe("the presentation style none", function()
  scenario("fails to present, as UIKit raises for a style that is only adaptive", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.container):present(Chat():withModalPresentationStyle("none"))))
      :toFail("The specified modal presentation style doesn't have a corresponding presentation controller.")
    expect(app.window.children[1].presented):toBeNil()
    expect(app.transitions):toHaveLength(0)
  end)
end)

describe("the page curl transition", function()
  -- UIModalTransitionStyle.partialCurl: "supported only if the parent view controller is presenting a
  -- full-screen view and you use the UIModalPresentationStyle.fullScreen modal presentation style."
  scenario("fails to present other than full screen over full screen, as UIKit raises", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local curl = function(screen) return screen:withModalTransitionStyle("partialCurl") end
    expect(app:navigate(nav.route():top(nav.container):present(curl(Chat()))))
      :toFail("Application tried to present UIModalTransitionStylePartialCurl to or from non-fullscreen view controller <UIViewController: Chat>.")
    expect(app.transitions):toHaveLength(0)
    expect(app:navigate(nav.route():top(nav.container):present(Settings()))):toSucceed()
    expect(app:navigate(nav.route():top(nav.container):present(curl(Chat():withModalPresentationStyle("fullScreen")))))
      :toFail("to or from non-fullscreen view controller <UIViewController: Settings>.")
    local full = nav.app { root = nav.stack { Feed() } }
    expect(full:navigate(nav.route():top(nav.container):present(curl(Chat():withModalPresentationStyle("fullScreen")))))
      :toSucceed()
  end)
end)

describe("a current-context style in a popover", function()
  -- UIModalPresentationStyle.currentContext: "When presenting a view controller in a popover, this
  -- presentation style is supported only if the transition style is UIModalTransitionStyle.coverVertical.
  -- Attempting to use a different transition style triggers an exception."
  scenario("fails with another transition on a pad, as UIKit raises", function()
    local popover = Settings():withModalPresentationStyle("popover"):withPopoverPresentation { anchor = "button" }
    local function over(style, transition)
      local screen = Chat():withModalPresentationStyle(style)
      return nav.route():top(nav.container):present(transition and screen:withModalTransitionStyle(transition) or screen)
    end
    for _, style in ipairs { "currentContext", "overCurrentContext" } do
      local pad = nav.app { root = nav.stack { Feed() }, system = { idiom = "pad" } }
      expect(pad:navigate(nav.route():top(nav.container):present(popover))):toSucceed()
      expect(pad:navigate(over(style, "crossDissolve"))):toFail("Application tried to present <UIViewController: Chat> in a popover with the "
        .. style .. " presentation style and a transition style other than UIModalTransitionStyleCoverVertical.", true)
      expect(#pad.transitions):toBe(1)
      expect(pad:navigate(over(style, "coverVertical"))):toSucceed()
      -- Not in a popover, or on a phone, where a popover is a sheet: any transition.
      local phone = nav.app { root = nav.stack { Feed() } }
      expect(phone:navigate(nav.route():top(nav.container):present(popover))):toSucceed()
      expect(phone:navigate(over(style, "crossDissolve"))):toSucceed()
      expect(nav.app { root = nav.stack { Feed() }, system = { idiom = "pad" } }:navigate(over(style, "flipHorizontal"))):toSucceed()
    end
  end)
end)

describe("a stack in a stack", function()
  scenario("cannot be pushed, as UIKit raises", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local ok, err = app:navigate(nav.route():top(nav.stack):push(Chat():withStackContainer()))
    expect(ok):toBe(false)
    expect(err):toMatch("The container <UINavigationController> cannot be placed in <UINavigationController> because pushing a navigation controller is not supported for:")
    expect(#app:topStack().children):toBe(1)
    expect(app.transitions):toHaveLength(0)
  end)

  scenario("cannot be built", function()
    expect(function() nav.app { root = nav.stack { nav.stack { Feed() } } } end)
      :toFail("a stack cannot hold a stack (UIKit: pushing a navigation controller is not supported)")
  end)

  scenario("cannot be one of withStack's screens", function()
    local Nav = nav.screen("Nav", { container = "stack" })
    local app = nav.app { root = nav.stack { Feed() } }
    local ok, err = app:navigate(nav.route():top(nav.stack):present(Nav():withStack(Feed(), Chat():withStackContainer())))
    expect(ok):toBe(false)
    expect(err):toContain("because pushing a navigation controller is not supported for:\n  StackDecorator")
    expect(app.window.children[1].presented):toBeNil()
  end)

  scenario("can be presented from a stack", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():top(nav.stack):present(Chat():withStackContainer()))):toSucceed()
  end)
end)

describe("custom containers", function()
  scenario("are searched only when iterable, as Nivelir's iterator walks ScreenIterableContainers", function()
    local Plain = nav.screen("Plain", { build = function(c) c:setChildren { Feed() } end })
    local Pages = nav.screen("Pages", { iterable = true, build = function(c) c:setChildren { Feed() } end })
    local plain = nav.app { root = Plain() }
    expect(plain:navigate(nav.route():last(Feed))):toFail("No container of UIViewController type found")
    expect(plain:top()):toShow(Plain())
    local pages = nav.app { root = Pages() }
    expect(pages:navigate(nav.route():last(Feed))):toSucceed()
    expect(pages:top()):toShow(Feed())
  end)
end)

-- Nivelir's custom stack, tab and root animations are UIView.transition calls: they start at
-- once and run beside the transition coordinator's presentations and default pushes.
describe("custom animations run beside UIKit's transitions", function()
  local top = nav.route():top(nav.stack)

  scenario("a crossDissolve push made during a default push ends 0.3 s after it starts", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local pushed, dissolved
    app.navigator:navigate(top:push(Chat()), function() pushed = app.clock end)
    app.navigator:navigate(top:push(Settings(), { animation = "crossDissolve" }), function() dissolved = app.clock end)
    app:settle()
    expect(dissolved):toBe(0.3)
    expect(pushed):toBe(0.35)
  end)

  scenario("two crossDissolve pushes made together both end at 0.3 s", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local ends = {}
    app.navigator:navigate(top:push(Chat(), { animation = "crossDissolve" }), function() ends[#ends + 1] = app.clock end)
    app.navigator:navigate(top:push(Settings(), { animation = "crossDissolve" }), function() ends[#ends + 1] = app.clock end)
    app:settle()
    expect(ends):toEqual { 0.3, 0.3 }
  end)

  scenario("a default push still waits for the one animating", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local second
    app.navigator:navigate(top:push(Chat()))
    app.navigator:navigate(top:push(Settings()), function() second = app.clock end)
    app:settle()
    expect(second):toBe(0.7)
  end)

  scenario("a tab switch with crossDissolve during a presentation on the tab bar is not held back", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, Chat() } }
    local presented, selected
    app.navigator:navigate(nav.route():root("tabs"):present(Settings()), function() presented = app.clock end)
    app.navigator:navigate(nav.route():root("tabs"):selectTab(2, { animation = "crossDissolve" }), function() selected = app.clock end)
    app:advance(0.3)
    expect(app:topTabs().selectedIndex):toBe(2)
    app:settle()
    expect(selected):toBe(0.3)
    expect(presented):toBe(0.5)
  end)

  scenario("a presentation on the tab bar does not wait for a tab animation", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, Chat() } }
    local presented
    app.navigator:navigate(nav.route():root("tabs"):selectTab(2, { animation = "crossDissolve" }))
    app.navigator:navigate(nav.route():root("tabs"):present(Settings()), function() presented = app.clock end)
    app:settle()
    expect(presented):toBe(0.5)
  end)

  scenario("an animated setRoot does not wait for a presentation", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local rooted
    app.navigator:navigate(nav.route():root():present(Profile()))
    app.navigator:navigate(nav.route():setRoot(Chat(), { animation = { name = "fade", duration = 0.2 } }), function() rooted = app.clock end)
    app:settle()
    expect(rooted):toBe(0.2)
    expect(app:top()):toShow(Chat())
  end)
end)

-- UIKit's dismiss(animated:completion:): "only the top-most view is dismissed in an animated
-- fashion; any intermediate view controllers are simply removed from the stack".
describe("a chain dismissed from below", function()
  scenario("animates its top-most out, and its other screens leave the window at once", function()
    local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")
    local app = nav.app { root = nav.stack { A(), presented = { B(), presented = nav.stack { C() } } } }
    app.navigator:navigate(nav.route():root():dismiss())
    local c = app:top()
    local b = c.presenting
    expect(c):toShow(C())
    expect(b):toShow(B())
    expect(b.presentationPhase):toBe("dismissing")
    expect(b.isVisible):toBe(false)
    expect(c.isVisible):toBe(true)
    expect(app:topStack().children[1]):toShow(C())
    expect(app.window.children[1].isVisible):toBe(true)
    expect(app:navigate(nav.route():top(B()))):toFail("No container")       -- top(...) finds only what is visible
    expect(app:navigate(nav.route():first(B()))):toSucceed()                -- first(...) all that is there
    app:settle()
    expect(app:top()):toShow(A())
  end)
end)

-- Nivelir's custom animations are UIView.transitions, which UIKit ends on the run loop's next
-- turn for a view in no window that shows, as it ends the default animation there.
describe("a custom animation of a container not in a window that shows", function()
  local fade = { animation = "crossDissolve" }

  scenario("a push onto an unselected tab's stack takes no time", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat() } } }
    expect(app:navigate(nav.route():first(nav.tabs):selectTab(1, { kind = "stack" }, function(s) return s:push(Profile(), fade) end))):toSucceed()
    expect(app.clock):toBe(0.3)                      -- the selected tab's stack animates
    expect(app:navigate(nav.route():from(app:topTabs().children[2]):push(Settings(), fade))):toSucceed()
    expect(app.clock):toBe(0.3)
    local t = app.transitions[#app.transitions]
    expect({ t.kind, t.animation, t.duration }):toEqual({ "push", "crossDissolve", 0 })
  end)

  scenario("a pop of a stack under a full-screen presentation takes no time, a root-only pop too", function()
    local app = nav.app { root = nav.stack { Feed(), Chat(), presented = Profile():withModalPresentationStyle("fullScreen") } }
    expect(app:navigate(nav.route():root(nav.stack):pop(fade))):toSucceed()
    expect(app:navigate(nav.route():root(nav.stack):pop(fade))):toSucceed()
    expect(app.clock):toBe(0)
  end)

  scenario("a tab selection under a full-screen presentation selects on the next turn", function()
    local app = nav.app { root = nav.tabs { Feed(), Chat(), presented = Profile():withModalPresentationStyle("fullScreen") } }
    local root = app.window.children[1]
    app.navigator:navigate(nav.route():root(nav.tabs):selectTab(2, fade))
    expect(root.selectedIndex):toBe(1)               -- selected when its transition ends
    app:settle()
    expect({ root.selectedIndex, app.clock }):toEqual({ 2, 0 })
  end)
end)
