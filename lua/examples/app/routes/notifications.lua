-- Push notifications and home screen shortcuts through Nivelir's deeplink manager: a
-- notification for a chat waits until the app is active and the tabs are on screen.
local R = require "routes.navigation"

local Notifications = {}

Notifications.ChatDeeplink = nav.deeplinkType("ChatDeeplink", {
  query = { chat_id = "integer" },
  url = function(url)
    if url.host == "chat" and url.query then return { chatID = url.query.chat_id } end
  end,
  notification = function(notification)
    local id = notification.userInfo.chat_id
    if id then return { chatID = math.tointeger(id) } end
  end,
  navigate = function(deeplink) return R.showChat(deeplink.chatID) end,
})

Notifications.SearchShortcut = nav.deeplinkType("SearchShortcut", {
  shortcut = function(shortcut) if shortcut.type == "search" then return {} end end,
  navigate = function() return R.showTab("search") end,
})

-- The app's deeplink manager; activate it once the tab bar is up.
function Notifications.manager(app)
  return nav.deeplinkManager {
    types = { Notifications.ChatDeeplink, Notifications.SearchShortcut },
    navigator = app.navigator,
  }
end

return Notifications
