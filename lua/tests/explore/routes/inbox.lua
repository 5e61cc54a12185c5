-- A small mail app with three planted bugs, for navscript explore's tests (tests of the
-- command run these models; nothing here is a scenario).
local M = {}

M.Inbox, M.Message, M.SignIn, M.Composer, M.Settings =
  nav.screen("Inbox"), nav.screen("Message"), nav.screen("SignIn"), nav.screen("Composer"), nav.screen("Settings")
M.session = { signedIn = false }

function M.launch()
  local app = nav.app { root = nav.tabs { nav.stack { M.Inbox() }, nav.stack { M.Settings() } } }
  return app
end

-- Bug 1: pushes the message even when it is open already (no makeVisible first).
function M.openMessage(id)
  return nav.route():top(nav.stack):push(M.Message { id = id })
end

function M.back() return nav.route():top(nav.stack):pop() end
function M.tab(index) return nav.route():first(nav.tabs, function(t) return t:dismiss():selectTab(index) end) end

-- Private links wait for sign-in.
nav.deeplink("mail://message/:id", function(params) return M.openMessage(tonumber(params.id)) end)
nav.interceptor(function()
  if M.session.signedIn then return true end
  return nav.route():top(nav.container):present(M.SignIn())
end)

-- Bug 2: signs in and closes sign-in, but never resumes the held link.
function M.signIn(app)
  M.session.signedIn = true
  return app:navigate(nav.route():top(nav.container):presenting():dismiss())
end

-- Bug 3: the composer's close route dismisses from the composer, which presents nothing.
function M.compose() return nav.route():top(nav.container):present(M.Composer():withBottomSheet { detents = { "medium" } }) end
function M.closeComposer() return nav.route():top(nav.container):dismiss() end

return M
