-- Answering system screens (Nivelir's addons) as a user would, and what a user can reach.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local Login = nav.screen("Login")

local top = nav.route():top(nav.container)
local function feedApp(options)
  return nav.app { root = nav.stack { Feed() }, system = options }
end

describe("answering", function()
  scenario("a screen that is not a system screen cannot be answered", function()
    local app = feedApp()
    expect(function() app:answer("OK") end):toFail("no system screen is on top")
  end)

  scenario("a wrong answer for the screen is refused", function()
    local app = feedApp()
    app:navigate(top:showSafari("https://example.com"))
    expect(function() app:answer("OK") end):toFail('answered with "done"')
  end)

  scenario("an alert is not closed by a tap outside it: nil fails, as a wrong title does", function()
    local app = feedApp()
    app:navigate(top:showAlert { title = "A", actions = { { title = "OK" }, { title = "No", style = "cancel" } } })
    expect(app:answer(nil)):toFail("Alert%(\"A\"%) is not closed by a tap outside it, as UIKit's alerts are not: answer one of its actions %('OK', 'No'%)")
    expect(app:answer("Maybe")):toFail("has no action 'Maybe'")
    expect(app:answer("OK")):toSucceed()
  end)

  scenario("its dismiss button style is one of SFSafariViewController's", function()
    expect(function() top:showSafari { url = "https://x", dismissButtonStyle = "bogus" } end)
      :toFail("field 'dismissButtonStyle' must be done, close or cancel, got 'bogus'")
    expect(function() top:showSafari { url = "https://x", dismissButtonStyle = "close" } end).never:toFail()
  end)
end)

describe("document previews and store products", function()
  scenario("a document preview takes no nested route, which Nivelir runs on no view controller", function()
    expect(function() top:showDocumentPreview("file:///a.pdf", function(route) return route end) end)
      :toFail("system_screens_answering_spec.lua:%d+: bad argument #2 to 'showDocumentPreview' %(showDocumentPreview takes no nested route")
    expect(function() top:showDocumentPreview("file:///a.pdf", {}, nav.route()) end)
      :toFail("bad argument #3 to 'showDocumentPreview' (showDocumentPreview takes no nested route")
    -- Nivelir's alert, action sheet and changeBottomSheet have no nested route: one would never run.
    expect(function() top:showAlert({ title = "x" }, {}, function(r) return r end) end)
      :toFail("bad argument #3 to 'showAlert' (showAlert takes no nested route (Nivelir's has none), got function)")
    expect(function() top:showActionSheet({ title = "x" }, nil, function(r) return r end) end):toFail("showActionSheet takes no nested route")
    expect(function() top:changeBottomSheet({}, {}, function(r) return r end) end):toFail("changeBottomSheet takes no nested route")
  end)

  scenario("a store product's id may be written as a number", function()
    local app = feedApp()
    expect(app:navigate(top:showStoreProduct(123456))):toSucceed()
    expect(app:navigate(nav.route():top(nav.container):dismiss())):toSucceed()
    expect(app:navigate(top:showStoreProduct { itemID = 654321 })):toSucceed()
    expect(app:top().typeName):toBe("SKStoreProductViewController")
  end)
end)

describe("answering as a user would", function()
  scenario("a screen still being presented is answered once it is on screen, as a user taps only then", function()
    local app, ended = feedApp(), false
    -- Nivelir's preview completes before its animation ends.
    expect(app:navigate(top:showDocumentPreview { url = "file:///a.pdf", didEndPreview = function() ended = true end })):toSucceed()
    expect(app:top().presentationPhase):toBe("presenting")
    expect(app:answer("done")):toSucceed()
    expect(ended):toBe(true)
    expect(app:top()):toShow(Feed)
  end)

  scenario("a navigation the answer's callback starts runs to completion, as the answer's own does", function()
    local app = feedApp()
    app:navigate(top:showMediaPicker { source = "photoLibrary", didFinish = function()
      app.navigator:navigate(nav.route():top(nav.container):presenting():dismiss())
    end })
    expect(app:answer { type = "image" }):toSucceed()
    expect(app:top()):toShow(Feed)
    expect(app:top().isVisible):toBe(true)
  end)

  scenario("a media picker gives only a type it offers", function()
    local app = feedApp()
    local picked
    app:navigate(top:showMediaPicker { source = "photoLibrary", types = { "image" }, didFinish = function(result) picked = result end })
    expect(app:answer { type = "movie", url = "a.mov" }):toFail('picks image only, not "movie" %(its types%)')
    expect(picked):toBeNil()
    expect(app:answer { type = "image" }):toSucceed()
    expect(picked.type):toBe("image")
  end)

  scenario("a wrong answer to a screen still being presented fails and changes nothing, the clock too", function()
    local app = feedApp()
    app.navigator:navigate(top:showAlert { title = "Sure?", actions = { { title = "OK" } } })
    app:advance(0)
    expect(app:top().presentationPhase):toBe("presenting")
    expect(app:answer("Nope")):toFail("has no action 'Nope' %(OK%)")
    expect(app.clock):toBe(0)
    expect(app:top().presentationPhase):toBe("presenting")
  end)

  scenario("the answer waits for what its callbacks started, not for a count that another navigation can make up", function()
    local app = feedApp()
    app:navigate(top:showAlert { title = "Open?", actions = { { title = "Open", handler = function()
      app.navigator:navigate(nav.route():top(nav.stack):wait(2):push(Chat()))
    end } } })
    app.navigator:navigate(nav.route():top(nav.stack):wait(0.1))   -- started before, ends first
    expect(app:answer("Open")):toSucceed()
    expect(app:top()):toShow(Chat)
  end)
end)

describe("answering what a user can reach", function()
  scenario("a system screen under a presentation is not answered: what covers it takes the tap", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local handled = false
    app:navigate(top:showAlert { title = "T", actions = { { title = "OK", handler = function() handled = true end } } })
    local alert = app:top()
    app:navigate(top:present(Login():withModalPresentationStyle("pageSheet")))
    expect(app:answer(alert, "OK")):toFail('<UIAlertController: Alert%(title="T"%)> is under <UIViewController: Login>, which takes the tap: dismiss it first')
    expect(handled):toBe(false)
    expect(app:top()):toShow(Login())
    app:navigate(top:presenting():dismiss())
    expect(app:answer(alert, "OK")):toSucceed()
    expect(handled):toBe(true)
  end)

  scenario("a system screen going out with a dismissal below it is not answered, as one dismissed itself is not", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = Chat() }
    local handled = false
    app:navigate(top:showAlert { title = "T", actions = { { title = "OK", handler = function() handled = true end } } })
    local alert = app:top()
    app.navigator:navigate(nav.route():root():dismiss())      -- Chat, and the alert with it
    local clock = app.clock
    expect(app:answer(alert, "OK")):toFail('Alert%("T"%) is not on screen to answer: <UIViewController: Chat> is being dismissed, and takes it out')
    expect(handled):toBe(false)
    expect(app.clock):toBe(clock)
    app:settle()
    expect(app:top()):toShow(Feed())
  end)

  scenario("a bar button going out with a dismissal is not tapped", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = nav.stack { Chat():withRightBarButton { title = "X", route = nav.route("modal"):present(Login()) } } }
    local chat = app:topStack().children[1]
    app.navigator:navigate(nav.route():root():dismiss())
    expect(app:tap(chat, "right")):toFail("The rightBarButton of <UIViewController: Chat> is not on screen: <UINavigationController> is being dismissed, and takes it out")
    app:settle()
    expect(app:top()):toShow(Feed())
  end)
end)

describe("an action sheet's actions", function()
  scenario("have no enabler, as Nivelir's ActionSheetAction has none", function()
    local app = feedApp()
    expect(function() top:showActionSheet { title = "S", actions = { { title = "A", enabler = function() return false end } } } end)
      :toFail("bad argument #1 to 'showActionSheet' %(actions%[1%]: unknown field 'enabler'")
    app:navigate(top:showActionSheet { title = "S", actions = { { title = "A" } } })
    expect(app:answer("A")):toSucceed()
  end)
end)

describe("media authorization", function()
  scenario("is limited for photos only: AVAuthorizationStatus has no limited", function()
    expect(function() feedApp { authorization = { camera = "limited" } } end)
      :toFail("field 'authorization': the camera is never limited")
    expect(function() feedApp { authorizationAnswer = { camera = "limited" } } end)
      :toFail("field 'authorizationAnswer': the camera is never limited")
    feedApp { authorization = { photos = "limited" } }
  end)
end)

describe("an action's route", function()
  scenario("starts at the container the system screen was shown from, as a Nivelir handler navigates from the container it captured", function()
    -- UIKit's presenter is the tab bar; the route is the stack's.
    local app = nav.app { root = nav.tabs { nav.stack { Feed() } } }
    app:navigate(nav.route():top(nav.stack):showAlert { title = "A",
      actions = { { title = "Open", route = nav.route("stack"):push(Chat()) } } })
    expect(app:answer("Open")):toSucceed()
    expect(app:top()):toShow(Chat())
    app:navigate(nav.route():top(nav.stack):showActionSheet { title = "S",
      actions = { { title = "Back", route = nav.route("stack"):pop() } } })
    expect(app:answer("Back")):toSucceed()
    expect(app:top()):toShow(Feed())
    -- A modal route presents from that container (UIKit attaches it to the context).
    local plain = feedApp()
    plain:navigate(top:showAlert { title = "B", actions = { { title = "Go", route = nav.route("modal"):present(Chat()) } } })
    expect(plain:answer("Go")):toSucceed()
    expect(plain.log[#plain.log]):toBe("Info: Presenting Chat on UIViewController")
  end)

  scenario("of a silent share activity starts there too", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() } } }
    app:navigate(nav.route():top(nav.stack):share { items = { "x" },
      applicationActivities = { { type = "open", title = "Open", route = nav.route("stack"):push(Chat()) } } })
    expect(app:answer("open")):toSucceed()
    expect(app:top()):toShow(Chat())
  end)
end)
