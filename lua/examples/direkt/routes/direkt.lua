-- "Direkt" (AppFoundry): navigators with typed input, a navigation manager that creates
-- them through a resolver, a dismissing navigator, and one hook for failed navigations.
local D = {}

D.Hello = nav.screen("Hello")
D.Profile = nav.screen("Profile")
D.Root = nav.screen("Root")

-- A navigator checks its input and navigates from the host container.
local function navigator(inputType, navigate)
  return { inputType = inputType, navigate = navigate }
end

D.navigators = {
  hello = navigator("table", function(input, host)
    if type(input.name) ~= "string" then error("HelloNavigator needs input.name (a string)", 0) end
    return nav.route():from(host):stack():push(D.Hello { name = input.name })
  end),
  profile = navigator("number", function(userId, host)
    return nav.route():from(host):present(D.Profile { userId = userId }:withStackContainer())
  end),
  -- DismissingNavigator: input is nothing; closes what presented the host.
  dismissing = navigator("nil", function(_, host)
    return nav.route():from(host):presenting():dismiss()
  end),
}

-- The navigation manager: finds the navigator, checks the input's type, performs the
-- route, and calls the failure hook for anything that goes wrong.
function D.manager(app, onFailure)
  local manager = {}
  function manager.navigate(name, input, host)
    local nav_ = D.navigators[name]
    local ok, err
    if not nav_ then
      ok, err = false, "no navigator '" .. name .. "'"
    elseif type(input) ~= nav_.inputType then
      ok, err = false, name .. " expects " .. nav_.inputType .. " input, got " .. type(input)
    else
      local built, route = pcall(nav_.navigate, input, host)
      if built then ok, err = app:navigate(route) else ok, err = false, route end
    end
    if not ok then onFailure(name, err) end
    return ok
  end
  return manager
end

return D
