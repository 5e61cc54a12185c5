-- Leaving the app, the HUD, haptics, bottom sheets and try (Nivelir's addons and the rest
-- of its core), recorded on the app.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local Offline = nav.screen("Offline")

local here = nav.route():top(nav.container)
local function feedApp(system)
  return nav.app { root = nav.stack { Feed() }, system = system }
end

describe("leaving the app", function()
  scenario("openURL records the URL it opened", function()
    local app = feedApp()
    expect(app:navigate(here:openURL("https://example.com/help"))):toSucceed()
    expect(app.opened):toEqual { "https://example.com/help" }
  end)

  scenario("openURL reads its URLs as URL(string:) does, as openStoreApp makes its own", function()
    local app = feedApp()
    expect(app:navigate(here:openURL("https://a.b/c d", { fallbackURLs = { "https://a.b/e f" } }))):toSucceed()
    expect(app:navigate(here:openStoreApp("12 3"))):toSucceed()
    expect(app.opened):toEqual { "https://a.b/c%20d", "https://itunes.apple.com/app/id12%203" }
    expect(function() here:openURL("") end):toFail("bad argument #1 to 'openURL' %(not a URL: \"\"%)")
    expect(function() here:openURL("https://a.b", { fallbackURLs = { "" } }) end):toFail("bad argument #2 to 'openURL' (option 'fallbackURLs': URL 1 is not a URL: \"\")", true)
  end)

  scenario("a URL no app opens falls back to the first one that opens", function()
    local app = feedApp { canOpenURL = function(url) return url:find("^https:") ~= nil end }
    expect(app:navigate(here:openURL("twitter://user", { fallbackURLs = { "https://x.com/user" } }))):toSucceed()
    expect(app.opened):toEqual { "https://x.com/user" }
  end)

  scenario("fails with Nivelir's error when nothing opens", function()
    local app = feedApp { canOpenURL = false }
    expect(app:navigate(here:openURL("myapp://chat"))):toFail('Failed to open URL ("myapp://chat") for:')
    expect(app.opened):toEqual {}
  end)

  scenario("an open the system reports as failed fails the route", function()
    local app = feedApp { openSucceeds = false }
    expect(app:navigate(here:openURL("https://example.com"))):toFail("Failed to open URL")
    expect(app.opened):toEqual { "https://example.com" }
  end)

  scenario("mail on a device that cannot send mail fails as Nivelir's (it opens a mailto: URL)", function()
    local app = feedApp { canOpenURL = function(url) return url:find("^mailto:") == nil end }
    expect(app:navigate(here:mail("team@example.com"))):toFail('Failed to open URL ("mailto:team@example.com?") for:')   -- URLComponents with empty queryItems ends in '?'
    expect(app.opened):toEqual {}
    -- The trigger prints the optional subject and body as Swift prints a struct's optionals.
    expect(app:navigate(here:mail("//x", { subject = "s" })))
      :toFail('ScreenMailAction<UIViewController>(emailAddress: "//x", subject: Optional("s"), body: nil)', true)
  end)

  scenario("call, mail, settings and the store make the URLs Nivelir makes", function()
    local app = feedApp()
    app:navigate(here:call("+1 (555) 010-99"))
    app:navigate(here:mail("team@example.com", { subject = "Hi" }))
    app:navigate(here:openAppSettings())
    app:navigate(here:openStoreApp("123", { forReview = true }))
    app:navigate(here:openStoreApp("1 2"))   -- as URL(string:) reads it since iOS 17
    expect(app.opened):toEqual {
      "tel://+155501099",
      "mailto:team@example.com?subject=Hi",
      "app-settings:",
      "https://itunes.apple.com/app/id123?action=write-review",
      "https://itunes.apple.com/app/id1%202",
    }
  end)

  scenario("a number is taken where text is, as Lua's own string arguments take one", function()
    local app = feedApp()
    app:navigate(here:call(5550199))
    app:navigate(here:openStoreApp(123))
    app:navigate(here:openStoreApp { id = 456 })
    expect(app.opened):toEqual { "tel://5550199", "https://itunes.apple.com/app/id123", "https://itunes.apple.com/app/id456" }
    expect(app:navigate(here:fail(404))):toFail("^404$")
    expect(app:navigate(here:showAlert { title = 404, actions = { { title = 1 } } })):toSucceed()
    expect(app:top().system.title):toBe("404")
  end)

  scenario("take their first argument by Nivelir's label too, in the options table", function()
    local app = feedApp()
    app:navigate(here:call { to = "+1 555" })
    app:navigate(here:mail { to = "team@example.com", subject = "Hi" })
    app:navigate(here:openStoreApp { id = "123", forReview = true })
    expect(app.opened):toEqual { "tel://+1555", "mailto:team@example.com?subject=Hi", "https://itunes.apple.com/app/id123?action=write-review" }
    app:navigate(here:impactOccurred { style = "light" }:impactOccurred { intensity = 0.25 }:notificationOccurred { type = "warning" })
    expect(app.haptics):toEqual { "impact(style: light)", "impact(intensity: 0.25)", "notification(type: warning)" }
    expect(function() here:mail { subject = "Hi" } end):toFail("option 'to' expected (mail{to = ...})")
    expect(function() here:mail { to = "a@b.c", cc = "x" } end):toFail("unknown option 'cc'")
    expect(function() here:mail({ to = "a@b.c" }, { subject = "Hi" }) end):toFail("the options go in the first table with 'to' (mail{to = ..., ...})")
    expect(function() here:impactOccurred { style = "heavy", intensity = 0.5 } end):toFail("give one")
    expect(function() here:call("1", { x = 1 }) end).never:toFail()
  end)
end)

describe("HUD", function()
  scenario("is shown over the window and hides itself after its duration", function()
    local app = feedApp()
    expect(app:navigate(here:showHUD({ indicator = "success", message = "Sent" }, { duration = 1 }))):toSucceed()
    expect(app.hud.indicator):toBe("success")
    expect(app.hud.message):toBe("Sent")
    expect(app.log):toContain('Info: Presenting HUD(indicator: .success, footer: .message("Sent")) on UIViewController')
    app:advance(1)
    expect(app.hud):toBeNil()
  end)

  scenario("takes Nivelir's label for its animation, animation = false for none", function()
    local app = feedApp()
    expect(app:navigate(here:showHUD("success", { animation = false }))):toSucceed()
    expect(app.clock):toBe(0)
    expect(app.hud.indicator):toBe("success")
    expect(function() here:showHUD("success", { animation = false, animated = false }) end)
      :toFail("options 'animation' and 'animated' both say whether the HUD animates: give one")
  end)

  scenario("a later show cancels an earlier one's timer; hideHUD hides it", function()
    local app = feedApp()
    app:navigate(here:showHUD("activity", { duration = 1 }))
    app:advance(0.5)
    app:navigate(here:showHUD { indicator = { percentage = 0.5 } })
    app:advance(1)
    expect(app.hud.indicator):toEqual { percentage = 0.5 }
    -- The ratio as given, in the state and in the log, as Nivelir's `.percentage(ratio)`.
    app:navigate(here:showHUD { indicator = { percentage = 1.5 } })
    expect(app.hud.indicator):toEqual { percentage = 1.5 }
    expect(app.log[#app.log]:find(".percentage(1.5)", 1, true) ~= nil):toBe(true)
    expect(app:navigate(here:hideHUD())):toSucceed()
    expect(app.hud):toBeNil()
  end)

  scenario("times shows, updates and hides as Nivelir's HUDView", function()
    local app = feedApp()
    app:navigate(here:showHUD("activity"))
    expect(app.clock):toBe(0.25)                       -- the appearance
    app:navigate(here:showHUD("success"))
    expect(app.clock):toBe(0.5)                        -- an update of a HUD on screen animates too
    app:navigate(here:hideHUD())
    expect(app.clock):toBe(0.75)                       -- faded out, then gone
    expect(app.hud):toBeNil()
    app:navigate(here:showHUD("activity", { animated = false }))
    expect(app.clock):toBe(0.75)                       -- at once, in the same turn
    app:navigate(here:hideHUD())
    expect(app.clock):toBe(0.75)                       -- the last show was not animated: gone at once
    expect(app.hud):toBeNil()
  end)

  scenario("stays while it fades out, and a show then updates the HUD that is going", function()
    local app = feedApp()
    app:navigate(here:showHUD("activity"))
    app.navigator:navigate(here:hideHUD())
    expect(app.hud.indicator):toBe("activity")        -- fading out, still in the window
    app.navigator:navigate(here:showHUD("success"))
    app:settle()
    expect(app.hud):toBeNil()                          -- the view it updated was removed
  end)

  scenario("a duration's timer is not stopped by a hide: it hides a HUD shown later", function()
    local app = feedApp()
    app:navigate(here:showHUD("activity", { duration = 2 }))
    app:navigate(here:hideHUD())
    app:navigate(here:showHUD("success"))
    expect(app.clock):toBe(0.75)
    app:advance(1.25)                                  -- the first show's timer fires at 2
    expect(app.hud.indicator):toBe("success")          -- and the HUD fades out
    app:advance(0.25)
    expect(app.hud):toBeNil()
  end)

  scenario("a bad indicator is an argument error", function()
    expect(function() here:showHUD("sparkles") end):toFail("unknown indicator 'sparkles'")
  end)

  scenario("takes the touches of what it covers, as Nivelir's full-window HUDView does; what is presented after it lies above it", function()
    local app = nav.app { root = nav.stack { Feed():withRightBarButton { title = "Edit" } } }
    app:navigate(here:showAlert { title = "A", actions = { { title = "OK" } } }:showHUD("activity"))
    expect(app:answer("OK")):toFail('<UIAlertController: Alert%(title="A"%)> is under HUD%(indicator: .activity%), which takes the tap: hide it first %(hideHUD%)')
    app:navigate(here:hideHUD())
    expect(app:answer("OK")):toSucceed()
    app:navigate(here:showHUD("activity"))
    expect(app:tap(app:top(), "right")):toFail("The rightBarButton of <UIViewController: Feed> is under HUD%(indicator: .activity%), which takes the tap")
    app:navigate(here:showAlert { title = "B", actions = { { title = "OK" } } })
    expect(app:answer("OK")):toSucceed()
  end)
end)

describe("haptics", function()
  scenario("are recorded in order, and log nothing", function()
    local app = feedApp()
    local before = #app.log
    app:navigate(here:impactOccurred("heavy"):impactOccurred(0.5):notificationOccurred("success"):selectionChanged())
    expect(app.haptics):toEqual { "impact(style: heavy)", "impact(intensity: 0.5)", "notification(type: success)", "selection" }
    expect(#app.log - before):toBe(1)   -- the search's line only
  end)

  scenario("unknown styles are argument errors", function()
    expect(function() here:impactOccurred("loud") end):toFail("unknown impact style 'loud'")
    expect(function() here:notificationOccurred("maybe") end):toFail("unknown notification type 'maybe'")
    expect(function() here:impactOccurred(2) end):toFail("an intensity from 0 to 1 expected")
  end)
end)

describe("changeBottomSheet", function()
  scenario("changes the sheet's detents and never completes, as Nivelir's", function()
    local app = feedApp()
    app:navigate(here:present(Chat():withBottomSheet { detents = { "medium", "large" } }))
    local ok, err = app:navigate(here:changeBottomSheet { selectedDetent = "large" }:present(Offline()))
    expect(ok):toBe(false)
    -- It names the action that hangs, and logs nothing, as Nivelir's completion never comes.
    expect(err):toBe("The action never completed for:\n  ScreenChangeBottomSheetAction<UIViewController>(animated: true, changes: (Function))")
    expect(app.log[#app.log]):toBe("Info: Changing bottom sheet of UIViewController")
    expect(app:top().attributes.bottomSheet.selectedDetent):toBe("large")
    expect(app:top().attributes.bottomSheet.detents):toEqual { "medium", "large" }
    expect(app.log):toContain("Info: Changing bottom sheet of UIViewController")
    -- No detents at all, as Nivelir's controller takes them.
    app:navigate(here:changeBottomSheet { detents = {} })
    expect(app:top().attributes.bottomSheet.detents):toEqual {}
  end)

  scenario("fails on a container not presented as a bottom sheet", function()
    local app = feedApp()
    app:navigate(here:present(Chat()))
    expect(app:navigate(here:changeBottomSheet { selectedDetent = "large" })):toFail("is not presented as a bottom sheet")
  end)

  scenario("needs the custom presentation style and a presented sheet, as Nivelir's UIViewController.bottomSheet", function()
    local app = feedApp()
    app:navigate(here:present(Chat():withBottomSheet { detents = { "medium" } }:withModalPresentationStyle("pageSheet")))
    expect(app:navigate(here:changeBottomSheet { selectedDetent = "large" })):toFail("is not presented as a bottom sheet")
    -- A screen that nothing presents looks at itself, not at the root around it.
    local root = nav.app()
    root:navigate(nav.route():setRoot(Feed():withBottomSheetStack { detents = { "medium", "large" } }))
    expect(root:navigate(here:changeBottomSheet { selectedDetent = "large" })):toFail("<UIViewController: Feed> is not presented as a bottom sheet")
  end)

  -- Nivelir's withBottomSheet makes its BottomSheetController once, in the decorator, and
  -- changeBottomSheet changes that controller: the decorated screen presented again opens
  -- as changed. withBottomSheetStack decorates in build, so each stack gets its own.
  scenario("a sheet presented again opens as it was changed; a bottom sheet stack opens anew", function()
    local app = feedApp()
    local sheet = Chat():withBottomSheet { detents = { "medium", "large" }, selectedDetent = "medium" }
    local stack = Offline():withBottomSheetStack { detents = { "medium", "large" }, selectedDetent = "medium" }
    for _, screen in ipairs { sheet, stack } do
      app:navigate(here:present(screen))
      app:navigate(here:changeBottomSheet { selectedDetent = "large" })
      expect(app:navigate(nav.route():top(nav.container):presenting():dismiss())):toSucceed()
      expect(app:navigate(here:present(screen))):toSucceed()
      expect(app:top().presenting.presented.attributes.bottomSheet.selectedDetent):toBe(screen == sheet and "large" or "medium")
      expect(app:navigate(nav.route():top(nav.container):presenting():dismiss())):toSucceed()
    end
    -- Another withBottomSheet of the same screen is another controller.
    app:navigate(here:present(Chat():withBottomSheet { detents = { "medium", "large" }, selectedDetent = "medium" }))
    expect(app:top().attributes.bottomSheet.selectedDetent):toBe("medium")
  end)
end)

describe("try", function()
  local pushChat = nav.route("stack"):push(Chat())

  scenario("runs done after a success, and ensure whatever happens", function()
    local app = feedApp()
    local route = nav.route():top(nav.stack):try(pushChat, { ensure = nav.route("stack"):impactOccurred(), done = nav.route("stack"):push(Offline()) })
    expect(app:navigate(route)):toSucceed()
    expect(app:top().name):toBe("Offline")
    expect(app.haptics):toEqual { "impact(style: medium)" }
  end)

  scenario("a fallback function gets the error and chooses a route; the error is logged", function()
    local app = feedApp()
    local seen
    local failing = nav.route("stack"):fail("offline")
    local route = nav.route():top(nav.stack):try(failing, { fallback = function(err) seen = err; return nav.route("stack"):push(Offline()) end })
    expect(app:navigate(route)):toSucceed()
    expect(seen):toBe("offline")
    expect(app:top().name):toBe("Offline")
    expect(app.log):toContain("Info: Catching error: offline")
  end)

  scenario("without a fallback the action's error is the result; cauterize swallows it", function()
    local app = feedApp()
    local failing = nav.route("stack"):fail("offline")
    expect(app:navigate(nav.route():top(nav.stack):try(failing))):toFail("offline")
    expect(app:navigate(nav.route():top(nav.stack):try(failing, { cauterize = true }))):toSucceed()
  end)

  scenario("the action must fit the current container", function()
    expect(function() nav.route():top(nav.stack):try(nav.route("tabs"):selectTab(1)) end):toFail("bad argument #1 to 'try' (route rooted at stack, modal or container expected, got route rooted at tabs)")
    -- The route is checked before its resolution, whose routes fit the try's container
    -- (Nivelir's ScreenTryResolution<Current, ...>), not the route's root.
    local here = nav.route():top(nav.container)
    expect(function() here:try(nav.route():fail("x"), { ensure = nav.route("modal") }) end)
      :toFail("bad argument #1 to 'try' (route rooted at modal or container expected, got route rooted at window)")
    expect(function() here:try(nav.route("container"):fail("x"), { ensure = nav.route() }) end)
      :toFail("bad argument #2 to 'try' (field 'ensure': route rooted at modal or container expected, got route rooted at window)")
    expect(function() here:try(nav.route("container"):fail("x"), { ensure = nav.route("modal") }) end).never:toFail()
  end)
end)

-- Nivelir's UIViewController.isPresentedAsBottomSheet: the sheet is what the container's
-- presenter presents (through ancestors, as UIKit's presentingViewController), or itself.
scenario("isPresentedAsBottomSheet holds for a sheet and the screens inside it, not for its presenter", function()
  local app = feedApp()
  expect(app:top().isPresentedAsBottomSheet):toBe(false)
  app:navigate(here:present(Chat():withBottomSheetStack { detents = { "medium" } }))
  local chat = app:top()
  expect(chat):toShow(Chat())
  expect(chat.isPresentedAsBottomSheet):toBe(true)             -- inside the sheet's stack
  expect(chat.parent.isPresentedAsBottomSheet):toBe(true)      -- the sheet itself
  expect(app.window.children[1].isPresentedAsBottomSheet):toBe(false)
  app:navigate(here:present(Offline()))
  expect(app:top().isPresentedAsBottomSheet):toBe(false)       -- a page sheet over it
end)
