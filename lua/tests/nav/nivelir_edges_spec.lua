-- Edge cases of Nivelir's behaviour (shared/reference/nivelir.md), each pinned by its exact
-- log lines, error text or order: the try's steps, pops past the root, the addons' lines and
-- errors, observation under a full-screen modal, iteration from a child, makeVisible's limits.
local Feed, Chat, A, B = nav.screen("Feed"), nav.screen("Chat"), nav.screen("A"), nav.screen("B")
local top = nav.route():top(nav.container)
local searchTop = "Info: Searching for a top container of UIViewController type in UIWindow"

local function stackApp(...) return nav.app { root = nav.stack { ... } } end

describe("try", function()
  scenario("ensure runs before the fallback, and before done", function()
    local app = stackApp(Feed())
    expect(app:navigate(nav.route():try(nav.route():fail("boom"), { ensure = nav.route():wait(0), fallback = nav.route():wait(1) }))):toBe(true)
    expect(app.log):toEqual { "Info: Waiting for 0.0 seconds", "Info: Catching error: boom", "Info: Waiting for 1.0 seconds" }
    local order = {}
    app = stackApp(Feed())
    expect(app:navigate(nav.route():try(nav.route():get(function() order[#order + 1] = "action" end), {
      ensure = nav.route():get(function() order[#order + 1] = "ensure" end),
      done = function(_, route) order[#order + 1] = "done" return route end,
    }))):toBe(true)
    expect(order):toEqual { "action", "ensure", "done" }
  end)

  scenario("an ensure that fails after a successful action is the failure, and done does not run", function()
    local app = stackApp(Feed())
    local done = false
    local ok, err = app:navigate(nav.route():try(nav.route():wait(0), {
      ensure = nav.route():fail("ensure broke"),
      done = function(_, route) done = true return route end,
    }))
    expect(ok):toBe(false)
    expect(err):toBe("ensure broke")
    expect(done):toBe(false)
    expect(app.log):toEqual { "Info: Waiting for 0.0 seconds", "Error: ensure broke" }
    -- And when both fail, the ensure's error is the one reported.
    app = stackApp(Feed())
    expect(app:navigate(nav.route():fail("action broke"):ensure(nav.route():fail("ensure broke")))):toFail("^ensure broke$")
  end)

  scenario("several fallbacks run in order, skipping those that give no route", function()
    local app = stackApp(Feed())
    expect(app:navigate(nav.route():try(nav.route():fail("x"), {
      fallback = { nav.route():wait(5), function() return nil end, nav.route():wait(6) },
    }))):toBe(true)
    expect(app.log):toEqual { "Info: Catching error: x", "Info: Waiting for 5.0 seconds", "Info: Waiting for 6.0 seconds" }
    app = stackApp(Feed())
    expect(app:navigate(nav.route():fail("a"):fallback(function() return nil end))):toBe(true)
    expect(app.log):toEqual { "Info: Catching error: a" }
  end)
end)

describe("pops past the root", function()
  local stack = nav.route():top(nav.stack)

  scenario("two pops of a two-screen stack empty it in one setStack", function()
    local app = stackApp(A(), B())
    expect(app:navigate(stack:pop():pop())):toBe(true)
    expect(#app:topStack().children):toBe(0)
    expect(#app.transitions):toBe(1)
    expect(app.transitions[1].kind):toBe("setStack")
    expect(app.log[2]):toBe("Info: Setting stack of <UINavigationController> with modifiers:\n  - Pop \n  - Pop ")
  end)

  scenario("a third pop finds nothing to pop, and the stack is left as it was", function()
    local app = stackApp(A(), B())
    expect(app:navigate(stack:pop():pop():pop())):toFail("^No container of UIViewController type found for:\n  Pop $")
    expect(#app:topStack().children):toBe(2)
    expect(#app.transitions):toBe(0)
  end)

  scenario("a pop function giving an index outside the stack fails as Nivelir's custom predicate does", function()
    for _, index in ipairs { -1, 3 } do
      local app = stackApp(Chat(), Feed())
      local ok, err = app:navigate(stack:pop { to = function(screens) return index == 3 and #screens + 1 or index end })
      expect(ok):toBe(false)
      expect(err):toMatch("^No container of UIViewController type found for:\n  Pop custom predicate")
      expect(#app:topStack().children):toBe(2)
    end
  end)

  scenario("clear of a one-screen stack is a pop of its root, which UIKit ignores; of a longer one, an empty stack", function()
    local app = stackApp(A())
    expect(app:navigate(stack:clear())):toBe(true)
    expect(#app:topStack().children):toBe(1)
    expect(#app.transitions):toBe(0)
    app = stackApp(A(), B())
    expect(app:navigate(stack:clear { animation = false })):toBe(true)
    expect(#app:topStack().children):toBe(0)
    expect(app.transitions[1].kind):toBe("setStack")
  end)
end)

describe("the addons' log lines", function()
  local function logOf(route, system)
    local app = nav.app { root = nav.stack { Feed() }, system = system }
    expect(app:navigate(route)):toBe(true)
    return app.log
  end

  scenario("sharing, a review, a preview, the pickers, a product page and an action sheet", function()
    expect(logOf(top:share { items = { "hello", "https://x" } })):toEqual { searchTop, "Info: Sharing [hello, https://x] on UIViewController" }
    expect(logOf(top:requestStoreReview())):toEqual { searchTop, "Info: Requesting app review on UIViewController" }
    expect(logOf(top:showDocumentPreview("file:///r.pdf")))
      :toEqual { searchTop, 'Info: Presenting preview for DocumentPreview("file:///r.pdf") on UIViewController' }
    expect(logOf(top:showMediaPicker("camera"), { authorization = { camera = "authorized" } }))
      :toEqual { searchTop, 'Info: Presenting ImagePicker(from: "Camera") on UIViewController' }
    expect(logOf(top:showStoreProduct("123"))):toEqual { searchTop, "Info: Presenting StoreProduct([:]) on UIViewController" }
    expect(logOf(top:showActionSheet { title = "Pick", actions = { { title = "OK" } } }))
      :toEqual { searchTop, 'Info: Presenting ActionSheet("Pick") on UIViewController' }
  end)

  scenario("a HUD shown, then hidden", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(top:showHUD("spinner"))):toBe(true)
    expect(app.log[2]):toBe("Info: Presenting HUD(indicator: .spinner) on UIViewController")
    expect(app:navigate(top:hideHUD())):toBe(true)
    expect(app.log[#app.log]):toBe("Info: Dismissing HUD presented by UIViewController")
  end)
end)

describe("the addons' errors", function()
  local function failure(route, system)
    local app = nav.app { root = nav.stack { Feed() }, system = system }
    local ok, err = app:navigate(route)
    expect(ok):toBe(false)
    expect(app.log[#app.log]):toBe("Error: " .. err)
    return err
  end

  scenario("a store product id that is not a number", function()
    expect(failure(top:showStoreProduct("abc"))):toBe("Invalid store product ID for:\n"
      .. "  ScreenShowStoreProductAction<UIViewController>(storeProduct: StoreProduct([:]), animated: true)")
  end)

  scenario("media types the source does not have", function()
    expect(failure(top:showMediaPicker { source = "camera", types = { "movie" } },
      { mediaTypes = { camera = { "image" } }, authorization = { camera = "authorized" } }))
      :toBe("Media types are not available for:\n"
        .. '  ScreenShowMediaPickerAction<UIViewController>(mediaPicker: ImagePicker(from: "Camera"), animated: true)')
  end)

  scenario("a media source the device does not have, and one the user does not allow", function()
    expect(failure(top:showMediaPicker("camera"), { mediaTypes = { camera = false } })):toBe("Media source is not available for:\n"
      .. '  ScreenShowMediaPickerAction<UIViewController>(mediaPicker: ImagePicker(from: "Camera"), animated: true)')
    expect(failure(top:showMediaPicker("photoLibrary"), { authorization = { photos = "denied" } }))
      :toBe("User does not allow the app to access the media source for:\n"
        .. '  ScreenShowMediaPickerAction<UIViewController>(mediaPicker: ImagePicker(from: "Photo library"), animated: true)')
  end)

  scenario("a mail address that makes no mailto URL", function()
    expect(failure(nav.route():mail("//x")))
      :toBe('Invalid mail parameters for:\n  ScreenMailAction<UIWindow>(emailAddress: "//x", subject: nil, body: nil)')
  end)

  scenario("a URL whose fallback cannot be opened either names the fallback", function()
    expect(failure(nav.route():openURL("a://x", { fallbackURLs = { "https://x" } }),
      { canOpenURL = function(url) return url:find("^https") ~= nil end, openSucceeds = false }))
      :toBe('Failed to open URL ("https://x") for:\n  ScreenOpenURLAction<UIWindow>(url: a://x, fallbackURLs: [https://x], options: [:])')
  end)
end)

describe("finding and making visible", function()
  scenario("a search from a child reaches what its ancestor presents, as UIKit's presentedViewController does", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, presented = A() } }
    expect(app:navigate(nav.route():first(Feed(), function(feed) return feed:first(A()) end))):toBe(true)
    local feed
    app:navigate(nav.route():first(Feed()):get(function(container) feed = container end))
    local order = {}
    app.navigator:iterate(feed, function(container) order[#order + 1] = container.name return "continue" end)
    expect(order):toEqual { "Feed", "A" }
  end)

  scenario("makeVisible under a custom container fails with Nivelir's exact text", function()
    local Split = nav.screen("Split", { iterable = true, build = function(split) split:setChildren { A(), B() } end })
    local app = nav.app { root = Split() }
    expect(app:navigate(nav.route():last(B()):makeVisible())):toFail("^The type of the container <UIViewController: Split> is not supported for:\n"
      .. "  ScreenMakeVisibleAction<UIViewController>%(stackAnimation: Optional%(Nivelir.ScreenStackAnimation.default%), "
      .. "tabsAnimation: nil, dissmissAnimated: true%)$")
  end)

  scenario("makeVisible takes Nivelir's spelling dissmissAnimated", function()
    local app = nav.app { root = nav.tabs { selected = 2, nav.stack { Feed(), Chat() }, nav.stack { A() }, presented = B() } }
    expect(app:navigate(nav.route():first(Feed()):makeVisible { dissmissAnimated = false })):toBe(true)
    expect(app.transitions[1].kind):toBe("dismiss")
    expect(app.transitions[1].animated):toBe(false)
    expect(app:top()):toShow(Feed())
  end)
end)

describe("observation", function()
  scenario("an observer of what is presented on a screen inside a stack is not told under a full-screen modal", function()
    local Sheet = nav.screen("Sheet", { observer = "SheetObserver" })
    local app = nav.app { root = nav.stack { Feed() } }
    local feed = app.window.children[1].children[1]
    local told = 0
    app.navigator:observe("SheetObserver", { ping = function() told = told + 1 end }, { presentedOn = feed })
    app:navigate(nav.route():root():present(Sheet():withModalPresentationStyle("fullScreen")))
    expect(feed.isVisible):toBe(false)
    expect(app:top():notify("ping")):toBe(0)
    expect(told):toBe(0)
  end)
end)

describe("deeplink warnings", function()
  scenario("a query that does not decode is a warning, each indented as Nivelir's indented(spaces:) does", function()
    local ChatDeeplink = nav.deeplinkType("ChatDeeplink", {
      query = { chat_id = "integer" },
      url = function(url) if url.host == "chat" then return { id = url.query.chat_id } end end,
      navigate = function() return nav.route() end,
    })
    local app = nav.app { root = nav.stack { Feed() } }
    local deeplinks = nav.deeplinkManager { types = { ChatDeeplink }, navigator = app.navigator }
    deeplinks:activate({})
    expect(select(2, deeplinks:handleURL("myapp://chat?chat_id=seven"))):toBe("Failed to handle deeplink of AnyURLDeeplink type with warnings:\n"
      .. "  Failed to decode data for ChatDeeplink with error:\n"
      .. "    DecodingError.typeMismatch: expected value of type Int. Path: chat_id. Debug description: Expected to decode Int but the value is invalid.")
    -- A key given with a value and again without one is two values of different types.
    expect(select(2, deeplinks:handleURL("myapp://chat?chat_id=1&chat_id"))):toBe("Failed to handle deeplink of AnyURLDeeplink type with warnings:\n"
      .. "  Failed to decode data for ChatDeeplink with error:\n"
      .. "    DecodingError.dataCorrupted: Data was corrupted. Debug description: The key '[\"chat_id\"]' is used for values of different types.")
  end)
end)

describe("asynchrony", function()
  scenario("a navigation a screen's build starts goes on after the outer one completes, as on the main queue", function()
    local finished = {}
    local Home = nav.screen("Home", { container = "tabs", build = function(tabs, navigator)
      navigator:navigate(nav.route("tabs"):setupTab(Feed()):selectTab(1), { from = tabs }, function(ok) finished[#finished + 1] = ok end)
    end })
    local app = nav.app()
    expect(app:navigate(nav.route():setRoot(Home()))):toBe(true)
    expect(#finished):toBe(0)                 -- selectTab completes on the next turn of the run loop
    app:advance(0)
    expect(finished):toEqual { true }
    expect(app:top()):toShow(Feed())
  end)
end)

describe("merged stack edits", function()
  scenario("two custom animations merge into one only when they are equal, name and duration; else into UIKit's default", function()
    local function merged(first, second)
      local app = stackApp(Feed())
      expect(app:navigate(nav.route():top(nav.stack):push(A(), { animation = first }):push(B(), { animation = second }))):toBe(true)
      expect(#app.transitions):toBe(1)
      return app.transitions[1].animation
    end
    expect(merged({ name = "slide", duration = 0.2 }, { name = "slide", duration = 0.2 })):toBe("slide")
    expect(merged({ name = "slide", duration = 0.2 }, { name = "slide", duration = 0.4 })):toBe("default")
  end)
end)

describe("a product page's parameters", function()
  scenario("print as Swift prints a [String: Any]: keys quoted and escaped, tables as dictionaries", function()
    local app = nav.app { root = nav.stack { nav.screen("Feed")() } }
    expect(app:navigate(nav.route():top(nav.container):showStoreProduct { itemID = "1", parameters = { b = { x = "y" }, ['k"'] = "v", c = { 1, 2 }, d = {} } }))
      :toSucceed()
    expect(app):toHaveLogged('Presenting StoreProduct(["b": ["x": "y"], "c": [1, 2], "d": [:], "k\\"": "v"]) on UIViewController')
  end)
end)
