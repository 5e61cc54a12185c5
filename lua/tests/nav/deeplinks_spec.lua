-- Deeplinks: URL patterns with :params and query strings, interceptors, app:open.
local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")
local SignIn = nav.screen("SignIn")

local function showChat(id)
  return nav.route():last(Chat { chatId = id }):makeVisible():fallback(nav.route():top(nav.stack):push(Chat { chatId = id }))
end

describe("deeplinks", function()
  before_each(function()
    nav.deeplink("app://chat/:chatId", function(params, query) return showChat(tonumber(params.chatId)) end)
    nav.deeplink("app://rooms/:room/chats/:chat", function(params, query)
      return nav.route():top(nav.stack):push(Chat { room = params.room, chatId = params.chat, tab = query.tab })
    end)
  end)

  scenario("match patterns with parameters and open the handler's route", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://chat/7")):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 7 })
    expect(app:open("app://chat/7")):toBe(true)
    expect(#app.transitions):toBe(1)
    expect(app.log[1]):toBe("Info: Handling navigation for URL: app://chat/7")
    expect(app.log[2]):toBe('Info: Performing navigation for deeplink: app://chat/:chatId {chatId=7}')
  end)

  scenario("match the scheme and the host in any case, as URLs do, and the path exactly", function()
    nav.deeplink("app://rooms/:room/Chat", function() return nav.route():top(nav.stack):push(Chat()) end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("APP://CHAT/7")):toBe(true)
    expect(app:open("app://Rooms/1/Chat")):toBe(true)
    expect(app:open("app://rooms/1/chat")):toFail("no deeplink matches")
  end)

  scenario("give a segment written as a whole number as an integer, any other as a string", function()
    local seen
    nav.deeplink("app://id/:id", function(params) seen = params return nil end)
    local app = nav.app { root = nav.stack { Feed() } }
    for url, value in pairs {
      ["app://id/7"] = 7, ["app://id/0"] = 0, ["app://id/-3"] = -3, ["app://id/9223372036854775807"] = math.maxinteger,
      ["app://id/007"] = "007", ["app://id/+7"] = "+7", ["app://id/-0"] = "-0", ["app://id/7.5"] = "7.5", ["app://id/1e3"] = "1e3",
      ["app://id/9223372036854775808"] = "9223372036854775808", ["app://id/%37"] = 7, ["app://id/abc"] = "abc", ["app://id/-"] = "-",
    } do
      app:open(url)
      expect(seen.id):toBe(value)
      expect(math.type(seen.id)):toBe(type(value) == "number" and "integer" or nil)
    end
  end)

  scenario("a handler that passes a captured id on reuses the chat that is open (LUA_API's example)", function()
    nav.deeplink("app://open/:chatId", function(params, query) return showChat(params.chatId) end)
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat { chatId = 7 } } } }
    expect(app:open("app://open/7")):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 7 })
    expect(#app.window.children[1].children[2].children):toBe(1)
  end)

  scenario("decode query strings and escapes", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://rooms/r%201/chats/9?tab=info&flag")):toBe(true)
    expect(app:top().traits):toEqual({ room = "r 1", chatId = 9, tab = "info" })
    local seen
    nav.deeplink("app://search", function(params, query) seen = query return nil end)
    expect(app:open("app://search?q=a+b&tag[]=x&tag[]=y&filter[city]=Oslo&flag#top")):toFail("must return a Route %(or nil and a reason%), got nil")
    expect(seen):toEqual({ q = "a b", tag = { "x", "y" }, filter = { city = "Oslo" } })
  end)

  scenario("decode queries with Nivelir's bracket rules: nesting, indices, and its errors", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local seen
    nav.deeplink("app://q", function(params, query) seen = query return nil end)
    app:open("app://q?a[b][c]=1&a[b][d]=2")
    expect(seen):toEqual({ a = { b = { c = "1", d = "2" } } })
    app:open("app://q?ids[1]=b&ids[0]=a&m[x][]=1&m[x][]=2")
    expect(seen):toEqual({ ids = { "a", "b" }, m = { x = { "1", "2" } } })
    expect(app:open("app://q?a[b]c=1")):toFail("the query of app://q?a[b]c=1 does not decode: DecodingError.dataCorrupted: Data was corrupted. Debug description: The key 'a[b]c' does not contain a closing separator ']'.")
    -- key paths print as Swift prints Nivelir's [String]
    expect(app:open("app://q?a=1&a[]=2")):toFail('DecodingError.dataCorrupted: Data was corrupted. Debug description: The key \'["a", ""]\' is used for values of different types.')
    expect(app:open("app://q?a=1&a=2")):toFail('DecodingError.dataCorrupted: Data was corrupted. Debug description: The key \'["a"]\' is used for values of different types.')
    expect(app:open("app://q?a[]=1&a[x]=2")):toFail('DecodingError.dataCorrupted: Data was corrupted. Debug description: The key \'["a", "x"]\' does not contain index of the \'x\' array.')
    -- an invalid escape is an error, in a value or in a key
    expect(app:open("app://q?a=%zz")):toFail('DecodingError.dataCorrupted: Data was corrupted. Debug description: Unable to remove percent encoding for \'%zz\' at the \'["a"]\' key.')
    expect(app:open("app://q?%zz=1")):toFail("DecodingError.dataCorrupted: Data was corrupted. Debug description: The key '%zz' contains an invalid percent-encoding sequence.")
    -- Nivelir splits a key at '[' and drops empty parts: [a], a] and a[ are all a
    for _, key in ipairs { "[a]", "a]", "a[" } do
      app:open("app://q?" .. key .. "=1")
      expect(seen):toEqual({ a = "1" })
    end
    app:open("app://q?=1")
    expect(seen):toBe("1")
  end)

  scenario("say when nothing matches", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://unknown/1")):toFail("no deeplink matches app://unknown/1")
    expect(app:open("not a url")):toFail("'not a url' is not a URL")
    expect(app:open("other://chat/7")):toFail("no deeplink matches")
    expect(function() nav.deeplink("chat/:id", function() end) end):toFail("a deeplink pattern is a URL like 'app://chat/:chatId'")
    expect(function() nav.deeplink("app://x", 1) end):toFail("bad argument #2 to 'deeplink' (function expected, got number)")
  end)

  scenario("read a URL as URLComponents does: no user or port in the host, the path decoded before it is split", function()
    nav.deeplink("https://example.com/chat/:id", function(p) return nav.route():top(nav.stack):push(Chat { chatId = p.id }) end)
    nav.deeplink("app://p/:a/x", function(p) return nav.route():top(nav.stack):push(Chat { chatId = p.a }) end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("https://example.com:443/chat/5")):toBe(true)
    expect(app:open("https://u@example.com/chat/6")):toBe(true)
    expect(app:open("app://p/a%20b/x")):toBe(true)
    expect(app:top()):toShow(Chat { chatId = "a b" })
    expect(app:open("app://p/a%2Fb/x")):toFail("no deeplink matches")   -- a/b is two segments
    -- A URL without a host is a URL, and no pattern (scheme://host/...) matches it.
    expect(app:open("app:/chat/5")):toFail("no deeplink matches app:/chat/5")
    expect(app:open("mailto:x@y.z")):toFail("no deeplink matches mailto:x@y.z")
  end)

  scenario("split a path as Nivelir's URLDeeplink: one leading and trailing slash do not count, // is an empty segment", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://chat/7/")):toBe(true)
    expect(app:open("app://chat//7")):toFail("no deeplink matches app://chat//7")
    expect(app:open("app://chat/7//")):toFail("no deeplink matches")
    nav.deeplink("app://blank//:id", function(p) return nav.route():top(nav.stack):push(Chat { chatId = p.id }) end)
    expect(app:open("app://blank//8")):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 8 })
  end)

  scenario("take the handler defined last for a pattern defined again", function()
    local app = nav.app { root = nav.stack { Feed() } }
    nav.deeplink("app://chat/:chatId", function(p) return nav.route():top(nav.stack):push(Chat { chatId = p.chatId, again = true }) end)
    expect(app:open("app://chat/3")):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 3, again = true })
    -- One that matches the same links, written otherwise, is the same pattern.
    nav.deeplink("app://CHAT/:id/", function(p) return nav.route():top(nav.stack):push(Chat { chatId = p.id, third = true }) end)
    expect(app:open("app://chat/4")):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 4, third = true })
    -- A pattern without a host could match nothing.
    expect(function() nav.deeplink("app:///chat", function() end) end):toFail("a deeplink pattern is a URL like")
    -- Nor can a pattern with a query or fragment, and a parameter needs one name of its own.
    expect(function() nav.deeplink("app://a/:id?x=1", function() end) end):toFail("bad argument #1 to 'deeplink' (a pattern has no query or fragment")
    expect(function() nav.deeplink("app://a#f", function() end) end):toFail("a pattern has no query or fragment")
    expect(function() nav.deeplink("app://chat/:", function() end) end):toFail("a parameter needs a name after ':'")
    expect(function() nav.deeplink("app://a/:id/:id", function() end) end):toFail("parameter ':id' appears twice")
    -- Nor can a scheme no URL has (URLComponents refuses "my_app:" and "1app:" as app:open does).
    expect(function() nav.deeplink("my_app://chat", function() end) end):toFail("no URL has 'my_app'")
    expect(function() nav.deeplink("1app://chat", function() end) end):toFail("a scheme starts with a letter")
    expect(function() nav.deeplink("my app://chat", function() end) end):toFail("no URL has 'my app'")
    expect(function() nav.deeplink("web+app-1.x://chat", function() end) end).never:toFail()
  end)

  scenario("log a query that does not decode, as Nivelir's manager logs its decoding error", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local ok, err = app:open("app://chat/1?a=1&a=2")
    expect(ok):toBe(false)
    expect(err):toMatch("does not decode")
    expect(app.log[#app.log]):toBe("Error: " .. err)
  end)

  scenario("report handlers that do not return a route", function()
    nav.deeplink("app://bad", function() return 5 end)
    nav.deeplink("app://broken", function() error("handler broke") end)
    local app = nav.app { root = Feed() }
    -- Outcomes, not raised errors: at the line of the handler (its definition, its error).
    expect(app:open("app://bad")):toFail("deeplinks_spec.lua:%d+: the deeplink handler of app://bad must return a Route %(or nil and a reason%), got number")
    expect(app:open("app://broken")):toFail("deeplinks_spec.lua:%d+: handler broke")
    expect(app.log[#app.log]):toBe("Error: " .. select(2, app:open("app://broken")))
    nav.deeplink("app://stack", function() return nav.route("stack"):push(Feed()) end)
    expect(app:open("app://stack")):toFail("deeplinks_spec.lua:%d+: the deeplink handler of app://stack must return a route from the window %(nav.route%(%)%), got a stack route")
    -- Nothing returned is a forgotten return, at the handler's line; nil and a reason fails with it.
    nav.deeplink("app://none", function() end)
    expect(app:open("app://none")):toFail("deeplinks_spec.lua:%d+: the deeplink handler of app://none must return a Route %(or nil and a reason%), got nil")
    nav.deeplink("app://later", function() return nil, "not yet" end)
    expect(app:open("app://later")):toFail("^not yet$")
    expect(app.log[#app.log]):toBe("Error: not yet")
    nav.deeplink("app://gone", function() return nil, 404 end)
    expect(app:open("app://gone")):toFail("^404$")
    nav.deeplink("app://odd", function() return nil, {} end)
    expect(app:open("app://odd")):toFail("deeplinks_spec.lua:%d+: the deeplink handler of app://odd returned nil and a table: the reason must be text")
  end)
end)

describe("interceptors", function()
  local signedIn
  before_each(function()
    signedIn = false
    nav.deeplink("app://chat/:chatId", function(params) return nav.route():top(nav.stack):push(Chat { chatId = tonumber(params.chatId) }) end)
    nav.deeplink("app://public", function() return nav.route():top(nav.stack):push(Feed { public = true }) end)
  end)

  scenario("hold a link until sign-in and then continue", function()
    nav.interceptor(function(link, app)
      if signedIn or link.pattern == "app://public" then return true end
      return nav.route():root():present(SignIn())
    end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://public")):toBe(true)
    expect(app:open("app://chat/7")):toFail("the deeplink app://chat/7 is held until app:resumeDeeplinks()")
    expect(app.pendingDeeplink):toBe("app://chat/7")
    expect(app:top()):toShow(SignIn())
    signedIn = true
    expect(app:navigate(nav.route():root():dismiss())):toBe(true)
    expect(app:resumeDeeplinks()):toBe(true)
    expect(app.pendingDeeplink):toBe(nil)
    expect(app:top()):toShow(Chat { chatId = 7 })
    expect(app:resumeDeeplinks()):toFail("no deeplink is held")
  end)

  scenario("a newer link replaces a held one, as Nivelir's pending deeplink", function()
    nav.interceptor(function(link)
      if signedIn or link.pattern == "app://public" then return true end
      return nav.route():top(nav.container):present(SignIn())
    end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://chat/1")):toFail("held")
    expect(app:open("app://nothing")):toFail("no deeplink matches")
    expect(app.pendingDeeplink):toBe("app://chat/1")
    signedIn = true
    expect(app:navigate(nav.route():root():dismiss())):toBe(true)
    expect(app:open("app://chat/2")):toBe(true)
    expect(app.pendingDeeplink):toBe(nil)
    expect(app:resumeDeeplinks()):toFail("no deeplink is held")
    expect(app:top()):toShow(Chat { chatId = 2 })
  end)

  scenario("a link whose interceptor's route fails is dropped, not held", function()
    nav.interceptor(function() return nav.route():fail("no sign-in here") end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://chat/1")):toFail("no sign-in here")
    expect(app.pendingDeeplink):toBe(nil)
    expect(app:resumeDeeplinks()):toFail("no deeplink is held")
  end)

  scenario("a held link that resumes is performed, not handled again", function()
    nav.interceptor(function() return signedIn or nav.route():top(nav.container):present(SignIn()) end)
    local app = nav.app { root = nav.stack { Feed() } }
    app:open("app://chat/4")
    signedIn = true
    app:navigate(nav.route():root():dismiss())
    local before = #app.log
    expect(app:resumeDeeplinks()):toBe(true)
    expect(app.log[before + 1]):toBe("Info: Performing navigation for deeplink: app://chat/:chatId {chatId=4}")
    for n = before + 1, #app.log do expect(app.log[n]).never:toContain("Handling navigation for URL") end
  end)

  scenario("drop a link with a reason", function()
    nav.interceptor(function(link) return false, "links are off" end)
    local app = nav.app { root = nav.stack {} }
    expect(app:open("app://chat/1")):toFail("^links are off$")
    -- As Nivelir's manager, the deeplink is announced before the interceptors run.
    expect(app.log[2]):toBe('Info: Performing navigation for deeplink: app://chat/:chatId {chatId=1}')
    -- and, as its interceptors' failures, the reason is logged.
    expect(app.log[3]):toBe("Error: links are off")
  end)

  scenario("see the link and the app", function()
    local seen
    nav.interceptor(function(link, app) seen = { link.url, link.params.chatId, tostring(app) } return true end)
    expect(nav.app { root = nav.stack {} }:open("app://chat/3")):toBe(true)
    expect(seen):toEqual({ "app://chat/3", 3, "App" })
  end)

  scenario("read the link as its URL too, as a script that takes it for the URL's text writes it", function()
    local seen
    nav.interceptor(function(link)
      seen = { tostring(link), link:find("chat") ~= nil, link:match("^app://(%a+)"), #link, "got " .. link, link .. "!", link.pattern,
               link.params.chatId, link.nothing }
      return true
    end)
    expect(nav.app { root = nav.stack {} }:open("app://chat/3")):toBe(true)
    expect(seen):toEqual({ "app://chat/3", true, "chat", 12, "got app://chat/3", "app://chat/3!", "app://chat/:chatId", 3 })
  end)

  scenario("that raise fail the link as an outcome", function()
    nav.interceptor(function() error("interceptor broke") end)
    expect(nav.app { root = nav.stack {} }:open("app://chat/1")):toFail("deeplinks_spec.lua:%d+: interceptor broke")
  end)

  scenario("hold the link while its route waits on a custom action, as Nivelir's interceptors wait", function()
    local finish
    nav.action("authorize", { on = "modal", perform = function(container, navigator, done)
      finish = done
      navigator:navigate(nav.route("modal"):present(SignIn()), { from = container })
    end })
    nav.interceptor(function() return signedIn or nav.route():top(nav.container):authorize() end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://chat/1")):toFail("is held until app:resumeDeeplinks%(%)")
    expect(app:top()):toShow(SignIn())
    expect(app.pendingDeeplink):toBe("app://chat/1")
    for _, line in ipairs(app.log) do expect(line).never:toMatch("^Error") end
    signedIn = true
    finish()
    expect(app:navigate(nav.route():root():dismiss())):toBe(true)
    expect(app:resumeDeeplinks()):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 1 })
  end)

  scenario("drop a held link when the action its route waits on fails, and fail a route that hangs on anything else", function()
    local finish
    nav.action("authorize", { on = "modal", perform = function(_, _, done) finish = done end })
    nav.interceptor(function(link)
      if link.pattern == "app://public" then return nav.route():get(function(_, done) end) end
      return nav.route():top(nav.container):authorize()
    end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://chat/1")):toFail("is held")
    finish(false, "denied")
    app:settle()
    expect(app.pendingDeeplink):toBe(nil)
    expect(app:resumeDeeplinks()):toFail("no deeplink is held")
    expect(app:open("app://public")):toFail("The action never completed for:\n  ScreenGetAction<UIWindow>(body: (Function))", true)
    expect(app.pendingDeeplink):toBe(nil)
    -- A link held twice: the first hold failing later leaves the second.
    expect(app:open("app://chat/1")):toFail("is held")
    local first = finish
    expect(app:open("app://chat/1")):toFail("is held")
    first(false, "denied")
    app:settle()
    expect(app.pendingDeeplink):toBe("app://chat/1")
  end)

  scenario("must return a route from the window", function()
    nav.interceptor(function() return nav.route("stack"):push(SignIn()) end)
    expect(nav.app { root = nav.stack { Feed() } }:open("app://chat/1"))
      :toFail("deeplinks_spec.lua:%d+: an interceptor must return a route from the window %(nav.route%(%)%), got a stack route")
  end)

  scenario("drop a link for nil and a reason, and name a path that returns nothing", function()
    nav.interceptor(function(link)
      if link.pattern == "app://public" then return nil, "not now" end
      if link.url == "app://chat/404" then return nil, 404 end
      if link.url == "app://chat/500" then return false, 500 end
    end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://public")):toFail("^not now$")
    expect(app:open("app://chat/404")):toFail("^404$")
    expect(app:open("app://chat/500")):toFail("^500$")
    expect(app:open("app://chat/1")):toFail("deeplinks_spec.lua:%d+: an interceptor must return true, false or a Route, got nil")
    expect(app.log[#app.log]):toMatch("^Error: .*got nil$")
  end)

  scenario("must answer true, false or a route", function()
    nav.interceptor(function() return 5 end)
    expect(nav.app { root = nav.stack {} }:open("app://chat/1")):toFail("deeplinks_spec.lua:%d+: an interceptor must return true, false or a Route, got number")
    expect(function() nav.interceptor() end):toFail("bad argument #1 to 'interceptor' (function expected, got no value)")
  end)
end)

describe("deeplink patterns with percent-escapes", function()
  scenario("match the URL written the same way, decoded as the URL is", function()
    local Search = nav.screen("Search")
    nav.deeplink("app://search/new%20york", function() return nav.route():top(nav.stack):push(Search { city = "ny" }) end)
    nav.deeplink("app://caf%C3%A9/menu", function() return nav.route():top(nav.stack):push(Search { city = "cafe" }) end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://search/new%20york")):toBe(true)
    expect(app:top()):toShow(Search { city = "ny" })
    expect(app:open("app://caf%C3%A9/menu")):toBe(true)
    expect(app:top()):toShow(Search { city = "cafe" })
    expect(app:open("app://search/new%2520york")):toFail("no deeplink matches")
  end)
end)

describe("escaped colons and slashes in a pattern are text", function()
  scenario("%3A starts no parameter and %2F splits no segment", function()
    local Page = nav.screen("Page")
    nav.deeplink("app://x/%3Aid", function() return nav.route():top(nav.stack):push(Page { n = 1 }) end)
    nav.deeplink("app://y/a%2Fb", function() return nav.route():top(nav.stack):push(Page { n = 2 }) end)
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:open("app://x/7")):toFail("no deeplink matches")
    expect(app:open("app://x/%3Aid")):toBe(true)
    expect(app:top()):toShow(Page { n = 1 })
    expect(app:open("app://y/a/b")):toFail("no deeplink matches")
  end)
end)

describe("a pattern's host", function()
  scenario("captures with :name, as a path segment does", function()
    local Section = nav.screen("Section")
    local app = nav.app { root = nav.stack { Feed() } }
    nav.deeplink("app://:section/list", function(p) return nav.route():top(nav.stack):push(Section { name = p.section }) end)
    expect(app:open("app://feed/list")):toBe(true)
    expect(app:top()):toShow(Section { name = "feed" })
  end)

  scenario("has no user or port: a URL's do not count, so such a pattern would match nothing", function()
    expect(function() nav.deeplink("http://u@h/p", function() end) end):toFail("bad argument #1 to 'deeplink' %(a pattern's host has no user or port")
    expect(function() nav.deeplink("http://h:80/p", function() end) end):toFail("a pattern's host has no user or port")
  end)
end)
