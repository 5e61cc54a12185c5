-- A model of the example app for `navscript explore explore.lua`: what a user and the
-- system can do, with the routes the app uses, and what must always hold.
local App = require "routes.app"
local R = require "routes.navigation"
local S = require "routes.screens"
local session = require "routes.session"

-- The screens of a container's subtree that are chats, by key.
local function chatKeys(node, out)
  if node.name == "Chat" then
    out[#out + 1] = node.key
  end
  for _, child in ipairs(node.children) do chatKeys(child, out) end
  return out
end

-- How many screens named `name` a container's subtree holds.
local function count(node, name)
  local n = node.name == name and 1 or 0
  for _, child in ipairs(node.children) do n = n + count(child, name) end
  return n
end

-- The same over the window's root and each presentation over it (a child's `presented`
-- is its presenter's, as UIKit's presentedViewController is: followed from the root only).
local function countShown(app, name)
  local n, node = 0, app.window.children[1]
  while node do n, node = n + count(node, name), node.presented end
  return n
end

local function presents(app) return app.window.children[1] ~= nil and app.window.children[1].presented ~= nil end
local function onTop(app, name) local top = app:top() return top ~= nil and top.name == name end

return explore.model {
  start = function() return App.launch() end,
  actions = {
    explore.action("open chat", function(app, id) return app:navigate(R.showChat(id)) end, { args = explore.int(1, 3) }),
    -- A place opens on the stack on screen: only when there is one (not under a full-screen photo).
    explore.action("open place", function(app, id) return app:navigate(R.openPlace(id)) end,
      { args = explore.int(1, 2), when = function(app) return app:topStack() ~= nil end }),
    explore.action("tab", function(app, name) return app:navigate(R.showTab(name)) end,
      { args = explore.oneOf { "search", "favourites", "chats", "profile" } }),
    explore.action("back", function(app) return app:navigate(R.back()) end,
      { when = function(app) local stack = app:topStack() return stack ~= nil and #stack.children > 1 end }),
    explore.action("filters", function(app) return app:navigate(R.showFilters()) end),
    explore.action("photo", function(app, id) return app:navigate(R.showPhoto(id)) end, { args = explore.int(1, 2) }),
    explore.action("close", function(app) return app:navigate(R.closeModal()) end, { when = presents }),
    explore.action("deeplink", function(app, url) return app:open(url) end,
      { args = explore.oneOf { "app://chat/1", "app://search?q=pizza", "app://profile/edit", "app://place/2" } }),
    explore.action("sign in", function(app) return App.signIn(app) end, { when = function(app) return onTop(app, "SignIn") end }),
    explore.action("wait", function(app) app:advance(0.2) end, { weight = 0.5 }),
  },
  -- The session is the app's own state, kept in a module: two hierarchies alike, one signed
  -- in and one not, are different states (the sign-in invariants read it).
  view = function() return session.signedIn end,
  -- What the app may answer: a private link held for sign-in, nothing held to resume.
  expected = { "is held until app:resumeDeeplinks()", "no deeplink is held" },
  invariants = {
    ["one chat per id in each stack"] = function(app)
      local tabs = app:topTabs()
      for _, tab in ipairs(tabs and tabs.children or {}) do
        local seen = {}
        for _, key in ipairs(chatKeys(tab, {})) do
          if seen[key] then return false, key .. " is open twice in one stack" end
          seen[key] = true
        end
      end
      return true
    end,
    ["sign-in shows only while signed out"] = function(app)
      return not (onTop(app, "SignIn") and session.signedIn), "sign-in is on screen for a signed-in user"
    end,
    -- A second private link while sign-in shows replaces the held one: one sign-in still.
    ["one sign-in at a time"] = function(app)
      if not onTop(app, "SignIn") then return true end
      local open = countShown(app, "SignIn")
      return open == 1, open .. " sign-in screens are open, one over another"
    end,
    ["a held link waits only while signed out"] = function(app)
      return not (app.pendingDeeplink and session.signedIn), "a signed-in user still has a held link: " .. tostring(app.pendingDeeplink)
    end,
  },
}
