-- Misuse that raises where the script wrote it, in Lua's own format: the calls a review of
-- every function with wrong arguments found accepted, or refused without saying why.
local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")

local function failure(fn)
  local ok, err = pcall(fn)
  assert(not ok, "it did not raise")
  return tostring(err)
end

describe("misuse", function()
  scenario("an animation table's fields are named, and its duration is a number", function()
    local stack = nav.route():top(nav.stack)
    expect(failure(function() return stack:push(Chat(), { animation = { name = "slide", duraton = 2 } }) end))
      :toMatch("misuse_spec.lua:%d+: bad argument #2 to 'push' %(option 'animation' has an unknown field 'duraton' %(duration, name expected%)%)")
    expect(failure(function() return stack:push(Chat(), { animation = { name = "slide", duration = "2" } }) end))
      :toContain("option 'animation': duration must be a number of seconds, got string")
    expect(failure(function() return nav.route():setRoot(Chat(), { animation = { name = "fade", Duration = 2 } }) end))
      :toContain("option 'animation' has an unknown field 'Duration'")
    expect(tostring(stack:push(Chat(), { animation = { name = "slide", duration = 2 } }))):toBe("Route(window → stack, 1 action)")
  end)

  scenario("nav's constructors called with a colon say so, where they took the module for options", function()
    expect(failure(function() return nav:container { name = "Chat" } end))
      :toMatch("misuse_spec.lua:%d+: nav.container is called with a dot: write nav.container{...}, not nav:container{...}")
    expect(failure(function() return nav:stack {} end)):toContain("nav.stack is called with a dot")
    expect(failure(function() return nav:app() end)):toContain("nav.app is called with a dot")
    expect(tostring(nav.container { name = "Chat" })):toContain("Chat")
  end)

  scenario("an attribute is plain data, given; nil removes it", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local feed = app:top()
    expect(failure(function() feed:setAttribute("f", print) end))
      :toContain("bad argument #2 to 'setAttribute' (plain data expected (strings, numbers, booleans and tables of them), got function)")
    expect(failure(function() feed:setAttribute("x") end)):toContain("bad argument #2 to 'setAttribute' (value expected)")
    feed:setAttribute("x", { a = 1 })
    expect(feed.attributes.x):toEqual { a = 1 }
    feed:setAttribute("x", nil)
    expect(feed.attributes.x):toBeNil()
  end)

  scenario("a system screen's missing argument names the forms it takes", function()
    local here = nav.route():top(nav.container)
    expect(failure(function() return here:showSafari() end)):toContain("bad argument #1 to 'showSafari' (URL or table expected, got no value)")
    expect(failure(function() return here:showMediaPicker() end)):toContain("(source name or table expected, got no value)")
    expect(failure(function() return here:showDocumentPreview(5) end)):toContain("(URL or table expected, got number)")
    expect(failure(function() return here:showStoreProduct(true) end)):toContain("(item ID or table expected, got boolean)")
  end)

  scenario("a media picker's camera settings are Nivelir's, UIKit's cases, for the camera", function()
    local here = nav.route():top(nav.container)
    local function picker(source, settings) return function() return here:showMediaPicker { source = source, cameraSettings = settings } end end
    expect(failure(picker("camera", { bogus = 1 }))):toContain("(option 'cameraSettings': unknown field 'bogus' (captureMode, device or flashMode expected))")
    expect(failure(picker("camera", { flashMode = "bogus" }))):toContain("(option 'cameraSettings': flashMode must be off, auto or on)")
    expect(failure(picker("photoLibrary", { device = "front" }))):toContain("(option 'cameraSettings' is for the camera source, not 'photoLibrary')")
    expect(picker("camera", { device = "front", captureMode = "video", flashMode = "on" })()):toBeTruthy()
  end)

  scenario("census takes an error's number or nothing", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(failure(function() return app:census("x") end)):toContain("bad argument #1 to 'census' (number expected, got string)")
    expect(failure(function() return app:census({}) end)):toContain("bad argument #1 to 'census' (number expected, got table)")
    expect(app:census(1)):toBeNil()
    expect(app:census("1")):toBeNil()
  end)
end)

describe("numbers", function()
  scenario("a string that is a number is taken where a number is, as luaL_checknumber takes it", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(nav.route():wait("0.5"))):toSucceed()
    expect(app.log[#app.log]):toBe("Info: Waiting for 0.5 seconds")
    app:advance("0.25")
    expect(app.clock):toBe(0.75)
  end)
end)

describe("traits", function()
  scenario("are named, and NaN, which equals nothing, is refused", function()
    expect(failure(function() return Chat { [""] = 1 } end)):toContain("bad argument #1 to 'Chat' (traits are named: Chat { id = 1 })")
    expect(failure(function() return Chat { a = 0 / 0 } end)):toContain("(trait 'a' is NaN, which no screen's trait equals)")
    expect(tostring(Chat { a = 1.5 })):toBe("Chat(a=1.5)")
  end)
end)

describe("HUD", function()
  scenario("an indicator table's fields are named", function()
    local here = nav.route():top(nav.container)
    expect(failure(function() return here:showHUD { indicator = { percentage = 0.5, extra = 1 } } end))
      :toContain("option 'indicator' has an unknown field 'extra' (image, percentage expected)")
    expect(tostring(here:showHUD { indicator = { percentage = 0.5 } })):toContain("1 action")
  end)
end)

describe("nav's functions called without a name from the code", function()
  scenario("are named nav.<function>, as Lua names a library's, in errors and tracebacks", function()
    expect(select(2, pcall(nav.deeplink, 5, function() end))):toContain("bad argument #1 to 'nav.deeplink' (a deeplink pattern is a URL")
    expect(select(2, pcall(nav.predicate, 5))):toContain("bad argument #2 to 'nav.predicate'")
    -- Called by name, the name from the code is kept.
    expect(failure(function() nav.deeplink(5, function() end) end)):toContain("bad argument #1 to 'deeplink'")
  end)
end)
