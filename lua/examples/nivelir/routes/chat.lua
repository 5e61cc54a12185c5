-- "Nivelir: a convenient DSL for navigation" (hh.ru), its examples in NavScript.
local M = {}

M.Chat = nav.screen("Chat")               -- ChatScreen, told apart by its chatId trait
M.ChatList = nav.screen("ChatList")
M.Feed = nav.screen("Feed")
M.Settings = nav.screen("Settings")
M.Home = nav.screen("Home", { container = "tabs" })

function M.chat(chatId) return M.Chat { chatId = chatId } end

-- "search for a top stack and push chat screen"
function M.pushRoute(chatId)
  return nav.route():top(nav.stack):push(M.chat(chatId))
end

-- The same navigation split in two: a stack route, reused from the window route.
function M.pushOnStack(chatId)
  return nav.route("stack"):push(M.chat(chatId))
end

function M.splitPushRoute(chatId)
  return nav.route():top(nav.stack):andThen(M.pushOnStack(chatId))
end

-- "wrap it in its own stack with a close button in the navbar": the left button goes on
-- the chat, the full-screen style on the stack around it.
function M.presentRoute(chatId)
  local close = nav.route("modal"):presenting():dismiss()
  return nav.route():top(nav.container):present(
    M.chat(chatId)
      :withLeftBarButton { title = "Close", route = close }
      :withStackContainer()
      :withModalPresentationStyle("fullScreen"))
end

-- "If the screen is already in the hierarchy": make it visible, else push it onto the top
-- stack, else present it.
function M.showChat(chatId)
  return nav.route():last(M.chat(chatId)):makeVisible()
    :fallback(M.pushRoute(chatId))
    :fallback(M.presentRoute(chatId))
end

-- "Find the stack in chat tab, reset stack to a list of chats, push the chat screen",
-- merged into one setViewControllers call: one animation instead of two.
function M.resetToChat(chatId)
  return nav.route():first(nav.stack { key = M.ChatList { tab = true } }):popToRoot():push(M.chat(chatId))
end

-- Local navigation from a known container: push through its stack.
function M.pushFrom(container, chatId)
  return nav.route():from(container):stack():push(M.chat(chatId))
end

return M
