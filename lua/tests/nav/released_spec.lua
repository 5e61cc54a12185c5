-- Objects Lua has finalized, reached again: a weak-keyed table keeps a collected key until
-- the next collection (Lua's manual, 2.5.4), so a script may still hold a Screen, an App or
-- a container whose Swift object is gone. Every use says so, at the script's line.
local Feed = nav.screen("Feed")

local function released(make)
  local cache = setmetatable({}, { __mode = "k" })
  cache[make()] = true
  collectgarbage()
  return (next(cache))
end

describe("an object Lua has released", function()
  scenario("is named so as an argument, a receiver and a value a callback gives", function()
    local screen = released(function() return Feed { n = 1 } end)
    expect(function() nav.route():top(nav.stack):push(screen) end)
      :toFail("released_spec.lua:16: bad argument #1 to 'push' (Screen expected, got released Screen (Lua collected it, and a weak table or a finalizer reached it again))", true)
    local app = released(function() return nav.app() end)
    expect(function() app:top() end):toFail("released_spec.lua:19: calling 'top' on bad self (App expected, got released App", true)
    expect(function() return app.window end):toFail("released_spec.lua:20: the object was released", true)
    local window = released(function() return nav.app { root = nav.stack { Feed() } }.window end)
    nav.action("giveReleased", { on = "container", produces = "container", perform = function(_, _, done) done(window) end })
    local ok, err = nav.app { root = nav.stack { Feed() } }:navigate(nav.route():top(nav.container):giveReleased())
    expect(ok):toBe(false)
    expect(err):toContain("bad argument #1 to 'done' (boolean or Container expected, got released Container)")
    -- Named as a value below the top of Lua's stack too (nav.stack reads its list there).
    expect(function() nav.stack { screen } end):toFail("got released Screen", true)
  end)

  scenario("is placed at the script's line when C or a matcher meets it", function()
    local screen = released(function() return Feed() end)
    expect(function() print(screen) end):toFail("released_spec.lua:32: bad argument #1 to '?' (Screen expected, got released Screen", true)
    -- A matcher's picture of one names its class.
    expect(function() expect(screen):toBe(1) end):toFail("released_spec.lua:34: expect(value):toBe(expected) failed\n  expected: 1\n  received: <Screen>", true)
    expect(function() expect({ screen }):toEqual({ 1 }) end):toFail("at [1]: expected 1, received <Screen>", true)
  end)
end)
