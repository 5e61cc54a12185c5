-- Deeplinks of the example app, with a sign-in gate in front of the private ones.
local R = require "routes.navigation"
local session = require "routes.session"

nav.deeplink("app://chat/:chatId", function(params)
  return R.showChat(tonumber(params.chatId))
end)

nav.deeplink("app://place/:placeId", function(params)
  return R.showTab("search"):andThen(R.openPlace(tonumber(params.placeId)))
end)

nav.deeplink("app://search", function(_, query)
  return R.search(query.q or "")
end)

nav.deeplink("app://profile/edit", function()
  return R.editProfile()
end)

-- Chats and the profile need a signed-in user: hold those links and show sign-in first.
-- A second one while sign-in shows takes the first one's place, under the same sign-in;
-- one while sign-in closes is held too, as closing it keeps a link held (UIKit would refuse
-- a sign-in presented while another is being dismissed).
local private = { ["app://chat/:chatId"] = true, ["app://profile/edit"] = true }
nav.interceptor(function(link, app)
  if session.signedIn or not private[link.pattern] then
    return true
  end
  local shown = app.navigator:firstContainer(app.window, function(container) return container.name == "SignIn" end)
  return shown and nav.route() or R.showSignIn()
end)

return {}
