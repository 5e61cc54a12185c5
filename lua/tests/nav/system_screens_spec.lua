-- System screens (Nivelir's addons) as containers a scenario inspects and answers.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local Login = nav.screen("Login")

local top = nav.route():top(nav.container)
local function feedApp(options)
  return nav.app { root = nav.stack { Feed() }, system = options }
end

describe("alert", function()
  local signOut = {
    title = "Sign out?", message = "You can sign in again",
    actions = {
      { title = "Cancel", style = "cancel" },
      { title = "Sign Out", style = "destructive", route = nav.route():setRoot(Login()) },
    },
  }

  scenario("is presented as a container with its title, message and actions", function()
    local app = feedApp()
    expect(app:navigate(top:showAlert(signOut))):toSucceed()
    local alert = app:top()
    expect(alert.system.type):toBe("Alert")
    expect(alert.system.title):toBe("Sign out?")
    expect(alert.system.message):toBe("You can sign in again")
    expect(alert.system.actions[2].title):toBe("Sign Out")
    expect(alert.system.actions[2].style):toBe("destructive")
    expect(app.log):toContain('Info: Presenting Alert("Sign out?") on UIViewController')
    expect(alert.presenting.kind):toBe("stack")      -- UIKit presents from the presentation context
  end)

  -- Nivelir's name and key searches match ScreenKeyedContainers only, which UIKit's controllers are not.
  scenario("searches by name or key do not find it, though its name shows what it is", function()
    local Alert = nav.screen("Alert")
    local app = feedApp()
    app:navigate(top:showAlert { title = "Hi", actions = { { title = "OK" } } })
    expect(app:top().name):toBe("Alert")
    expect(app:navigate(nav.route():last(Alert))):toFail("predicate: Alert container of UIViewController type")
    expect(app:navigate(nav.route():last(nav.container { name = "Alert" }))):toFail("predicate: Alert container of UIViewController type")
    expect(app:navigate(nav.route():last(nav.container))):toSucceed()
    local restored = nav.app { restore = app:snapshot() }
    expect(restored:top().name):toBe("Alert")
    expect(restored:navigate(nav.route():last(nav.container { name = "Alert" }))):toFail("predicate: Alert container of UIViewController type")
    -- What it shows is not in a snapshot: it cannot be answered, and says why.
    expect(function() restored:answer("OK") end)
      :toFail("bad argument #1 to 'answer' (<UIAlertController: Alert(title=\"Hi\")> was restored from a snapshot, which keeps no system screen's choices: it cannot be answered)", true)
  end)

  scenario("tapping an action dismisses it, then runs the action's route", function()
    local app = feedApp()
    app:navigate(top:showAlert(signOut))
    expect(app:answer("Sign Out")):toSucceed()
    expect(app:top().name):toBe("Login")
    expect(app.window.children[1].presented):toBeNil()
  end)

  scenario("a handler gets the texts typed into the fields; an enabler can refuse", function()
    local app = feedApp()
    local typed
    app:navigate(top:showAlert {
      title = "Rename",
      textFields = { { placeholder = "Name" } },
      actions = {
        { title = "Save", handler = function(texts) typed = texts[1] end,
          enabler = function(texts) return #texts[1] > 0 end },
      },
    })
    local ok, err = app:answer("Save")
    expect(ok):toBe(false)
    expect(err):toContain("is disabled")
    expect(app:answer("Save", { texts = { "Inbox" } })):toSucceed()
    expect(typed):toBe("Inbox")
  end)

  scenario("a handler gets one text a field, typed ones first, as Nivelir reads the fields", function()
    local app = feedApp()
    local got
    app:navigate(top:showAlert {
      title = "Two",
      textFields = { { text = "pre" }, { placeholder = "p" } },
      actions = { { title = "Save", handler = function(texts) got = texts end } },
    })
    expect(app:answer("Save", { texts = { "x" } })):toSucceed()
    expect(got):toEqual { "x", "" }
    app:navigate(top:showAlert { title = "None", actions = { { title = "OK", handler = function(texts) got = texts end } } })
    expect(app:answer("OK", { texts = { "x" } })):toFail('Alert("None") has 0 text fields, 1 texts typed')
    expect(function() app:answer("OK", { texts = { 1 } }) end):toFail("option 'texts' must be a list of strings, one a text field")
    expect(function() app:answer("OK", { texts = "x" }) end):toFail("option 'texts' must be a list of strings")
    expect(app:answer("OK")):toSucceed()
    expect(got):toEqual {}
  end)

  scenario("every enabler is asked once the alert is shown, with the fields' texts", function()
    local app = feedApp()
    local asked = {}
    app:navigate(top:showAlert {
      title = "Rename",
      textFields = { { text = "Inbox" } },
      actions = { { title = "Save", enabler = function(texts) asked[#asked + 1] = texts[1] return true end } },
    })
    expect(asked):toEqual { "Inbox" }
    expect(app:answer("Save", { texts = { "Mail" } })):toSucceed()
    expect(asked):toEqual { "Inbox", "Mail" }
  end)

  scenario("an enabler that answers its own alert leaves nothing to tap", function()
    local app = feedApp()
    local ran = {}
    app:navigate(top:showAlert { title = "Again", textFields = { {} }, actions = {
      { title = "No", handler = function() ran[#ran + 1] = "No" end },
      { title = "OK", handler = function() ran[#ran + 1] = "OK" end,
        enabler = function() if app:top().name == "Alert" and #ran == 0 and app.clock > 0 then app:answer("No") end return true end },
    } })
    app:advance(1)
    -- Typing asks the enablers again (UIKit's editingChanged).
    expect(app:answer("OK", { texts = { "x" } })):toFail("was answered or dismissed while the enabler of 'OK' ran")
    expect(ran):toEqual { "No" }
  end)

  scenario("two cancel actions fail where UIKit raises, and nothing is shown", function()
    local app = feedApp()
    local twice = { { title = "A", style = "cancel" }, { title = "B", style = "cancel" } }
    expect(app:navigate(top:showAlert { title = "T", actions = twice }))
      :toFail("UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
    expect(app:navigate(top:showActionSheet { title = "T", actions = twice }))
      :toFail("UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
    expect(app:top().name):toBe("Feed")
  end)

  scenario("an unknown action is refused with the actions there are", function()
    local app = feedApp()
    app:navigate(top:showAlert(signOut))
    local ok, err = app:answer("Delete")
    expect(ok):toBe(false)
    expect(err):toContain("has no action 'Delete' (Cancel, Sign Out)")
    expect(app:top().system.type):toBe("Alert")
  end)

  scenario("a bad action is an argument error at the line that builds it", function()
    expect(function() top:showAlert { actions = { { title = "OK", style = "loud" } } } end):toFail("actions[1]: unknown style 'loud'")
    expect(function() top:showAlert { titel = "x" } end):toFail("unknown field 'titel'")
  end)

  scenario("cannot be shown from a container that already presents", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = Chat() }
    local ok, err = app:navigate(nav.route():first(nav.stack):showAlert(signOut))
    expect(ok):toBe(false)
    expect(err):toContain("is already presenting another container")
  end)
end)

describe("action sheet", function()
  local sheet = { title = "Chat", anchor = "moreButton", actions = { { title = "Share" }, { title = "Cancel", style = "cancel" } } }

  scenario("on a phone is a sheet without a popover anchor", function()
    local app = feedApp()
    app:navigate(top:showActionSheet(sheet))
    expect(app:top().system.type):toBe("ActionSheet")
    expect(app:top().attributes.popoverAnchor):toBeNil()
  end)

  scenario("on a pad is a popover at its anchor", function()
    local app = feedApp { idiom = "pad" }
    app:navigate(top:showActionSheet(sheet))
    expect(app:top().attributes.popoverAnchor):toBe("moreButton")
    expect(app:answer("Cancel")):toFail("is a popover, which shows no cancel action: answer nil")
    expect(app:answer(nil)):toSucceed()
    expect(app.window.children[1].presented):toBeNil()
  end)

  scenario("a tap outside it runs the cancel action's handler, as UIKit does; with none it closes a popover and does nothing on a phone", function()
    local cancelled = 0
    local withCancel = { title = "S", actions = { { title = "A" }, { title = "Cancel", style = "cancel", handler = function() cancelled = cancelled + 1 end } } }
    local withoutCancel = { title = "S", actions = { { title = "A" } } }
    for _, idiom in ipairs { "phone", "pad" } do
      local app = feedApp { idiom = idiom }
      app:navigate(top:showActionSheet(withCancel))
      expect(app:answer(nil)):toSucceed()
      expect(app.window.children[1].presented):toBeNil()
    end
    expect(cancelled):toBe(2)
    local phone = feedApp()
    phone:navigate(top:showActionSheet(withoutCancel))
    expect(phone:answer(nil)):toFail("has no cancel action, so a tap outside it does nothing")
    expect(phone:top().system.type):toBe("ActionSheet")
    local pad = feedApp { idiom = "pad" }
    pad:navigate(top:showActionSheet(withoutCancel))
    expect(pad:answer(nil)):toSucceed()
    expect(pad.window.children[1].presented):toBeNil()
    -- An alert is not closed by a tap outside it.
    phone = feedApp()
    phone:navigate(top:showAlert { title = "T", actions = { { title = "OK" } } })
    expect(phone:answer(nil)):toFail("is not closed by a tap outside it, as UIKit's alerts are not")
  end)
end)

describe("Safari", function()
  scenario("shows the URL and reports when closed", function()
    local app = feedApp()
    local finished = false
    expect(app:navigate(top:showSafari { url = "https://example.com", didFinish = function() finished = true end })):toSucceed()
    expect(app:top().system.url):toBe("https://example.com")
    expect(app:answer("done")):toSucceed()
    expect(finished):toBe(true)
    expect(app.window.children[1].presented):toBeNil()
  end)

  scenario("covers the screen, as SFSafariViewController does: what presents it leaves the window", function()
    local app = feedApp()
    expect(app:navigate(top:showSafari("https://example.com"))):toSucceed()
    expect(app:top().attributes.modalPresentationStyle):toBe("fullScreen")
    expect(app.window.children[1].isVisible):toBe(false)
    expect(app:navigate(nav.route():top(nav.stack))):toFail()
    expect(app:answer("done")):toSucceed()
    expect(app.window.children[1].isVisible):toBe(true)
  end)

  scenario("refuses a URL that is not http or https, as SFSafariViewController", function()
    local app = feedApp()
    local ok, err = app:navigate(top:showSafari("myapp://chat"))
    expect(ok):toBe(false)
    expect(err):toContain("Safari does not support the url scheme of:")
  end)
end)

describe("sharing", function()
  scenario("reports the chosen activity, or nil when closed", function()
    local app = feedApp()
    local reports = {}
    local share = top:share { items = { "https://example.com/chat/7" },
                              didFinish = function(activity, completed) reports[#reports + 1] = { activity, completed } end }
    app:navigate(share)
    expect(app:top().system.items[1]):toBe("https://example.com/chat/7")
    expect(app:answer("com.apple.UIKit.activity.CopyToPasteboard")):toSucceed()
    app:navigate(share)
    expect(app:answer(nil)):toSucceed()
    expect(reports[1][1]):toBe("com.apple.UIKit.activity.CopyToPasteboard")
    expect(reports[1][2]):toBe(true)
    expect(reports[2][1]):toBeNil()
    expect(reports[2][2]):toBe(false)
  end)

  scenario("takes Nivelir's field names, and refuses a field given by both names", function()
    local app = feedApp()
    app:navigate(top:share { items = { "x" }, applicationActivities = { { type = "app.forward", screen = Chat() } },
      excludedActivityTypes = { "com.apple.UIKit.activity.Mail" } })
    expect(app:answer("com.apple.UIKit.activity.Mail")):toFail("excludes the activity 'com.apple.UIKit.activity.Mail'")
    expect(app:answer("app.forward")):toSucceed()
    expect(app:top().name):toBe("Chat")
    expect(function() top:share { items = { "x" }, excluded = {}, excludedActivityTypes = {} } end)
      :toFail("fields 'excludedActivityTypes' and 'excluded' are the same; give one")
  end)

  -- UIKit presents a visual activity's screen (Nivelir's SharingVisualActivity.prepare) and the
  -- share reports when the activity finishes (activityDidFinish), completed or not.
  scenario("a visual activity shows its screen in place of the sheet, and reports when it finishes", function()
    local app = feedApp()
    local reports = {}
    local share = top:share { items = { "x" }, activities = { { type = "app.forward", title = "Forward", screen = Chat() } },
                              didFinish = function(activity, completed) reports[#reports + 1] = { activity, completed } end }
    app:navigate(share)
    local logged = #app.log
    expect(app:answer("app.forward")):toSucceed()
    expect(app:top().name):toBe("Chat")
    expect(app:top().presenting.kind):toBe("stack")
    expect(#app.log):toBe(logged)                           -- UIKit presents it: Nivelir logs nothing
    expect(reports):toEqual {}
    expect(function() app:answer("done") end):toFail("bad argument #1 to 'answer' (a share activity's screen is answered with whether it completed")
    expect(app:answer(true)):toSucceed()
    expect(reports):toEqual { { "app.forward", true } }
    expect(app:top().name):toBe("Feed")
    app:navigate(share)
    app:answer("app.forward")
    expect(app:answer(app:top(), false)):toSucceed()        -- cancelled
    expect(reports[2]):toEqual { "app.forward", false }
    expect(app.window.children[1].presented):toBeNil()
  end)

  -- Nivelir's example SharingOpenInBrowserActivity shows Safari from the top container in
  -- perform: the sheet is gone by then, and the share reports when the activity's route is done.
  scenario("a silent activity runs its route once the sheet is gone, then reports", function()
    local app = feedApp()
    local reports = {}
    app:navigate(top:share { items = { "https://example.com" },
      activities = { { type = "app.open", title = "Open in Browser", route = top:showSafari("https://example.com") } },
      didFinish = function(activity, completed) reports[#reports + 1] = { activity, completed, app:top().name } end })
    expect(app:answer("app.open")):toSucceed()
    expect(app:top().name):toBe("Safari")
    expect(app:top().presenting.kind):toBe("stack")
    expect(reports):toEqual { { "app.open", true, "Safari" } }
    expect(app.log[#app.log]):toBe('Info: Presenting Safari("https://example.com") on UIViewController')
  end)
end)

describe("media picker", function()
  scenario("asks for permission once, then shows the picker", function()
    local app = feedApp { authorization = { camera = "notDetermined" }, authorizationAnswer = { camera = "authorized" } }
    local picked
    local ok = app:navigate(top:showMediaPicker { source = "camera", didFinish = function(result) picked = result end })
    expect(ok):toBe(true)
    expect(app.authorizationRequests.camera):toBe(1)
    expect(app:top().system.source):toBe("camera")
    expect(app:answer({ image = "photo.jpg" })):toSucceed()
    expect(picked.image):toBe("photo.jpg")
  end)

  scenario("shows the camera full screen and the library as a sheet, as UIImagePickerController does", function()
    local app = feedApp { authorization = { camera = "authorized", photos = "authorized" } }
    expect(app:navigate(nav.route():root():showMediaPicker("camera"))):toSucceed()
    expect(app:top().attributes.modalPresentationStyle):toBe("fullScreen")
    expect(app:navigate(nav.route():top(nav.stack))):toFail()   -- the presenter left the window
    expect(app:navigate(nav.route():top(nav.container):presenting():dismiss())):toSucceed()
    expect(app:navigate(nav.route():root():showMediaPicker("photoLibrary"))):toSucceed()
    expect(app:top().attributes.modalPresentationStyle):toBeNil()
    expect(app:navigate(nav.route():top(nav.stack))):toSucceed()
  end)

  scenario("fails with Nivelir's error when access is denied", function()
    local app = feedApp { authorization = { photos = "denied" } }
    local ok, err = app:navigate(top:showMediaPicker("photoLibrary"))
    expect(ok):toBe(false)
    expect(err):toContain("access")
    expect(app.authorizationRequests.photos):toBeNil()
  end)

  scenario("fails when the device has no such source", function()
    local app = feedApp { mediaTypes = { camera = false } }
    local ok = app:navigate(top:showMediaPicker("camera"))
    expect(ok):toBe(false)
  end)
end)

describe("document preview and product page", function()
  scenario("a preview reports when it begins and ends", function()
    local app = feedApp()
    local events = {}
    app:navigate(top:showDocumentPreview { url = "file:///report.pdf", name = "Report",
      willBeginPreview = function() events[#events + 1] = "begin" end,
      didEndPreview = function() events[#events + 1] = "end" end })
    expect(app:top().system.name):toBe("Report")
    expect(events):toEqual { "begin" }
    app:settle()                                    -- the action completes before the preview is up
    expect(app:answer()):toSucceed()
    expect(events):toEqual { "begin", "end" }
  end)

  -- UIKit (documentInteractionControllerViewControllerForPreview, presentPreview): the preview
  -- is pushed onto a navigation controller given as its parent, else presented full screen.
  scenario("a preview is full screen over a screen, and pushed onto a stack", function()
    local app = feedApp()
    local ended = 0
    app:navigate(top:showDocumentPreview { url = "file:///a.pdf", didEndPreview = function() ended = ended + 1 end })
    app:settle()
    expect(app:top().attributes.modalPresentationStyle):toBe("fullScreen")
    expect(app:navigate(nav.route():top(nav.stack))):toFail()   -- the presenter left the window
    expect(app:answer("done")):toSucceed()
    expect(app:navigate(nav.route():top(nav.stack):showDocumentPreview { url = "file:///b.pdf",
      didEndPreview = function() ended = ended + 1 end })):toSucceed()
    app:settle()
    local stack = app.window.children[1]
    expect(#stack.children):toBe(2)
    expect(stack.children[2].system.type):toBe("DocumentPreview")
    expect(stack.presented):toBeNil()
    expect(app:answer("done")):toSucceed()                       -- its back button
    expect(#stack.children):toBe(1)
    expect(ended):toBe(2)
    expect(app):toHaveTransitions { "present", "dismiss", "push", "pop" }
    -- In a tab too: the answer finds the preview on the selected tab's stack.
    local tabs = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat() } } }
    tabs:navigate(nav.route():top(nav.stack):showDocumentPreview("file:///c.pdf"))
    tabs:settle()
    expect(tabs:answer("done")):toSucceed()
    expect(#tabs.window.children[1].children[1].children):toBe(1)
  end)

  scenario("a product page shows its item and a review is recorded", function()
    local app = feedApp()
    expect(app:navigate(top:showStoreProduct("12345"))):toSucceed()
    expect(app:top().system.itemID):toBe("12345")
    expect(app:navigate(nav.route():requestStoreReview())):toSucceed()
    expect(app.storeReviewRequests):toBe(1)
  end)

  scenario("a review is asked only from a container on screen, which has a window scene", function()
    local app = nav.app { root = nav.stack { Feed(), Chat() } }
    expect(app:navigate(nav.route():first(Feed):requestStoreReview()))
      :toFail("No container of UIWindowScene type found for:\n  ScreenRequestStoreReviewAction<UIViewController>()")
    expect(app:navigate(nav.route():first(Chat):requestStoreReview())):toSucceed()
    expect(app.storeReviewRequests):toBe(1)
  end)
end)

describe("a system screen UIKit refuses", function()
  -- Nivelir's addons check `presented` only, then complete in UIKit's callback, which a
  -- refused presentation never calls (ScreenShowAlertAction.swift).
  scenario("while nothing is presented never completes, naming the action, with UIKit's warning", function()
    local A, M = nav.screen("A"), nav.screen("M")
    local app = nav.app { root = nav.stack { A() } }
    app.navigator:navigate(nav.route():top(nav.container):present(M()))
    local ok, err = app:navigate(nav.route():last(M):showAlert { title = "Hi" })
    expect(ok):toBe(false)
    expect(err):toContain("The action never completed for:\n  ScreenShowAlertAction<UIViewController>(alert: Alert(\"Hi\"), animated: true)")
    -- Presenting on a screen that presents already fails at once, as before.
    app:settle()
    expect(app:navigate(nav.route():last(M):showAlert { title = "Again" })):toSucceed()
    expect(app:navigate(nav.route():last(M):showAlert { title = "Third" })):toFail("is already presenting another container")
  end)
end)

describe("the media picker", function()
  -- Nivelir checks `presented` before it asks for access, not after
  -- (ScreenShowMediaPickerAction.swift): what was presented meanwhile makes UIKit refuse.
  scenario("presented over during its permission prompt never completes, with UIKit's warning", function()
    local A = nav.screen("A")
    local app = nav.app { root = Feed(), system = { authorization = { photos = "notDetermined" } } }
    local done = false
    app.navigator:navigate(top:showMediaPicker("photoLibrary"), function() done = true end)
    expect(app:navigate(top:present(A()))):toSucceed()
    app:settle()
    expect(done):toBe(false)
    expect(app:top().name):toBe("A")
    -- Checked before the prompt, it fails at once, as before.
    expect(app:navigate(nav.route():root():showMediaPicker("photoLibrary"))):toFail("is already presenting another container")
  end)
end)

describe("an alert action's enabler", function()
  scenario("decides as it answered when the alert was shown, until a text is typed, as UIAlertAction.isEnabled keeps it", function()
    local app = nav.app { root = nav.stack { nav.screen("Feed")() } }
    local flag, calls = false, 0
    app:navigate(nav.route():top(nav.container):showAlert { title = "T", textFields = { {} }, actions = {
      { title = "OK", enabler = function(texts) calls = calls + 1 return flag or texts[1] == "go" end },
      { title = "Cancel", style = "cancel" },
    } })
    flag = true
    expect(app:answer("OK")):toFail("the action 'OK' of Alert%(\"T\"%) is disabled")
    expect(calls):toBe(1)
    flag = false
    expect(app:answer("OK", { texts = { "go" } })):toSucceed()
    expect(calls):toBe(2)
  end)
end)
