-- Modal screens: sign in, share, sheets.
local App = require "routes.app"
local S = require "routes.screens"
local R = require "routes.navigation"

describe("modals", function()
  local app
  before_each(function() app = App.launch() end)

  scenario("sign in is full screen, in its own stack, with a close button", function()
    expect(app:navigate(R.showSignIn())):toBe(true)
    local signIn = app:top()
    expect(signIn):toShow(S.SignIn())
    expect(signIn.parent.kind):toBe("stack")
    expect(signIn.parent.attributes.modalPresentationStyle):toBe("fullScreen")
    expect(signIn.attributes.leftBarButton):toEqual({ title = "Close" })
  end)

  scenario("the close button dismisses sign in", function()
    app:navigate(R.showSignIn())
    expect(app:tap(app:top(), "left")):toBe(true)
    expect(app:top()):toShow(S.Search())
  end)

  scenario("share is a popover anchored to the share button", function()
    expect(app:navigate(R.share())):toBe(true)
    expect(app:top().attributes):toEqual({ modalPresentationStyle = "popover", popoverAnchor = "shareButton" })
    expect(app:topStack().isVisible):toBe(true)
  end)

  scenario("a second modal goes on top of the first", function()
    app:navigate(R.showFilters())
    expect(app:navigate(R.showPhoto(2))):toBe(true)
    expect(app:top()):toShow(S.PhotoViewer { photoId = 2 })
    expect(app:top().presenting.key):toBe("Filters")
  end)

  scenario("presenting from a covered screen says it is already presenting", function()
    app:navigate(R.showFilters())
    local ok, err = app:navigate(nav.route():first(nav.tabs):present(S.Share()))
    expect(ok):toBe(false)
    expect(err):toMatch("The container <UITabBarController: Home> is already presenting another container")
  end)

  scenario("closing with nothing presented fails with Nivelir's message", function()
    expect(app:navigate(R.closeModal())):toFail("No container of UIViewController type found for:\n  ScreenPresentingAction")
  end)

  scenario("presenting and closing take virtual time: 0.4 s each for Nivelir's bottom sheet, 0.5 s for UIKit's", function()
    app:navigate(R.showFilters())
    expect(app.clock):toBe(0.4)
    app:navigate(R.closeModal())
    expect(app.clock):toBe(0.8)
    app:navigate(R.showPhoto(1))
    expect(app.clock):toBe(1.3)
  end)
end)
