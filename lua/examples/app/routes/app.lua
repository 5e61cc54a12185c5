-- Launching the example app for a scenario.
local R = require "routes.navigation"
require "routes.deeplinks"

local App = {}

-- A fresh app showing the tab bar.
function App.launch()
  local app = nav.app()
  local ok, err = app:navigate(R.launch())
  assert(ok, err)
  return app
end

-- Signs in from the sign-in screen: closes it, then lets held deeplinks through.
function App.signIn(app)
  require("routes.session").signIn()
  assert(app:navigate(R.closeModal()))
  return app:resumeDeeplinks()
end

return App
