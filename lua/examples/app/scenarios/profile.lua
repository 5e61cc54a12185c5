-- The profile tab: settings and editing.
local App = require "routes.app"
local S = require "routes.screens"
local R = require "routes.navigation"

describe("profile", function()
  local app
  before_each(function() app = App.launch() end)

  scenario("edit profile opens settings and the editor in one transition", function()
    expect(app:navigate(R.editProfile())):toBe(true)
    expect(app:top()):toShow(S.EditProfile())
    local push = app.transitions[#app.transitions]
    expect(push.kind):toBe("setStack")
    expect(push.after):toEqual({ "Profile", "Settings", "EditProfile" })
  end)

  scenario("back from the editor shows settings", function()
    app:navigate(R.editProfile())
    app:navigate(R.back())
    expect(app:top()):toShow(S.Settings())
  end)

  scenario("edit profile from a modal closes the modal first", function()
    app:navigate(R.showFilters())
    expect(app:navigate(R.editProfile())):toBe(true)
    expect(app:top()):toShow(S.EditProfile())
  end)

  scenario("the whole journey, as a snapshot", function()
    app:navigate(R.search("pizza"))
    app:navigate(R.openPlace(3))
    app:navigate(R.editProfile())
    expect(app):toMatchSnapshot()
  end)
end)
