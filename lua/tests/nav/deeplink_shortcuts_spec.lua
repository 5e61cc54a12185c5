-- Shortcuts (UIApplicationShortcutItem) in a deeplink manager of several scopes.
scenario("a shortcut no type takes asks each type once for each scope, as Nivelir's shortcut search", function()
  local asked = {}
  local function kind(name)
    return nav.deeplinkType(name, { shortcut = function() asked[#asked + 1] = name end, navigate = function() end })
  end
  local app = nav.app { root = nav.stack { nav.screen("Feed")() } }
  local manager = nav.deeplinkManager { navigator = app.navigator,
    scopes = { { key = "one", types = { kind("A") } }, { key = "two", types = { kind("B") } } } }
  expect(manager:handleShortcut { type = "none" }):toBe(false)
  expect(#asked):toBe(4)
  asked = {}
  expect(manager:canHandleShortcut { type = "none" }):toBe(false)
  expect(#asked):toBe(4)
end)

scenario("a shortcut a type takes is still searched once for each scope, the first deeplink taken", function()
  local asked = {}
  local function kind(name, takes)
    return nav.deeplinkType(name, {
      shortcut = function(shortcut) asked[#asked + 1] = name if shortcut.type == takes then return { id = 1 } end end,
      navigate = function() end,
    })
  end
  local app = nav.app { root = nav.stack { nav.screen("Feed")() } }
  local manager = nav.deeplinkManager { navigator = app.navigator,
    scopes = { { key = "one", types = { kind("A", "x") } }, { key = "two", types = { kind("B", "x") } } } }
  expect(manager:handleShortcut { type = "x" }):toBe(true)
  expect(asked):toEqual { "A", "A" }
end)
