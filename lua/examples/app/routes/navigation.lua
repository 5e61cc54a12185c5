-- The app's routes. Each function returns a route; the host (or a scenario) performs it.
local S = require "routes.screens"

local R = {}

function R.launch()
  return nav.route():setRoot(S.Home()):makeKeyAndVisible()
end

-- Close what is presented over the tab bar, then select a tab.
function R.showTab(name)
  local index = S.tabs[name]
  if not index then error("no tab named '" .. tostring(name) .. "'", 2) end
  return nav.route():first(nav.tabs, function(tabs) return tabs:dismiss():selectTab(index) end)
end

-- Push onto whatever stack is on top.
function R.push(screen)
  return nav.route():top(nav.stack):push(screen)
end

function R.openPlace(placeId)
  return R.push(S.Place { placeId = placeId })
end

-- Search: the search tab, back at its root, then the results.
function R.search(query)
  return nav.route():first(nav.tabs, function(tabs)
    return tabs:dismiss():selectTab(S.tabs.search, { kind = "stack" }, function(stack)
      return stack:popToRoot():push(S.SearchResults { query = query })
    end)
  end)
end

-- Show a chat: bring it forward if it is open anywhere; else open it in the Chats tab, on
-- top of the chat list, in one transition.
function R.showChat(chatId)
  local chat = S.Chat { chatId = chatId }
  return nav.route():last(chat):makeVisible()
    :fallback(nav.route():first(nav.tabs, function(tabs)
      return tabs:dismiss():selectTab(S.tabs.chats, { kind = "stack" }, function(stack)
        return stack:popToRoot():push(chat)
      end)
    end))
end

-- A photo, full screen over everything.
function R.showPhoto(photoId)
  return nav.route():top(nav.container)
    :present(S.PhotoViewer { photoId = photoId }:withModalPresentationStyle("fullScreen"))
end

-- Search filters, as a bottom sheet.
function R.showFilters()
  return nav.route():top(nav.container):present(S.Filters():withBottomSheet { detents = { "medium", "large" } })
end

-- Sharing, as a popover.
function R.share()
  return nav.route():top(nav.container)
    :present(S.Share():withModalPresentationStyle("popover"):withPopoverPresentation { anchor = "shareButton" })
end

-- Sign in, full screen in its own stack, with a close button.
function R.showSignIn()
  local close = nav.route("modal"):presenting():dismiss()
  return nav.route():top(nav.container):present(
    S.SignIn():withLeftBarButton { title = "Close", route = close }:withStackContainer():withModalPresentationStyle("fullScreen"))
end

-- Close whatever is presented on top.
function R.closeModal()
  return nav.route():top(nav.container):presenting():dismiss()
end

function R.back()
  return nav.route():top(nav.stack):pop()
end

function R.backToRoot()
  return nav.route():top(nav.stack):popToRoot()
end

-- Profile › Settings › Edit profile, from anywhere, in one transition.
function R.editProfile()
  return nav.route():first(nav.tabs, function(tabs)
    return tabs:dismiss():selectTab(S.tabs.profile, { kind = "stack" }, function(stack)
      return stack:popToRoot():push(S.Settings()):push(S.EditProfile())
    end)
  end)
end

-- Sign out, after a confirmation alert: "Sign Out" signs out and shows the Profile tab's
-- root; "Cancel" only closes the alert.
function R.confirmSignOut()
  local session = require "routes.session"
  return nav.route():top(nav.container):showAlert {
    title = "Sign out?",
    message = "You will need to sign in again to see your chats.",
    actions = {
      { title = "Cancel", style = "cancel" },
      { title = "Sign Out", style = "destructive", handler = function() session.signOut() end, route = R.showTab("profile") },
    },
  }
end

-- Share a chat's link; "Forward" is the app's own activity, showing the chat picker.
function R.shareChat(chatId, didFinish)
  return nav.route():top(nav.container):share {
    items = { "https://example.com/chat/" .. chatId },
    applicationActivities = { { type = "app.forward", title = "Forward", screen = S.ChatPicker { chatId = chatId } } },
    anchor = "shareButton",
    didFinish = didFinish,
  }
end

function R.showOnboarding()
  return nav.route():setRoot(S.Onboarding(), { animation = "crossDissolve" })
end

return R
