-- Planted bug 1: the same message can be pushed twice onto one stack.
local M = require "routes.inbox"

local function messages(node, out)
  if node.name == "Message" then out[#out + 1] = node.key end
  for _, child in ipairs(node.children) do messages(child, out) end
  return out
end

return explore.model {
  start = M.launch,
  actions = {
    explore.action("open message", function(app, id) return app:navigate(M.openMessage(id)) end, { args = explore.int(1, 3) }),
    explore.action("back", function(app) return app:navigate(M.back()) end),
    explore.action("tab", function(app, index) return app:navigate(M.tab(index)) end, { args = explore.int(1, 2) }),
    explore.action("wait", function(app) app:advance(0.3) end),
  },
  invariants = {
    ["one message per id in each stack"] = function(app)
      for _, stack in ipairs(app:topTabs().children) do
        local seen = {}
        for _, key in ipairs(messages(stack, {})) do
          if seen[key] then return false, key .. " is open twice" end
          seen[key] = true
        end
      end
      return true
    end,
  },
}
