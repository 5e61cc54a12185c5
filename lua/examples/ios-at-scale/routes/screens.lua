-- "iOS at Scale": Screen builders with parameters (static functions instead of a
-- dictionary of params), and a navigator with root, push and present.
local Screen = {}

local CharactersList = nav.screen("CharactersList")
local CharacterDetail = nav.screen("CharacterDetail")
local Comics = nav.screen("Comics")

-- `Screen.detail(id)`: the parameter is named and typed where the screen is built.
function Screen.list() return CharactersList() end

function Screen.detail(characterId)
  if math.type(characterId) ~= "integer" then
    error("Screen.detail needs an integer character id, got " .. tostring(characterId), 2)
  end
  return CharacterDetail { characterId = characterId }
end

function Screen.comics(characterId, page)
  return Comics { characterId = characterId, page = page or 1 }
end

-- The navigator: `.root(screen)` puts the screen in a new navigation controller as the
-- window's root; `.push` pushes onto it; `.present` presents over what is visible.
local Navigation = {}

function Navigation.root(screen)
  return nav.route():setRoot(screen:withStackContainer()):makeKeyAndVisible()
end

function Navigation.push(screen)
  return nav.route():root("stack"):push(screen)
end

function Navigation.present(screen)
  return nav.route():root("stack"):stackVisible(function(visible) return visible:present(screen) end)
end

return { Screen = Screen, Navigation = Navigation }
