-- Planted bug 3: the composer sheet cannot be closed.
local M = require "routes.inbox"

local function composerOpen(app)
  local root = app.window.children[1]
  return root.presented ~= nil and root.presented.name == "Composer"
end

return explore.model {
  start = M.launch,
  actions = {
    explore.action("compose", function(app) return app:navigate(M.compose()) end, { when = function(app) return not composerOpen(app) end }),
    explore.action("close composer", function(app)
      local ok, err = app:navigate(M.closeComposer())
      if not ok then return ok, err end
      if composerOpen(app) then return false, "the composer is still open after its close route" end
      return true
    end, { when = composerOpen }),
    explore.action("tab", function(app, index) return app:navigate(M.tab(index)) end, { args = explore.int(1, 2) }),
    explore.action("wait", function(app) app:advance(0.3) end),
  },
}
