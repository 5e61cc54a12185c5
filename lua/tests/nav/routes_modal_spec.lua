-- Modal routes: present, dismiss, presented, presenting, stack, tabs, window, makeVisible.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local ChatList = nav.screen("ChatList")
local Settings = nav.screen("Settings")
local Profile = nav.screen("Profile")

describe("present", function()
  scenario("presents on the presentation context and completes after the animation", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() } } }
    expect(app:navigate(nav.route():top(nav.stack):present(Settings()))):toBe(true)
    expect(app.clock):toBe(0.5)
    local t = app.transitions[1]
    expect(t.kind):toBe("present")
    expect(t.container.kind):toBe("tabs")
    expect(t.after):toEqual({ "Settings" })
    expect(app.log[2]):toBe("Info: Presenting Settings on UINavigationController")
    expect(app.window.children[1].presented.key):toBe("Settings")
  end)

  scenario("animated = false completes on the next turn", function()
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():root():present(Settings(), { animated = false }))):toBe(true)
    expect(app.clock):toBe(0)
    expect(app.transitions[1].animated):toBe(false)
  end)

  scenario("refuses when something is already presented", function()
    local app = nav.app { root = Feed(), presented = Settings() }
    local ok, err = app:navigate(nav.route():root():present(Profile()))
    expect(ok):toBe(false)
    expect(err):toBe("The container <UIViewController: Feed> is already presenting another container for:\n  ScreenPresentAction<Profile, UIViewController>(screen: Profile, animated: true)")
    -- The first type is the screen's, as Swift prints ScreenPresentAction<New: Screen, Container>;
    -- a decorated screen is an AnyScreen of its container.
    expect(app:navigate(nav.route():root():present(Profile():withStackContainer())))
      :toFail("ScreenPresentAction<AnyScreen<UINavigationController>, UIViewController>(screen: Profile, animated: true)", true)
    -- Of its stack's class, as withStackContainer(of:) and withBottomSheetStack type it, through later decorators.
    expect(app:navigate(nav.route():root():present(Profile():withStackContainer("MyNav"):withModalPresentationStyle("fullScreen"))))
      :toFail("ScreenPresentAction<AnyScreen<MyNav>, UIViewController>", true)
    expect(app:navigate(nav.route():root():present(Profile():withBottomSheetStack { detents = { "medium" } })))
      :toFail("ScreenPresentAction<AnyScreen<BottomSheetStackController>, UIViewController>", true)
  end)

  scenario("runs the nested route on the presented container", function()
    local app = nav.app { root = Feed() }
    local route = nav.route():root():present(ChatList():withStackContainer(), function(r) return r:push(Chat { chatId = 1 }) end)
    expect(app:navigate(route)):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 1 })
    expect(app:navigate(nav.route():root():present(Chat(), { animated = false }, function(r) return r:dismiss() end))):toFail("already presenting")
  end)

  scenario("a route presenting and then closing itself", function()
    local app = nav.app { root = Feed() }
    local close = nav.route("modal"):presenting():dismiss()
    expect(app:navigate(nav.route():root():present(Settings(), close))):toBe(true)
    expect(app:top()):toShow(Feed())
  end)
end)

describe("dismiss", function()
  scenario("removes the whole chain above the presenter", function()
    local app = nav.app { root = Feed(), presented = nav.stack { Settings(), presented = nav.stack { Profile() } } }
    expect(app:navigate(nav.route():root():dismiss())):toBe(true)
    expect(app:top()):toShow(Feed())
    expect(app.transitions[1].before):toEqual({ "stack", "stack" })
  end)

  scenario("with nothing presented succeeds and does nothing", function()
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():root():dismiss { animated = false })):toBe(true)
    expect(#app.transitions):toBe(0)
    expect(function() nav.route():root():dismiss(true) end):toFail("bad argument #1 to 'dismiss' (table of options expected, got boolean)")
  end)
end)

describe("relations", function()
  scenario("presented, presenting, stack, tabs and window find their containers", function()
    local app = nav.app { root = nav.tabs { nav.stack { ChatList(), Chat() } }, presented = nav.stack { Settings() } }
    local seen = {}
    local note = function(name) return function(r) return r:get(function(c) seen[name] = c.kind .. (c.key and (" " .. c.key) or "") end) end end
    local route = nav.route():root("tabs")
      :presented("stack", note("presented"))
      :selectedTab("stack", function(r) return r:stackTop(function(t) return t:stack(note("stack")):tabs(note("tabs")):window(note("window")) end) end)
      :presented("stack", function(r) return r:stackRoot(function(s) return s:presenting(note("presenting")) end) end)
    expect(app:navigate(route)):toBe(true)
    expect(seen):toEqual({ presented = "stack", stack = "stack", tabs = "tabs", window = "window", presenting = "tabs" })
  end)

  scenario("fail with Nivelir's types when there is nothing", function()
    local app = nav.app { root = Feed() }
    expect(app:navigate(nav.route():root():presented())):toFail("No container of UIViewController type found for:\n  ScreenPresentedAction<UIViewController, UIViewController>()")
    expect(app:navigate(nav.route():root():presenting())):toFail("ScreenPresentingAction")
    expect(app:navigate(nav.route():root():stack())):toFail("No container of UINavigationController type found")
    expect(app:navigate(nav.route():root():tabs())):toFail("No container of UITabBarController type found")
    expect(app:navigate(nav.route():root():presented("stack"))):toFail("No container of UIViewController type found")
  end)

  scenario("window needs the container's view in the window", function()
    local app = nav.app { root = nav.stack { Feed(), Chat() } }
    local feed = app.window.children[1].children[1]
    expect(app:navigate(nav.route():from(feed):window())):toFail("No container of UIWindow type found")
  end)
end)

describe("makeVisible", function()
  scenario("dismisses, selects the tab and pops, outermost first", function()
    local app = nav.app { root = nav.tabs {
      nav.stack { ChatList(), Chat { chatId = 7 }, Profile() },
      nav.stack { Feed() },
      selected = 2,
      presented = Settings(),
    } }
    expect(app:navigate(nav.route():last(Chat { chatId = 7 }):makeVisible())):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 7 })
    local kinds = {}
    for i, t in ipairs(app.transitions) do kinds[i] = t.kind end
    expect(kinds):toEqual({ "dismiss", "selectTab", "pop" })
  end)

  scenario("takes animation options", function()
    local app = nav.app { root = nav.tabs { nav.stack { ChatList(), Chat(), Profile() }, nav.stack { Feed() }, selected = 2 } }
    expect(app:navigate(nav.route():last(Chat):makeVisible { stackAnimation = false, tabsAnimation = "crossDissolve", dismissAnimated = false })):toBe(true)
    expect(app.transitions[1].animation):toBe("crossDissolve")
    expect(app.transitions[2].animated):toBe(false)
    expect(function() nav.route():root():makeVisible { animated = true } end):toFail("unknown option 'animated' (dismissAnimated, dissmissAnimated, stackAnimation, tabsAnimation expected)")
    -- Nivelir's own spelling of the label works too; the two spellings with two values are refused.
    expect(function() nav.route():root():makeVisible { dismissAnimated = true, dissmissAnimated = false } end)
      :toFail("options 'dismissAnimated' and 'dissmissAnimated' (Nivelir's spelling) are one option, given two values: give one")
    local again = nav.app { root = nav.stack { Feed(), Chat() }, presented = Settings() }
    expect(again:navigate(nav.route():last(Chat):makeVisible { dissmissAnimated = false })):toBe(true)
    expect(again.transitions[1].kind):toBe("dismiss")
    expect(again.transitions[1].animated):toBe(false)
  end)

  scenario("refuses a custom container", function()
    local Pages = nav.screen("Pages", { iterable = true, build = function(c) c:setChildren { Feed() } end })
    local app = nav.app { root = Pages() }
    expect(app:navigate(nav.route():last(Feed):makeVisible())):toFail("The type of the container <UIViewController: Pages> is not supported for:")
  end)

  scenario("modal methods need a view controller route", function()
    expect(function() nav.route():present(Feed()) end):toFail("calling 'present' on bad self (modal route expected, got window route)")
    expect(function() nav.route():dismiss() end):toFail("calling 'dismiss' on bad self (modal route expected, got window route)")
    expect(function() nav.route():makeVisible() end):toFail("calling 'makeVisible' on bad self (modal route expected, got window route)")
    expect(function() nav.route():root():present() end):toFail("bad argument #1 to 'present' (Screen expected, got no value)")
    expect(function() nav.route():root():present(Feed(), { animated = "yes" }) end):toFail("option 'animated' must be a boolean")
    expect(function() nav.route():root():presented("window") end):toFail("bad argument #1 to 'presented' (a view controller's kind expected, got 'window' (modal, stack or tabs expected))")
  end)
end)

describe("a presentation's end", function()
  scenario("fails when the presenter no longer has it presented (popped meanwhile), as Nivelir checks", function()
    local app = nav.app { root = nav.stack { Feed(), Chat() } }
    local chat = app.window.children[1].children[2]
    local result
    app.navigator:navigate(nav.route():from(chat):present(Settings()), nil, function(ok, err) result = { ok, err } end)
    app:advance(0.1)
    expect(app:navigate(nav.route():root("stack"):pop { animation = false })):toSucceed()
    app:settle()
    expect(result[1]):toBe(false)
    expect(result[2]):toContain("The container <UIViewController: Chat> is already presenting another container for:\n  ScreenPresentAction")
    -- A system screen's action does not check, as Nivelir's addons do not.
    local app3 = nav.app { root = nav.stack { Feed(), Chat() } }
    local alerted
    app3.navigator:navigate(nav.route():from(app3.window.children[1].children[2]):showAlert { title = "Hi", actions = { { title = "OK" } } },
      nil, function(ok) alerted = ok end)
    app3:advance(0.1)
    expect(app3:navigate(nav.route():root("stack"):pop { animation = false })):toSucceed()
    app3:settle()
    expect(alerted):toBe(true)
    -- Unchanged, it succeeds.
    local again = nav.app { root = nav.stack { Feed(), Chat() } }
    expect(again:navigate(nav.route():from(again.window.children[1].children[2]):present(Settings()))):toSucceed()
  end)
end)

describe("a bottom sheet's timing", function()
  scenario("is its transitioning delegate's: another delegate set after it takes the modal timing", function()
    local function duration(screen)
      local app = nav.app { root = Feed() }
      expect(app:navigate(nav.route():top(nav.container):present(screen))):toSucceed()
      local present = app.transitions[#app.transitions].duration
      expect(app:navigate(nav.route():top(nav.container):dismiss())):toSucceed()
      return present, app.transitions[#app.transitions].duration
    end
    expect({ duration(Settings():withBottomSheet {}) }):toEqual { 0.4, 0.4 }
    expect({ duration(Settings():withBottomSheet {}:withModalPresentationStyle("fullScreen")) }):toEqual { 0.4, 0.4 }
    expect({ duration(Settings():withBottomSheet {}:withModalTransitioningDelegate("Card")) }):toEqual { 0.5, 0.5 }
    expect({ duration(Settings():withModalTransitioningDelegate("Card")) }):toEqual { 0.5, 0.5 }
  end)
end)

describe("a dismissal while a presentation animates", function()
  -- UIKit refuses it ("while a presentation or dismiss is in progress!") and never calls
  -- its completion, which Nivelir's ScreenDismissAction waits for.
  scenario("is refused and never completes, in or out, with UIKit's warning", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app.navigator:navigate(nav.route():first(nav.stack):present(Profile()))
    local ok, err = app:navigate(nav.route():first(nav.stack):dismiss())
    expect(ok):toBe(false)
    expect(err):toContain("The action never completed for:\n  ScreenDismissAction<UINavigationController>(animated: true)")
    expect(app:top().name):toBe("Profile")
    -- Once presented, it dismisses; a second dismissal while the first animates out is refused too.
    local done = 0
    app.navigator:navigate(nav.route():first(nav.stack):dismiss(), function() done = done + 1 end)
    app.navigator:navigate(nav.route():first(nav.stack):dismiss(), function() done = done + 1 end)
    app:settle()
    expect(done):toBe(1)
    expect(app:top().name):toBe("Feed")
    expect(#app.transitions):toBe(2)
  end)
end)
