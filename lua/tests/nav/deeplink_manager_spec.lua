-- Nivelir's deeplink manager: types made from URLs, notifications and shortcuts, scopes,
-- activation, a pending deeplink per scope, typed queries and interceptors.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local Profile = nav.screen("Profile")

local function showChat(id)
  return nav.route():top(nav.stack):push(Chat { id = id })
end

local ChatDeeplink = nav.deeplinkType("ChatDeeplink", {
  query = { chat_id = "integer", tags = "string[]?" },
  url = function(url)
    if url.host == "chat" then return { chatID = url.query.chat_id, tags = url.query.tags } end
  end,
  notification = function(notification)
    if notification.userInfo.chat_id then return { chatID = notification.userInfo.chat_id } end
  end,
  navigate = function(deeplink) return showChat(deeplink.chatID) end,
})

local ProfileDeeplink = nav.deeplinkType("ProfileDeeplink", {
  url = function(url) if url.host == "profile" then return {} end end,
  shortcut = function(shortcut) if shortcut.type == "profile" then return {} end end,
  navigate = function(_, screens) return nav.route():top(nav.stack):push(Profile { signedIn = screens.signedIn }) end,
})

local function setUp(options)
  local app = nav.app { root = nav.stack { Feed() } }
  options = options or {}
  options.navigator = app.navigator
  options.types = options.types or (not options.scopes and { ChatDeeplink, ProfileDeeplink }) or nil
  return app, nav.deeplinkManager(options)
end

describe("deeplink manager", function()
  scenario("a URL waits for activation, then navigates", function()
    local app, deeplinks = setUp()
    expect(deeplinks:handleURL("myapp://chat?chat_id=7&tags[]=a&tags[]=b")):toBe(true)
    expect(app:top().name):toBe("Feed")
    expect(deeplinks.pendingDeeplinks.default.description):toBe('ChatDeeplink(chatID: 7, tags: ["a", "b"])')
    deeplinks:activate({ signedIn = true })
    expect(app:top().name):toBe("Chat")
    expect(app:top().traits.id):toBe(7)
    expect(deeplinks.pendingDeeplinks.default):toBeNil()
    expect(app.log):toContain("Info: Handling navigation for URL: myapp://chat?chat_id=7&tags[]=a&tags[]=b")
    expect(app.log):toContain('Info: Performing navigation for deeplink: ChatDeeplink(chatID: 7, tags: ["a", "b"])')
  end)

  scenario("once active, a deeplink navigates at once with the screens it was activated with", function()
    local app, deeplinks = setUp()
    deeplinks:activate({ signedIn = true })
    expect(deeplinks:isActive()):toBe(true)
    deeplinks:handleURL("myapp://profile")
    expect(app:top().name):toBe("Profile")
    expect(app:top().traits.signedIn):toBe(true)
  end)

  scenario("only the last deeplink of a scope is kept pending", function()
    local app, deeplinks = setUp()
    deeplinks:handleURL("myapp://chat?chat_id=1")
    deeplinks:handleURL("myapp://chat?chat_id=2")
    deeplinks:activate({})
    expect(app:top().traits.id):toBe(2)
    expect(#app.window.children[1].children):toBe(2)
  end)

  scenario("a URL no type makes is not handled; a query that does not decode is a warning", function()
    local app, deeplinks = setUp()
    expect(deeplinks:handleURL("myapp://settings")):toBe(false)
    expect(deeplinks:canHandleURL("myapp://chat?chat_id=1")):toBe(true)
    local ok, err = deeplinks:handleURL("myapp://chat?chat_id=seven")
    expect(ok):toBe(false)
    expect(err):toContain("Failed to handle deeplink of AnyURLDeeplink type with warnings:")
    expect(err):toContain("Failed to decode data for ChatDeeplink with error:")
    expect(err):toContain("Expected to decode Int but the value is invalid.")   -- Nivelir's URLQueryComponentDecoder
    expect(deeplinks:handleURLIfPossible("myapp://chat?chat_id=seven")):toBe(false)
    expect(app.log[#app.log]):toContain("Error: Failed to handle deeplink of AnyURLDeeplink type with warnings:")
    -- shouldLogError = false: the same failure, its Error line not logged
    local lines = #app.log
    expect(deeplinks:handleURLIfPossible("myapp://chat?chat_id=seven", nil, false)):toBe(false)
    expect(#app.log):toBe(lines + 1)
    expect(app.log[#app.log]):toBe("Info: Handling navigation for URL: myapp://chat?chat_id=seven")
    expect(function() deeplinks:handleURLIfPossible("myapp://x", nil, "no") end):toFail("bad argument #3 to 'handleURLIfPossible' (boolean expected, got string)")
  end)

  scenario("a list or table of the wrong shape, or missing, fails with Nivelir's container texts", function()
    local Shapes = nav.deeplinkType("ShapesDeeplink", {
      query = { o = { x = "integer" }, ids = "integer[]" },
      url = function() return {} end,
      navigate = function() end,
    })
    local _, deeplinks = setUp { types = { Shapes } }
    local function failure(query)
      local _, err = deeplinks:handleURL("myapp://x?" .. query)
      return err
    end
    expect(failure("o=1&ids[]=1")):toContain('DecodingError.typeMismatch: expected value of type Dictionary<String, Any>. Path: o. Debug description: Expected to decode a dictionary but found string instead.')
    expect(failure("o[]=1&ids[]=1")):toContain('DecodingError.typeMismatch: expected value of type Dictionary<String, Any>. Path: o. Debug description: Expected to decode a dictionary but found array instead.')
    expect(failure("o[x]=1&ids=1")):toContain('DecodingError.typeMismatch: expected value of type Array<Any>. Path: ids. Debug description: Expected to decode an array but found string instead.')
    expect(failure("o[x]=1&ids[a]=1")):toContain('DecodingError.typeMismatch: expected value of type Array<Any>. Path: ids. Debug description: Expected to decode an array but found dictionary instead.')
    expect(failure("ids[]=1")):toContain('DecodingError.typeMismatch: expected value of type Dictionary<String, Any>. Path: o. Debug description: Cannot get keyed decoding container -- found null value instead.')
    expect(failure("o[x]=1")):toContain('DecodingError.typeMismatch: expected value of type Array<Any>. Path: ids. Debug description: Cannot get unkeyed decoding container -- found null value instead.')
    expect(failure("=1")):toContain("DecodingError.typeMismatch: expected value of type Dictionary<String, Any>. Debug description: Expected to decode a dictionary but found string instead.")
  end)

  scenario("a decoding error names its path as Swift 6.3 prints a DecodingError: keys by dots, indices in brackets", function()
    local Nested = nav.deeplinkType("NestedDeeplink", {
      query = { o = { p = { n = "integer" } }, links = "url[]" },
      url = function() return {} end,
      navigate = function() end,
    })
    local _, deeplinks = setUp { types = { Nested } }
    local function failure(query)
      local _, err = deeplinks:handleURL("myapp://x?" .. query)
      return err
    end
    expect(failure("o[p][n]=x&links[]=a")):toContain(
      "DecodingError.typeMismatch: expected value of type Int. Path: o.p.n. Debug description: Expected to decode Int but the value is invalid.")
    expect(failure("o[p][n]=1&links[]=a&links[]=http://%5B::1")):toContain(
      "DecodingError.dataCorrupted: Data was corrupted. Path: links[2]. Debug description: String is not valid URL.")
  end)

  scenario("a percent-escape is read once, brackets or not (+ as %2B is a plus)", function()
    local seen
    local Typed = nav.deeplinkType("TypedDeeplink", {
      query = { i = "integer?", o = { x = "string" } },
      url = function(url) seen = url.query return {} end,
      navigate = function() end,
    })
    local _, deeplinks = setUp { types = { Typed } }
    expect(deeplinks:canHandleURL("myapp://x?o[x]=a%20b&i=%2B7")):toBe(true)
    expect(seen):toEqual { i = 7, o = { x = "a b" } }
    -- Without a schema the query is given as it is too, and one the bracket rules cannot
    -- read fails nothing: Nivelir decodes no query for such a type.
    local raw
    local Plain = nav.deeplinkType("PlainDeeplink", { url = function(url) raw = { url.query, url.rawQuery } return {} end, navigate = function() end })
    local _, plain = setUp { types = { Plain } }
    expect(plain:canHandleURL("myapp://x?tag=a&tag=b")):toBe(true)
    expect(raw):toEqual { nil, "tag=a&tag=b" }
    -- Keys the schema does not name are left out, as a Decodable query has only its fields.
    expect(deeplinks:canHandleURL("myapp://x?o[x]=c&o[y]=d&utm=1")):toBe(true)
    expect(seen):toEqual { o = { x = "c" } }
  end)

  scenario("a field the schema requires must be there, as Decodable requires it", function()
    local Strict = nav.deeplinkType("StrictDeeplink", {
      query = { ids = "integer[]" },
      url = function(url) return { ids = url.query.ids } end,
      navigate = function() end,
    })
    local _, deeplinks = setUp { types = { Strict } }
    expect(deeplinks:canHandleURL("myapp://x?ids[]=1&ids[]=2")):toBe(true)
    expect(deeplinks:canHandleURL("myapp://x")):toBe(false)
  end)

  scenario("a URL without a query gets none: nothing is decoded, and the type may decline it", function()
    local seen = {}
    local Optional = nav.deeplinkType("OptionalQueryDeeplink", {
      query = { chat_id = "integer" },
      url = function(url)
        seen[#seen + 1] = url.query == nil and "none" or "some"
        if url.query then return { chatID = url.query.chat_id } end
      end,
      navigate = function() end,
    })
    local app, deeplinks = setUp { types = { Optional } }
    expect(deeplinks:handleURL("myapp://settings")):toBe(false)
    expect(seen):toEqual({ "none" })
    expect(deeplinks:handleURLIfPossible("myapp://settings")):toBe(false)
    for _, line in ipairs(app.log) do expect(line).never:toContain("Error:") end
    expect(deeplinks:handleURL("myapp://chat?chat_id=4")):toBe(true)
    expect(seen):toEqual({ "none", "none", "some" })
  end)

  scenario("two scopes pending when the app becomes active: the second is performed twice, as Nivelir's didSet re-enters", function()
    local performed = {}
    local function type(name, host)
      return nav.deeplinkType(name, {
        url = function(url) if url.host == host then return {} end end,
        navigate = function() performed[#performed + 1] = host return nav.route():top(nav.stack):push(Chat { id = host }) end,
      })
    end
    local app = nav.app { root = nav.stack { Feed() }, system = { applicationState = "background" } }
    local deeplinks = nav.deeplinkManager { scopes = { { key = "first", types = { type("ADeeplink", "a") } }, { key = "second", types = { type("BDeeplink", "b") } } },
                                            navigator = app.navigator }
    deeplinks:handleURL("x://a")
    deeplinks:handleURL("x://b")
    deeplinks:activate({})
    expect(performed):toEqual({})
    app:setSystem { applicationState = "active" }
    app:settle()                                       -- becoming active is delivered on the run loop
    expect(performed):toEqual({ "b", "a", "b" })
    -- activating every scope while active goes scope by scope: each deeplink once
    performed = {}
    deeplinks:deactivate()
    deeplinks:handleURL("x://a")
    deeplinks:handleURL("x://b")
    deeplinks:activate({})
    expect(performed):toEqual({ "a", "b" })
  end)

  scenario("notifications and shortcuts make deeplinks too, logged as JSON", function()
    local app, deeplinks = setUp()
    deeplinks:activate({ signedIn = false })
    -- Asking handles nothing and logs nothing, as Nivelir's canHandle... do.
    local lines = #app.log
    expect(deeplinks:canHandleNotification { userInfo = { chat_id = 3 } }):toBe(true)
    expect(deeplinks:canHandleNotification { userInfo = { other = 3 } }):toBe(false)
    expect(deeplinks:canHandleShortcut { type = "profile", title = "Profile" }):toBe(true)
    expect(deeplinks:canHandleShortcut { type = "nothing" }):toBe(false)
    expect(#app.log):toBe(lines)
    expect(deeplinks:handleNotification { userInfo = { chat_id = 3 } }):toBe(true)
    expect(app:top().traits.id):toBe(3)
    expect(app.log):toContain('Info: Handling navigation for notification:\n{\n  "chat_id" : 3\n}')
    expect(deeplinks:handleShortcut { type = "profile", title = "Profile" }):toBe(true)
    expect(app:top().name):toBe("Profile")
    -- No userInfo: null, as Nivelir's dictionary of an absent userInfo prints.
    expect(app.log):toContain('Info: Handling navigation for shortcut:\n{\n  "title" : "Profile",\n  "type" : "profile",\n  "userInfo" : null\n}')
  end)

  scenario("scopes activate on their own, in the order given", function()
    local app, deeplinks = setUp { scopes = { { key = "chats", types = { ChatDeeplink } }, { types = { ProfileDeeplink } } } }
    deeplinks:handleURL("myapp://chat?chat_id=5")
    deeplinks:handleURL("myapp://profile")
    deeplinks:activate({ signedIn = true }, "default")
    expect(app:top().name):toBe("Profile")
    expect(deeplinks:isActive("chats")):toBe(false)
    expect(deeplinks.pendingDeeplinks.chats.values.chatID):toBe(5)
    deeplinks:activate({}, "chats")
    expect(app:top().name):toBe("Chat")
    deeplinks:deactivate()
    expect(deeplinks:isActive()):toBe(false)
  end)

  scenario("an app in the background navigates when it becomes active", function()
    local app, deeplinks = setUp()
    app:setSystem { applicationState = "background" }
    deeplinks:activate({})
    deeplinks:handleURL("myapp://chat?chat_id=9")
    expect(app:top().name):toBe("Feed")
    app:setSystem { applicationState = "active" }
    app:settle()
    expect(app:top().traits.id):toBe(9)
  end)

  scenario("interceptors run in order before navigating; one that fails drops the deeplink with its error logged", function()
    local seen = {}
    local app, deeplinks = setUp { interceptors = {
      function(deeplink, kind, navigator, done) seen[#seen + 1] = kind .. " " .. deeplink.type; done(true) end,
      function(deeplink, kind, navigator, done)
        if deeplink.values.chatID == 13 then done(false, "chat 13 is blocked") else done(true) end
      end,
    } }
    deeplinks:activate({})
    deeplinks:handleURL("myapp://chat?chat_id=13")
    expect(app:top().name):toBe("Feed")
    expect(app.log):toContain("Error: chat 13 is blocked")
    deeplinks:handleURL("myapp://chat?chat_id=12")
    expect(app:top().traits.id):toBe(12)
    expect(seen):toEqual { "url ChatDeeplink", "url ChatDeeplink" }
  end)

  scenario("an interceptor can hold the deeplink and let it through later", function()
    local held
    local app, deeplinks = setUp { interceptors = { function(_, _, _, done) held = done end } }
    deeplinks:activate({})
    deeplinks:handleURL("myapp://chat?chat_id=4")
    expect(app:top().name):toBe("Feed")
    held(true)
    expect(app:top().traits.id):toBe(4)
  end)

  scenario("a type's table may not name it otherwise", function()
    expect(function() nav.deeplinkType("A", { name = "B", url = function() end, navigate = function() end }) end)
      :toFail("bad argument #2 to 'deeplinkType' (field 'name' is 'B', not the type's name 'A' (leave it out))", true)
    expect(nav.deeplinkType("A", { name = "A", url = function() end, navigate = function() end }).name):toBe("A")
  end)

  scenario("a factory's values that cannot be handed on are refused at its line, in words", function()
    local Hole = nav.deeplinkType("HoleDeeplink", { url = function() return { ids = { 1, nil, 3 } } end, navigate = function() return nav.route() end })
    local _, deeplinks = setUp { types = { Hole } }
    deeplinks:activate({})
    local ok, err = deeplinks:handleURL("myapp://x")
    expect(ok):toBe(false)
    expect(err):toMatch("deeplink_manager_spec.lua:%d+: the factory of HoleDeeplink returned values that cannot be handed on: "
      .. "a table of plain data is a list or a table of names: its list has a hole at 2 %(nil%)$")
  end)

  -- Nivelir passes context: to url, notification and shortcut alike: second, and as a field.
  scenario("each kind's function gets the context second and as a field", function()
    local seen = {}
    local function note(kind) return function(given, context) seen[#seen + 1] = { kind, given.context, context } end end
    local Seen = nav.deeplinkType("SeenDeeplink", { url = note("url"), notification = note("notification"), shortcut = note("shortcut"),
      navigate = function() return nav.route() end })
    local _, deeplinks = setUp { types = { Seen } }
    deeplinks:handleURL("myapp://x", { from = "url" })
    deeplinks:handleNotification({ userInfo = {} }, { from = "push" })
    deeplinks:handleShortcut({ type = "x" }, { from = "icon" })
    expect(seen):toEqual {
      { "url", { from = "url" }, { from = "url" } },
      { "notification", { from = "push" }, { from = "push" } },
      { "shortcut", { from = "icon" }, { from = "icon" } },
    }
  end)

  -- Nivelir's interceptor completes with Result<Void, Error>: nothing to produce, unlike a
  -- custom action's done.
  scenario("an interceptor's done takes no container", function()
    local held
    local app, deeplinks = setUp { interceptors = { function(_, _, _, done) held = done end } }
    deeplinks:activate({})
    deeplinks:handleURL("myapp://chat?chat_id=4")
    expect(function() held(app:top()) end):toFail("bad argument #1 to 'held' (boolean expected, got Container)")
    expect(function() held("yes") end):toFail("(boolean expected, got string)")
    expect(app:top().name):toBe("Feed")
    held(true)
    expect(app:top().traits.id):toBe(4)
  end)

  -- Nivelir's navigate(screens:navigator:handler:): the manager, to hand off another deeplink.
  scenario("a type's navigate gets the manager, which can hand off another deeplink", function()
    local given
    local Forward = nav.deeplinkType("ForwardDeeplink", {
      shortcut = function(shortcut) if shortcut.type == "chat" then return {} end end,
      navigate = function(_, _, _, handler)
        given = handler
        handler:handleURL("myapp://chat?chat_id=9")
      end,
    })
    local app, deeplinks = setUp { types = { Forward, ChatDeeplink } }
    deeplinks:activate({})
    expect(deeplinks:handleShortcut { type = "chat" }):toBe(true)
    expect(given):toBe(deeplinks)
    expect(app:top().traits.id):toBe(9)
  end)

  -- Nivelir's public properties, by scope.
  scenario("a manager shows its types, interceptors, navigator and the screens of active scopes", function()
    local app, deeplinks = setUp { scopes = { { key = "chats", types = { ChatDeeplink } }, { types = { ProfileDeeplink } } },
                                   interceptors = { function(_, _, _, done) done(true) end } }
    expect(deeplinks.deeplinkTypes):toEqual { chats = { "ChatDeeplink" }, default = { "ProfileDeeplink" } }
    expect(#deeplinks.interceptors):toBe(1)
    expect(deeplinks.interceptors[1]):toMatch("^interceptor .*deeplink_manager_spec.lua:%d+ #1$")
    expect(deeplinks.navigator):toBe(app.navigator)
    expect(deeplinks.screens):toEqual {}
    deeplinks:activate(nil)                               -- every scope, as Nivelir's activate(screens:)
    deeplinks:activate({ signedIn = true }, "chats")
    expect(deeplinks.screens):toEqual { chats = { signedIn = true }, default = false }
  end)

  scenario("bad definitions are argument errors", function()
    expect(function() nav.deeplinkType("X", { navigate = function() end }) end):toFail("needs a 'url', 'notification' or 'shortcut' function")
    expect(function() nav.deeplinkType("X", { url = function() end }) end):toFail("field 'navigate' is missing")
    expect(function() nav.deeplinkType("X", { url = function() end, navigate = function() end, query = { id = "int" } }) end)
      :toFail("query.id: unknown type 'int'")
    expect(function() nav.deeplinkManager { types = {} } end):toFail("field 'navigator' is missing")
  end)

  scenario("fields declares the order a Swift struct prints its fields in: ChatDeeplink(roomID: 1, chatID: 2)", function()
    local RoomChat = nav.deeplinkType("ChatDeeplink", {
      fields = { "roomID", "chatID", "draft" },
      query = { room = "integer", chat = "integer" },
      url = function(url) return { chatID = url.query.chat, roomID = url.query.room, zone = "eu" } end,
      navigate = function(deeplink) return showChat(deeplink.chatID) end,
    })
    local app, deeplinks = setUp { types = { RoomChat } }
    deeplinks:activate()
    expect(deeplinks:handleURL("myapp://chat?room=1&chat=2")):toBe(true)
    -- Declared fields in order (one without a value is an optional's nil), then the rest by name.
    expect(app.log):toContain('Info: Performing navigation for deeplink: ChatDeeplink(roomID: 1, chatID: 2, draft: nil, zone: "eu")')
    expect(function() nav.deeplinkType("X", { fields = { "a", "b", "c", "b", "a" }, url = function() end, navigate = function() end }) end)
      :toFail("field 'fields' names 'b' twice")
    expect(function() nav.deeplinkType("X", { fields = { 1 }, url = function() end, navigate = function() end }) end)
      :toFail("field 'fields' must be a list of strings")
  end)

  scenario("screens and user info are plain data: a function in them is refused, not dropped", function()
    local _, deeplinks = setUp()
    expect(function() deeplinks:activate(function() end) end):toFail("bad argument #1 to 'activate' (plain data expected, got function)")
    expect(function() deeplinks:activate { signedIn = true, check = print } end)
      :toFail("bad argument #1 to 'activate' (plain data expected, got a table with a function in it)")
    expect(function() deeplinks:handleNotification { userInfo = { chat_id = 1, open = print } } end)
      :toFail("field 'userInfo' must be a table of plain values, got a function in it")
    -- Nor is a key dropped or renamed: each table is a list or a table of names, as JSON's.
    expect(function() deeplinks:activate { [true] = "yes", ok = 1 } end)
      :toFail("bad argument #1 to 'activate' (a table of plain data is a list or a table of names: a key that is a boolean cannot be copied)")
    expect(function() deeplinks:activate { [2.5] = "f" } end):toFail("a key that is a number cannot be copied")
    expect(function() deeplinks:activate { id = 7, "x" } end):toFail("a list or a table of names, not both")
    expect(function() deeplinks:handleNotification { userInfo = { ["1"] = "s", [1] = "n" } } end)
      :toFail("field 'userInfo' must be a table of plain values: a table of plain data is a list or a table of names, not both")
    expect(function() deeplinks:activate { tabs = { "a", "b" }, signedIn = true } end).never:toFail()
  end)

  scenario("a factory that answers a list is refused: a deeplink's fields have names", function()
    local List = nav.deeplinkType("ListDeeplink", { url = function() return { 7, 8 } end, navigate = function() end })
    local _, deeplinks = setUp { types = { List } }
    deeplinks:activate()
    local ok, err = deeplinks:handleURL("x://y")
    expect(ok):toBe(false)
    expect(err):toContain("the factory of ListDeeplink must return a table of named values or nil, got a list")
  end)

  scenario("a factory's reason for declining must be text: nil, 42 is a mistake, not 'not mine'", function()
    local Coded = nav.deeplinkType("CodedDeeplink", { url = function() return nil, 42 end, navigate = function() end })
    local _, deeplinks = setUp { types = { Coded } }
    deeplinks:activate()
    local ok, err = deeplinks:handleURL("x://y")
    expect(ok):toBe(false)
    expect(err):toMatch("deeplink_manager_spec.lua:%d+: the factory of CodedDeeplink returned nil and a reason that must be a string, got number$")
  end)

  -- A URL is taken as written, not as URL(string:) would remake it (since iOS 17 it
  -- percent-encodes a space, and a bracket, and then every % of that part too).
  scenario("a URL is taken as written", function()
    local got
    local Spaced = nav.deeplinkType("SpacedDeeplink", { url = function(url) got = url end, navigate = function() end })
    local app, deeplinks = setUp { types = { Spaced } }
    deeplinks:handleURL("myapp://chat/a b?name=Ann Lee&tags[]=a%20b")
    expect(got.url):toBe("myapp://chat/a b?name=Ann Lee&tags[]=a%20b")
    expect(got.rawQuery):toBe("name=Ann Lee&tags[]=a%20b")
    expect(got.query):toEqual { name = "Ann Lee", tags = { "a b" } }
    expect(got.path):toEqual { "a b" }
    expect(app.log):toContain("Info: Handling navigation for URL: myapp://chat/a b?name=Ann Lee&tags[]=a%20b")
  end)
end)

describe("typed lists read as Nivelir's unkeyed container reads them", function()
  local Lists = nav.deeplinkType("ListsDeeplink", {
    query = { ids = "integer[]" },
    url = function(url) return { ids = url.query.ids } end,
    navigate = function() end,
  })
  local deeplinks
  before_each(function() deeplinks = select(2, setUp { types = { Lists } }) end)
  local function failure(query) return select(2, deeplinks:handleURL("myapp://x?" .. query)) end

  scenario("an element's path is one past its index (the container counts on before the path is read)", function()
    expect(failure("ids[0]=x")):toContain("Path: ids[1]. Debug description: Expected to decode Int but the value is invalid.")
    expect(failure("ids[1]=4")):toContain("Path: ids[1]. Debug description: Expected to decode String but the value is nil.")
    expect(failure("ids[0]=4&ids[2]=6")):toContain("Path: ids[2]. Debug description: Expected to decode String but the value is nil.")
    expect(deeplinks:canHandleURL("myapp://x?ids[0]=4&ids[1]=6&ids[-1]=2")):toBe(true)
  end)

  scenario("an index at the integer limits is an error, not a crash", function()
    expect(failure("ids[9223372036854775807]=1")):toContain("Path: ids[1]. Debug description: Expected to decode String but the value is nil.")
    expect(failure("ids[]=1&ids[9223372036854775807]=1")):toContain("Path: ids[2]. Debug description: Expected to decode String but the value is nil.")
    expect(failure("ids[-9223372036854775808]=1")):toContain("The index -9223372036854775808 of the 'ids' array is out of range.")
    expect(failure("ids[-1]=4")):toContain("The index -1 of the 'ids' array is out of range.")
  end)
end)

describe("the default scope", function()
  scenario("is named default in scopes too, as activate names it", function()
    local app, deeplinks = setUp { scopes = { { key = "default", types = { ProfileDeeplink } } } }
    deeplinks:activate({}, "default")
    expect(deeplinks:isActive("default")):toBe(true)
    expect(deeplinks:handleURL("myapp://profile")):toBe(true)
    expect(app:top().name):toBe("Profile")
    expect(function() setUp { types = { ChatDeeplink }, scopes = { { key = "default", types = { ProfileDeeplink } } } } end)
      :toFail("the scope 'default' is given twice")
  end)
end)

describe("a deeplink's log line", function()
  scenario("prints a table of named values as Swift prints a dictionary field", function()
    local Hand = nav.deeplinkType("Hand", { url = function() return { id = 1, o = { k = "v" }, none = {}, list = { 1, "a" } } end,
      navigate = function() return nav.route() end })
    local app, deeplinks = setUp { types = { Hand } }
    deeplinks:activate({})
    deeplinks:handleURL("myapp://hand")
    expect(app.log):toContain('Info: Performing navigation for deeplink: Hand(id: 1, list: [1, "a"], none: [:], o: ["k": "v"])')
  end)

  scenario("prints a number field as Swift prints a Double, its .0 and sign kept", function()
    local Map = nav.deeplinkType("Map", { query = { lat = "number", zoom = "integer" },
      url = function(url) return { lat = url.query.lat, zoom = url.query.zoom } end, navigate = function() return nav.route() end })
    local app, deeplinks = setUp { types = { Map } }
    deeplinks:activate({})
    deeplinks:handleURL("myapp://map?lat=55&zoom=3")
    deeplinks:handleURL("myapp://map?lat=-0&zoom=3")
    deeplinks:handleURL("myapp://map?lat=123456789012345678&zoom=3")
    expect(app.log):toContain("Info: Performing navigation for deeplink: Map(lat: 55.0, zoom: 3)")
    expect(app.log):toContain("Info: Performing navigation for deeplink: Map(lat: -0.0, zoom: 3)")
    expect(app.log):toContain("Info: Performing navigation for deeplink: Map(lat: 1.2345678901234568e+17, zoom: 3)")
  end)
end)

describe("a deeplink's optional fields", function()
  scenario("print as Swift prints an Optional: Optional(\"hi\") when set, nil when not", function()
    local Draft = nav.deeplinkType("ChatDeeplink", {
      fields = { "chatID", "draft?", "tags?" },
      query = { d = "string?", t = "string[]?" },
      url = function(url) return { chatID = 7, draft = url.query and url.query.d, tags = url.query and url.query.t } end,
      navigate = function(deeplink) return showChat(deeplink.chatID) end,
    })
    local app, deeplinks = setUp { types = { Draft } }
    deeplinks:activate()
    expect(deeplinks:handleURL("x://c?d=hi&t[]=a")):toBe(true)
    expect(app.log):toContain('Info: Performing navigation for deeplink: ChatDeeplink(chatID: 7, draft: Optional("hi"), tags: Optional(["a"]))')
    expect(deeplinks:handleURL("x://c")):toBe(true)
    expect(app.log):toContain("Info: Performing navigation for deeplink: ChatDeeplink(chatID: 7, draft: nil, tags: nil)")
    -- An optional and a plain field of one name are one field named twice.
    expect(function() nav.deeplinkType("X", { fields = { "a", "a?" }, url = function() end, navigate = function() end }) end)
      :toFail("field 'fields' names 'a' twice")
  end)
end)
