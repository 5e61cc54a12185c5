-- Planted bug 2: signing in drops the link that was held for it.
local M = require "routes.inbox"

return explore.model {
  start = M.launch,
  actions = {
    explore.action("deeplink", function(app, id) return app:open("mail://message/" .. id) end, { args = explore.int(1, 3) }),
    explore.action("sign in", function(app) return M.signIn(app) end,
      { when = function(app) return app:top().name == "SignIn" end }),
    explore.action("tab", function(app, index) return app:navigate(M.tab(index)) end, { args = explore.int(1, 2) }),
    explore.action("wait", function(app) app:advance(0.3) end),
  },
  expected = { "is held until app:resumeDeeplinks()" },
  invariants = {
    ["a held link waits only while signed out"] = function(app)
      return not (app.pendingDeeplink and M.session.signedIn), "signed in, and " .. tostring(app.pendingDeeplink) .. " is still held"
    end,
  },
}
