-- Restoring an app from its snapshot: nav.app { restore = app:snapshot() }.
local Feed, Chat, Settings, Home = nav.screen("Feed"), nav.screen("Chat"), nav.screen("Settings"), nav.screen("Home", { container = "tabs" })

local function busyApp()
  local app = nav.app { root = nav.tabs { key = Home(), selected = 2,
    nav.stack { Feed():withTabBarItem { title = "Feed" } },
    nav.stack { Feed(), Chat { chatId = 7, room = "b" } } } }
  app:navigate(nav.route():top(nav.container):present(Settings():withStackContainer("SheetNavigationController"):withBottomSheet { detents = { "medium", "large" } }))
  app:advance(2.5)
  return app
end

describe("restore", function()
  scenario("rebuilds the same tree, keys, classes, styles, selection and clock", function()
    local app = busyApp()
    local copy = nav.app { restore = app:snapshot() }
    expect(copy:snapshot()):toEqual(app:snapshot())
    expect(copy:tree()):toBe(app:tree())
    expect(copy.clock):toBe(app.clock)
    expect(copy:top().key):toBe("Settings")
    expect(copy:top().parent.typeName):toBe("SheetNavigationController")
    expect(copy:topTabs().selectedIndex):toBe(2)
    expect(#copy.transitions):toBe(0)
  end)

  scenario("a restored app navigates as the original does", function()
    local app = busyApp()
    local copy = nav.app { restore = app:snapshot() }
    local route = nav.route():top(nav.container):changeBottomSheet { selectedDetent = "large" }
    app:navigate(route)
    copy:navigate(route)
    expect(copy:snapshot()):toEqual(app:snapshot())
    local close = nav.route():first(nav.tabs):dismiss():selectTab(1)
    expect(app:navigate(close)):toSucceed()
    expect(copy:navigate(close)):toSucceed()
    expect(copy:tree()):toBe(app:tree())
  end)

  scenario("keeps the held deeplink", function()
    nav.deeplink("app://chat/:id", function(p) return nav.route():top(nav.stack):push(Chat { chatId = tonumber(p.id) }) end)
    nav.interceptor(function() return nav.route():top(nav.container):present(Settings()) end)
    local app = nav.app { root = nav.stack { Feed() } }
    app:open("app://chat/3")
    local copy = nav.app { restore = app:snapshot() }
    expect(copy.pendingDeeplink):toBe("app://chat/3")
  end)

  scenario("a snapshot is data: it can be changed, or written by hand", function()
    local snapshot = nav.app { root = nav.stack { Feed() } }:snapshot()
    snapshot.children[1].children[2] = { kind = "modal", key = "Chat(chatId=1)", name = "Chat", traits = { chatId = 1 },
                                         attributes = {}, children = {} }
    local app = nav.app { restore = snapshot }
    expect(app:top()):toShow(Chat { chatId = 1 })
    expect(app:navigate(nav.route():top(nav.stack):pop())):toSucceed()
    expect(app:top()):toShow(Feed)
  end)

  scenario("a snapshot that no device could show is refused", function()
    expect(function() nav.app { restore = { kind = "stack", children = {} } } end):toFail("the snapshot of an app (its kind is window)")
    expect(function() nav.app { restore = { kind = "window", children = { { kind = "stack", children = { { kind = "stack", children = {} } } } } } } end)
      :toFail("a stack cannot hold a stack")
    expect(function() nav.app { restore = { kind = "window", children = { { kind = "sideways" } } } } end)
      :toFail("restore.children[1]: kind must be window, modal, stack or tabs")
    expect(function() nav.app { restore = { kind = "window", children = { { kind = "tabs", selectedIndex = 3, children = {} } } } } end)
      :toFail("selected tab 3 out of range")
    expect(function() nav.app { restore = nav.app():snapshot(), root = Feed() } end):toFail("unknown field 'root'")
  end)

  scenario("a snapshot's fields are checked, not dropped", function()
    local function with(field, value, node)
      local snapshot = nav.app { root = nav.stack { Feed() } }:snapshot()
      local target = node and snapshot.children[1] or snapshot
      target[field] = value
      return function() nav.app { restore = snapshot } end
    end
    expect(with("clock", "5")):toFail("restore.clock must be a number of seconds from 0 to 9.2e12")
    expect(with("pendingDeeplink", 5)):toFail("restore.pendingDeeplink must be a URL (a string) or nil")
    expect(with("colour", "red", true)):toFail("restore.children[1]: unknown field 'colour' (a snapshot has attributes, children,")
    expect(with("clock", 1, true)):toFail("restore.children[1]: unknown field 'clock'")
    expect(with("presentationPhase", "hovering", true)):toFail("restore.children[1]: presentationPhase must be presenting, presented or dismissing")
    expect(with("isVisible", "no", true)):toFail("restore.children[1]: isVisible must be true or false")
    expect(with("selectedIndex", "2", true)):toFail("restore.children[1]: selectedIndex must be a whole number")
    expect(with("selectedIndex", math.mininteger, true)):toFail("restore.children[1]: selectedIndex must be a whole number from 1")
    expect(with("selectedIndex", 0, true)):toFail("restore.children[1]: selectedIndex must be a whole number from 1")
    expect(with("className", 5, true)):toFail("restore.children[1]: className must be a string")
    expect(with("presentationEnds", "soon", true)):toFail("restore.children[1]: presentationEnds must be a number")
    expect(with("presentationEnds", 1e300, true)):toFail("presentationEnds must be a number of seconds from 0 to 9.2e12")
    expect(with("children", "x")):toFail("restore: children must be a list of snapshot nodes")
    expect(with("attributes", { tint = print }, true)):toFail("restore.children[1]: attribute 'tint' is not plain data")
    expect(with(1, "junk")):toFail("restore: a snapshot node is a table of named fields, not a list")
    -- A key is its name and traits: a text of its own, traits without a name, or a table
    -- trait cannot be one.
    local function node(fields)
      return function() nav.app { restore = { kind = "window", children = { fields } } } end
    end
    expect(node { kind = "modal", name = "A", key = "Zed" }):toFail("restore.children[1]: key 'Zed' is not the name and traits given (A)")
    expect(node { kind = "modal", key = "A" }):toFail("restore.children[1]: a key needs its name: give name too", true)
    expect(function() nav.app { restore = { kind = "window", traits = { a = 1 } } } end):toFail("restore: a window has no key: leave out key and traits", true)
    expect(node { kind = "window" }):toFail("restore.children[1]: a window inside a window (only the snapshot's top is a window)", true)
    expect(node { kind = "modal", name = "A", traits = { x = { 1 } } }):toFail("restore.children[1]: trait 'x' is not a string, number or boolean")
    expect(node { kind = "modal", name = "A", attributes = { modalPresentationStyle = "bogus" } })
      :toFail("restore.children[1]: attribute 'modalPresentationStyle' must be one of ")
    expect(nav.app { restore = { kind = "window", children = { { kind = "modal", name = "A", traits = { id = 2 } } } } }:top().key)
      :toEqual(nav.screen("A") { id = 2 }.key)
    expect(nav.app { restore = nav.app():snapshot() }.clock):toBe(0)
  end)

  -- UIKit installs a root's view when its window is first made visible: until then no
  -- container of a restored hidden window is in a window, as Nivelir's checks ask it.
  scenario("a hidden window shows nothing of its screens until it is made visible", function()
    local snapshot = nav.app { root = nav.stack { Feed() } }:snapshot()
    snapshot.isVisible = false
    local app = nav.app { restore = snapshot }
    expect(app.window.isKey):toBe(false)   -- as a window made hidden is, until a route makes it key
    expect(app:navigate(nav.route():root():window()))
      :toFail("No container of UIWindow type found for:\n  ScreenWindowAction<UIViewController, UIWindow>()", true)
    expect(app:navigate(nav.route():root():present(Settings()))):toFail("is already presenting")
    expect(app:navigate(nav.route():root("stack"):push(Chat { chatId = 1 }))):toBe(true)
    expect(app.clock):toBe(0)   -- no transition: done on the run loop's next turn
    expect(app:navigate(nav.route():makeKeyAndVisible():root():present(Settings()))):toBe(true)
    expect(app.clock):toBe(0.5)
    expect(app:top().name):toBe("Settings")
    expect(app.window.isKey):toBe(true)
  end)
end)

describe("restore refuses what UIKit cannot show", function()
  scenario("a child that presents: only the outermost container of a tree presents", function()
    local snapshot = nav.app { root = nav.stack { Feed() } }:snapshot()
    snapshot.children[1].children[1].presented = { kind = "modal", name = "Chat", children = {}, traits = {}, attributes = {} }
    expect(function() nav.app { restore = snapshot } end)
      :toFail("bad argument #1 to 'app' %(restore%.children%[1%]%.children%[1%]: presented must be left out: only the outermost container of a tree presents")
    snapshot.children[1].children[1].presented = nil
    snapshot.children[1].presented = { kind = "modal", name = "Chat", children = {}, traits = {}, attributes = {} }
    expect(nav.app { restore = snapshot }:top()):toShow(Chat())
  end)
end)

describe("restore refuses what it would change or drop", function()
  local function appSnapshot()
    return nav.app { root = nav.stack { Feed() } }:snapshot()
  end
  local function restoring(snapshot)
    return function() nav.app { restore = snapshot } end
  end

  scenario("text that is not UTF-8, which would become U+FFFD, as nav.screen refuses it", function()
    local function with(change)
      local snapshot = appSnapshot()
      change(snapshot, snapshot.children[1].children[1])
      return restoring(snapshot)
    end
    expect(with(function(_, feed) feed.name, feed.key = "\255", nil end))
      :toFail("bad argument #1 to 'app' %(restore%.children%[1%]%.children%[1%]: name must be UTF%-8 text, got bytes that are not%)")
    expect(with(function(_, feed) feed.key = "\254" end)):toFail("restore%.children%[1%]%.children%[1%]: key must be UTF%-8 text")
    expect(with(function(_, feed) feed.traits = { room = "\255" } end)):toFail("restore%.children%[1%]%.children%[1%]: traits%.room must be UTF%-8 text")
    expect(with(function(_, feed) feed.traits = { ["\255"] = 1 } end)):toFail("restore%.children%[1%]%.children%[1%]: a name in traits must be UTF%-8 text")
    expect(with(function(_, feed) feed.attributes = { tabBarItem = { title = "\254" } } end))
      :toFail("restore%.children%[1%]%.children%[1%]: attributes%.tabBarItem%.title must be UTF%-8 text")
    expect(with(function(snapshot) snapshot.pendingDeeplink = "app://\255" end)):toFail("restore: pendingDeeplink must be UTF%-8 text")
    expect(with(function(_, feed) feed["\255"] = true end)):toFail("restore%.children%[1%]%.children%[1%]: a field's name must be UTF%-8 text")
    -- At the script's line, as every restore error.
    expect(with(function(_, feed) feed.className = "\255" end)):toFail("restore_spec%.lua:%d+: bad argument #1 to 'app' %(restore%.children%[1%]%.children%[1%]: className must be UTF%-8")
    -- Nor more children than a container may hold, said at the node.
    expect(with(function(snapshot, feed)
      local many = {}
      for i = 1, 10001 do many[i] = { kind = "modal", name = "Feed", traits = { i = i } } end
      snapshot.children[1].children = many
    end)):toFail("restore%.children%[1%]: more than 10000 children in one container")
    -- Nor a hierarchy deeper than a snapshot's, named by its depth (not only as "nested too
    -- deeply (or a cycle)", which a cycle still gets).
    for _, levels in ipairs { 101, 150, 400 } do
      expect(with(function(snapshot)
        local node = { kind = "modal", name = "Feed" }
        for _ = 1, levels do node = { kind = "stack", children = { node } } end
        snapshot.children = { node }
      end)):toFail("bad argument #1 to 'app' (the snapshot is deeper than 100 levels)", true)
    end
    expect(with(function(snapshot) snapshot.children = { snapshot } end)):toFail("option 'restore': table nested too deeply (or a cycle) to be read", true)
    -- Nor an empty name, which nav.screen refuses.
    expect(with(function(_, feed) feed.name, feed.key = "", nil end))
      :toFail("restore%.children%[1%]%.children%[1%]: a screen needs a name, as nav.screen refuses an empty one")
  end)

  scenario("what a window presents: the app's root presents, as app:snapshot() writes it", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = Chat() }
    local snapshot = app:snapshot()
    expect(snapshot.presented):toBeNil()
    expect(snapshot.children[1].presented.name):toBe("Chat")
    expect(nav.app { restore = snapshot }:snapshot()):toEqual(snapshot)
    snapshot.presented, snapshot.children[1].presented = snapshot.children[1].presented, nil
    expect(restoring(snapshot))
      :toFail("bad argument #1 to 'app' %(restore: presented must be left out: a window presents nothing, its root presents %(restore%.children%[1%]%.presented%)%)")
  end)

  scenario("a selection outside tabs, and a presentation phase where nothing presents", function()
    local function with(field, value, node)
      local snapshot = nav.app { root = nav.stack { Feed() }, presented = Chat() }:snapshot()
      node(snapshot)[field] = value
      return restoring(snapshot)
    end
    local root = function(s) return s.children[1] end
    local feed = function(s) return s.children[1].children[1] end
    local chat = function(s) return s.children[1].presented end
    expect(with("selectedIndex", 1, root)):toFail("restore%.children%[1%]: selectedIndex must be left out: only tabs select, this is a stack")
    expect(with("selectedIndex", 1, chat)):toFail("restore%.children%[1%]%.presented: selectedIndex must be left out")
    expect(with("selectedIndex", 1, function(s) return s end)):toFail("restore: selectedIndex must be left out: only tabs select, this is a window")
    expect(with("presentationPhase", "presenting", root))
      :toFail("restore%.children%[1%]: presentationPhase must be left out: nothing presents this stack")
    expect(with("presentationEnds", 1, feed)):toFail("restore%.children%[1%]%.children%[1%]: presentationEnds must be left out: nothing presents this modal")
    expect(with("presentationPhase", "dismissing", function(s) return s end)):toFail("restore: presentationPhase must be left out")
    expect(with("presentationEnds", 1, chat)):toFail("restore%.children%[1%]%.presented: presentationEnds must be left out: it is for a presentation under way")
    -- What the app presents keeps its phase.
    expect(nav.app { restore = (function() local s = appSnapshot() s.children[1].presented = { kind = "modal", name = "Chat", presentationPhase = "presented" } return s end)() }:top())
      :toShow(Chat())
  end)

  scenario("an attribute of another shape than its decorator's, as setAttribute refuses it", function()
    local function with(name, value)
      local snapshot = appSnapshot()
      snapshot.children[1].children[1].attributes[name] = value
      return restoring(snapshot)
    end
    local at = "bad argument #1 to 'app' %(restore%.children%[1%]%.children%[1%]: "
    expect(with("leftBarButton", 5)):toFail(at .. "attribute 'leftBarButton' must be a table, {title = \"Close\"}%)")
    expect(with("rightBarButton", {})):toFail(at .. "attribute 'rightBarButton' needs title")
    expect(with("rightBarButton", { title = "Done", route = "x" })):toFail(at .. "attribute 'rightBarButton' has no field 'route'")
    expect(with("bottomSheet", { detents = "x" })):toFail(at .. "attribute 'bottomSheet': detents must be a list of names")
    expect(with("bottomSheet", { detents = { 1 } })):toFail(at .. "attribute 'bottomSheet': detents must be a list of names")
    expect(with("bottomSheet", { detents = {} })).never:toFail()   -- none, as Nivelir's sheet takes
    expect(with("bottomSheet", { detents = { "medium" }, prefersGrabber = "yes" })):toFail(at .. "attribute 'bottomSheet': prefersGrabber must be true or false")
    expect(with("tabBarItem", { title = {} })):toFail(at .. "attribute 'tabBarItem': title must be a string%)")
    expect(with("tabBarItem", { badge = 3 })):toFail(at .. "attribute 'tabBarItem': badge must be a string")
    expect(with("transitioningDelegate", true)):toFail(at .. "attribute 'transitioningDelegate' must be a class name")
    expect(with("tint", { colour = print })):toFail(at .. "attribute 'tint' is not plain data %(%.colour is a function%)")
    -- setAttribute keeps the same shapes, so that every app's snapshot restores.
    local app = nav.app { root = nav.stack { Feed() } }
    expect(function() app:top():setAttribute("leftBarButton", 5) end)
      :toFail("bad argument #2 to 'setAttribute' %(attribute 'leftBarButton' must be a table")
    expect(function() app:top():setAttribute("tabBarItem", { title = {} }) end)
      :toFail("bad argument #2 to 'setAttribute' %(attribute 'tabBarItem': title must be a string%)")
    app:top():setAttribute("leftBarButton", { title = "Close" })
    app:top():setAttribute("tint", { colour = "red" })
    -- What the decorators write restores, their bar buttons without the routes.
    local decorated = nav.app { root = nav.tabs {
      nav.stack { Feed():withTabBarItem { title = "Feed", image = "house", badge = 3 }:withLeftBarButton { title = "Close", route = nav.route("modal"):presenting():dismiss() } },
      Chat():withBottomSheet { detents = { "medium" }, selectedDetent = "medium", prefersGrabber = true }:withRightBarButton { title = "Done" },
      Settings():withPopoverPresentation { anchor = { x = 1 } }:withModalTransitioningDelegate("Fade"):withModalTransitionStyle("crossDissolve") } }
    decorated:top():setAttribute("tint", { colour = "red" })
    for _, snapshot in ipairs { decorated:snapshot(), app:snapshot() } do
      expect(nav.app { restore = snapshot }:snapshot()):toEqual(snapshot)
    end
    -- A tap of a restored button is refused: doing nothing would pass for what it does.
    local restored = nav.app { restore = decorated:snapshot() }
    expect(restored:tap(restored:top(), "left"))
      :toFail("The leftBarButton of <UIViewController: Feed> was restored from a snapshot, which keeps no bar button's route: it cannot be tapped until its screen is built again", true)
    expect(decorated:tap(decorated:top(), "left")):toFail("No container of UIViewController type found")   -- its route ran
  end)

  scenario("a clock past the longest span of time, as presentationEnds", function()
    local function at(clock)
      local snapshot = appSnapshot()
      snapshot.clock = clock
      return restoring(snapshot)
    end
    for _, clock in ipairs { 1e300, 9.3e12, math.huge, -math.huge, -1, 0 / 0, "5" } do
      expect(at(clock)):toFail("bad argument #1 to 'app' %(restore%.clock must be a number of seconds from 0 to 9%.2e12 %(the clock's end%)%)")
    end
    expect(nav.app { restore = (function() local s = appSnapshot() s.clock = 3.2e10 return s end)() }.clock):toBe(3.2e10)
    -- A clock an app reached, past the longest single delay, restores too.
    local old = nav.app { root = nav.stack { Feed() } }
    old:advance(3.2e10)
    old:advance(3.2e10)
    expect(nav.app { restore = old:snapshot() }.clock):toBe(6.4e10)
    expect(nav.app { restore = (function() local s = appSnapshot() s.clock = 9.2e12 return s end)() }.clock):toBe(9.2e12)
  end)
end)

describe("restore names the option of a snapshot it cannot read", function()
  scenario("a cycle", function()
    local snapshot = nav.app { root = nav.stack { Feed() } }:snapshot()
    snapshot.children[1].children[1].traits.self = snapshot.children[1]
    expect(function() nav.app { restore = snapshot } end)
      :toFail("bad argument #1 to 'app' %(option 'restore': table nested too deeply %(or a cycle%) to be read%)")
  end)
end)

describe("restore searches into stacks and tabs", function()
  local A, B = nav.screen("A"), nav.screen("B")

  scenario("whether the snapshot says iterable or leaves it out, as Nivelir's iterator walks into every one", function()
    local app = nav.app { restore = { kind = "window", children = { { kind = "tabs", selectedIndex = 1, children = {
      { kind = "stack", children = { { kind = "modal", name = "A" }, { kind = "modal", name = "B" } } } } } } } }
    expect(app:top().name):toBe("B")
    expect(app:topStack()).never:toBeNil()
    expect(app:navigate(nav.route():last(A()):makeVisible())):toSucceed()
    expect(app:top().name):toBe("A")
    expect(app:snapshot().children[1].iterable):toBe(true)
    expect(app:snapshot().children[1].children[1].iterable):toBe(true)
  end)

  scenario("and refuses iterable = false on one as a change", function()
    local snapshot = nav.app { root = nav.stack { A() } }:snapshot()
    snapshot.children[1].iterable = false
    expect(function() nav.app { restore = snapshot } end)
      :toFail("restore.children[1]: iterable would be true, not false", true)
  end)
end)

describe("restore refuses what nothing else makes", function()
  scenario("a held link that is not a URL, a NaN trait, and traits past a screen's limits", function()
    local A = nav.screen("A")
    local app = nav.app { root = nav.stack { A { id = 1 } } }
    local function restored(change)
      local s = app:snapshot()
      change(s, s.children[1].children[1])
      return function() return nav.app { restore = s } end
    end
    expect(restored(function(s) s.pendingDeeplink = "not a url" end))
      :toFail("restore.pendingDeeplink must be a URL %(a string%) or nil, got 'not a url'")
    expect(restored(function(s) s.pendingDeeplink = "app://chat/1" end)).never:toFail()
    expect(restored(function(_, a) a.key, a.traits = nil, { id = 0 / 0 } end))
      :toFail("restore.children%[1%].children%[1%]: trait 'id' is NaN, which no screen's trait equals")
    local many = {}
    for i = 1, 256 do many["k" .. i] = i end
    expect(restored(function(_, a) a.key, a.traits = nil, many end)):toFail("traits hold more than a screen's may %(255 traits, 65536 bytes of text%)")
    many.k256 = nil
    expect(restored(function(_, a) a.key, a.traits = nil, many end)).never:toFail()
    expect(restored(function(_, a) a.key, a.traits = nil, { s = string.rep("x", 65536) } end)):toFail("traits hold more than a screen's may")
  end)
end)

scenario("restore refuses a key it would drop unseen: a trait [true], a field [false], a position 1.5", function()
  local Feed = nav.screen("Feed")
  local function edited(edit)
    local snapshot = nav.app { root = nav.stack { Feed() } }:snapshot()
    edit(snapshot.children[1].children[1], snapshot)
    return function() return nav.app { restore = snapshot } end
  end
  expect(edited(function(feed) feed.key, feed.traits = nil, { [true] = 7 } end))
    :toFail("restore.children%[1%].children%[1%]: a name in traits must be UTF%-8 text, got a boolean")
  expect(edited(function(feed) feed[false] = "typo" end))
    :toFail("restore.children%[1%].children%[1%]: a field's name must be UTF%-8 text, got a boolean")
  expect(edited(function(feed) feed.attributes = { [2.5] = "x" } end))
    :toFail("a name in attributes must be UTF%-8 text, got a number")
  expect(edited(function(_, snapshot) snapshot.children[1].children[1.5] = snapshot.children[1].children[1] end))
    :toFail("restore.children%[1%]: a name in children must be UTF%-8 text, got a number")
end)
