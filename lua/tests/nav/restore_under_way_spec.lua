-- Restoring an app caught while a transition animates: it goes on, and ends when the original's would.
local Feed, Chat, Settings = nav.screen("Feed"), nav.screen("Chat"), nav.screen("Settings")

describe("a presentation or dismissal caught mid-animation", function()
  scenario("a presentation caught mid-animation is restored under way, and ends when it would have", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app.navigator:navigate(nav.route():top(nav.stack):present(Chat():withModalPresentationStyle("fullScreen")))
    app:advance(0.2)
    local snapshot = app:snapshot()
    expect(snapshot.children[1].presented.presentationPhase):toBe("presenting")
    expect(snapshot.children[1].presented.presentationEnds):toBe(0.5)
    local copy = nav.app { restore = snapshot }
    expect(copy:snapshot()):toEqual(snapshot)
    -- Still animating in: another presentation is refused, as on the original.
    expect(copy:navigate(nav.route():top(nav.container):present(Settings()))):toFail("already presenting")
    copy:advance(0.3)
    app:advance(0.3)
    expect(copy:snapshot()):toEqual(app:snapshot())
    expect(copy:snapshot().children[1].presented.presentationPhase):toBe("presented")
    expect(copy:snapshot().children[1].isVisible):toBe(false)
  end)

  scenario("a presentation's end is its own, not that of a push queued behind it on the presenter", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app.navigator:navigate(nav.route():top(nav.stack):present(Chat()))
    app.navigator:navigate(nav.route():top(nav.stack):push(Settings()))
    app:advance(0.2)
    local snapshot = app:snapshot()
    expect(snapshot.children[1].presented.presentationEnds):toBe(0.5)
    local copy = nav.app { restore = snapshot }
    copy:advance(0.31)
    expect(copy:snapshot().children[1].presented.presentationPhase):toBe("presented")
  end)

  scenario("a dismissal caught mid-animation is restored under way, and removes the screen when it ends", function()
    local app = nav.app { root = nav.stack { Feed() }, presented = Chat() }
    app.navigator:navigate(nav.route():top(nav.stack):dismiss())
    app:advance(0.2)
    local snapshot = app:snapshot()
    expect(snapshot.children[1].presented.presentationPhase):toBe("dismissing")
    local copy = nav.app { restore = snapshot }
    expect(copy:snapshot()):toEqual(snapshot)
    expect(copy:top()):toShow(Chat())     -- as UIKit's presentedViewController until the dismissal ends
    copy:settle()
    app:settle()
    expect(copy.clock):toBe(0.5)
    expect(copy:snapshot()):toEqual(app:snapshot())
    expect(copy:snapshot().children[1].presented):toBeNil()
    expect(copy:top()):toShow(Feed())
  end)

  scenario("a chain caught while it is dismissed comes apart when the dismissal ends, restored or not", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.container):present(Chat()))
    app:navigate(nav.route():top(nav.container):present(Settings()))
    app.navigator:navigate(nav.route():root():dismiss())
    app:advance(0.2)
    local copy = nav.app { restore = app:snapshot() }
    local chat = copy.window.children[1].presented
    expect(chat.presented):toShow(Settings())
    copy:advance(0.5)
    app:advance(0.5)
    expect(chat.presented):toBeNil()
    expect(copy:snapshot()):toEqual(app:snapshot())
  end)
end)

describe("a tab selection caught mid-animation", function()
  scenario("is restored under way: the incoming tab is in the window, and is selected when the animation ends", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat() } } }
    app.navigator:navigate(nav.route():top(nav.tabs):selectTab(2, { animation = "crossDissolve" }))
    app:advance(0.1)
    local snapshot = app:snapshot()
    expect(snapshot.children[1].selectedIndex):toBe(1)
    expect(snapshot.children[1].incomingIndex):toBe(2)
    expect(snapshot.children[1].selectionEnds):toBe(0.3)
    local copy = nav.app { restore = snapshot }
    expect(copy:snapshot()):toEqual(snapshot)
    expect(copy:top()):toShow(Chat())          -- the incoming tab, as on the original
    expect(copy:topTabs().selectedIndex):toBe(1)
    copy:advance(0.2)
    app:advance(0.2)
    expect(copy:topTabs().selectedIndex):toBe(2)
    expect(copy:snapshot()):toEqual(app:snapshot())
    expect(copy:snapshot().children[1].incomingIndex):toBeNil()
  end)

  scenario("refuses the fields on a node that is not tabs, an end without a tab, and a tab out of range", function()
    local function restored(edit)
      local snapshot = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat() } } }:snapshot()
      edit(snapshot.children[1])
      return function() nav.app { restore = snapshot } end
    end
    expect(restored(function(tabs) tabs.children[1].incomingIndex = 1 end))
      :toFail("restore%.children%[1%]%.children%[1%]: incomingIndex must be left out: only tabs select, this is a stack")
    expect(restored(function(tabs) tabs.selectionEnds = 1 end))
      :toFail("restore%.children%[1%]: selectionEnds must be left out: it is for a tab animation under way %(incomingIndex%)")
    expect(restored(function(tabs) tabs.incomingIndex = 3 tabs.selectionEnds = 1 end)):toFail("incoming tab 3 out of range 1...2")
    expect(restored(function(tabs) tabs.incomingIndex = 0 end)):toFail("incomingIndex must be a whole number from 1")
    expect(restored(function(tabs) tabs.incomingIndex = 2 tabs.selectionEnds = "soon" end)):toFail("selectionEnds must be a number")
    -- Without an end it would end at once, and a snapshot of it would differ.
    expect(restored(function(tabs) tabs.incomingIndex = 2 end))
      :toFail("restore%.children%[1%]: incomingIndex needs selectionEnds, when the tab animation under way ends")
  end)
end)

scenario("restore refuses a field the restored app would have otherwise: a list with a hole, a table of both kinds, an end before the clock", function()
  local A, B = nav.screen("A"), nav.screen("B")
  local function restoring(edit)
    local snapshot = nav.app { root = nav.stack { A() } }:snapshot()
    edit(snapshot)
    return function() return nav.app { restore = snapshot } end
  end
  expect(restoring(function(s) s.children[1].children[1].attributes.c = { 1, nil, 3 } end))
    :toFail("restore%.children%[1%]%.children%[1%]: attributes would be { c = { 1, 3 } }, not { c = { 1, nil, 3 } }")
  expect(restoring(function(s) s.children[1].children[1].attributes.c = { 1, x = 3 } end))
    :toFail("attributes would be { c = { %[\"1\"%] = 1, x = 3 } }, not { c = { 1, x = 3 } }")
  expect(restoring(function(s)
    s.clock = 5
    s.children[1].presented = { kind = "modal", name = "B", presentationPhase = "presenting", presentationEnds = 1 }
  end)):toFail("restore%.children%[1%]%.presented: presentationEnds would be 5%.0, not 1")
  -- What the hierarchy decides is not read, and iterable = false on a modal container is
  -- the field left out (a stack is always iterable: restore_spec).
  local edited = restoring(function(s)
    s.children[1].presented = { kind = "modal", name = "B", iterable = false }
  end)()
  expect(edited:top()):toShow(B())
  expect(edited:snapshot().children[1].children[1].isTop):toBe(false)
end)

scenario("restore takes a snapshot made on the tick an animation ends, its end on the clock or a hair before it", function()
  local app = nav.app { root = nav.tabs { nav.stack { nav.screen("Feed")() }, nav.stack { nav.screen("Chats")() } } }
  app:advance(0.18)
  local presenting, selecting
  app.navigator:navigate(nav.route():wait(0.5):get(function() presenting = app:snapshot() end))
  app.navigator:navigate(nav.route():top(nav.stack):present(nav.screen("Chat")()))
  app:settle()
  expect(presenting.children[1].presented.presentationEnds):toBe(presenting.clock)   -- ends are on the clock's microseconds
  presenting.children[1].presented.presentationEnds = presenting.clock - 1e-7              -- as a sum of seconds could give it
  expect(nav.app { restore = presenting }:snapshot().children[1].presented.presentationEnds):toBe(presenting.clock)
  app = nav.app { root = nav.tabs { nav.stack { nav.screen("Feed")() }, nav.stack { nav.screen("Chats")() } } }
  app:advance(0.15)
  app.navigator:navigate(nav.route():wait(0.3):get(function() selecting = app:snapshot() end))
  app.navigator:navigate(nav.route():root(nav.tabs):selectTab(2, { animation = "crossDissolve" }))
  app:settle()
  expect(nav.app { restore = selecting }:snapshot().children[1].selectionEnds):toBe(selecting.clock)
end)

describe("a stack transition caught mid-animation", function()
  scenario("is restored under way: the old top stays in the window until the transition ends", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app.navigator:navigate(nav.route():top(nav.stack):push(Chat()))
    app:advance(0.1)
    local snapshot = app:snapshot()
    expect(snapshot.children[1].outgoingIndex):toBe(1)
    expect(snapshot.children[1].outgoingEnds):toBe(0.35)
    expect(snapshot.children[1].children[1].isVisible):toBe(true)
    local copy = nav.app { restore = snapshot }
    expect(copy:snapshot()):toEqual(snapshot)
    copy:advance(0.25)
    app:advance(0.25)
    expect(copy:snapshot()):toEqual(app:snapshot())
    expect(copy:snapshot().children[1].outgoingIndex):toBeNil()
    expect(copy:snapshot().children[1].children[1].isVisible):toBe(false)
  end)

  scenario("a stack restored mid-pop queues later transitions behind the pop, as the original does", function()
    local app = nav.app { root = nav.stack { Feed(), Chat() } }
    app.navigator:navigate(nav.route():top(nav.stack):pop())
    app:advance(0.1)
    local snapshot = app:snapshot()
    expect(snapshot.children[1].outgoingIndex):toBeNil()      -- the popped screen is in no tree
    expect(snapshot.children[1].outgoingEnds):toBe(0.35)
    local copy = nav.app { restore = snapshot }
    local ends = {}
    for i, each in ipairs { app, copy } do
      each.navigator:navigate(nav.route():top(nav.stack):push(Settings()), function() ends[i] = each.clock end)
      each:settle()
    end
    expect(ends[2]):toBe(ends[1])
  end)

  scenario("a restored stack queues later transitions behind the one under way, as the original does", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app.navigator:navigate(nav.route():top(nav.stack):push(Chat()))
    app:advance(0.1)
    local copy = nav.app { restore = app:snapshot() }
    for _, each in ipairs { app, copy } do each.navigator:navigate(nav.route():top(nav.stack):push(Settings())) end
    for _, at in ipairs { 0.2, 0.4 } do
      app:advance(0.2)
      copy:advance(0.2)
      expect(copy:snapshot()):toEqual(app:snapshot())
    end
  end)

  scenario("refuses the fields on a node that is not a stack, an end without a screen, and a screen out of range", function()
    local function restored(edit)
      local snapshot = nav.app { root = nav.stack { Feed(), Chat() } }:snapshot()
      edit(snapshot.children[1])
      return function() nav.app { restore = snapshot } end
    end
    expect(restored(function(stack) stack.children[1].outgoingIndex = 1 end))
      :toFail("restore%.children%[1%]%.children%[1%]: outgoingIndex must be left out: only a stack's transition takes a screen out, this is a modal")
    expect(restored(function(stack) stack.outgoingIndex = 3 stack.outgoingEnds = 1 end)):toFail("restore%.children%[1%]: outgoing screen 3 out of range 1...2")
    expect(restored(function(stack) stack.outgoingIndex = 0 end)):toFail("outgoingIndex must be a whole number from 1")
    expect(restored(function(stack) stack.outgoingIndex = 1 stack.outgoingEnds = "soon" end)):toFail("outgoingEnds must be a number")
    -- Without an end it would end at once, and a snapshot of it would differ.
    expect(restored(function(stack) stack.outgoingIndex = 1 end))
      :toFail("restore%.children%[1%]: outgoingIndex needs outgoingEnds, when the stack's transition under way ends")
    -- With one, the old top stays in the window until then.
    local snapshot = nav.app { root = nav.stack { Feed(), Chat() } }:snapshot()
    snapshot.children[1].outgoingIndex, snapshot.children[1].outgoingEnds = 1, 0.2
    local copy = nav.app { restore = snapshot }
    expect(copy.window.children[1].children[1].isVisible):toBe(true)
    copy:settle()
    expect(copy.window.children[1].children[1].isVisible):toBe(false)
  end)
end)

scenario("an animation's end is on the clock's microseconds, so a restored app goes on as the original does", function()
  local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
  local function run(app)
    app.navigator:navigate(nav.route():top(nav.stack):dismiss())
    app:advance(0.1)
    return app:snapshot()
  end
  local app = nav.app { root = nav.stack { Feed() } }
  app:advance(3.56)
  app:navigate(nav.route():top(nav.stack):present(Chat()))
  local copy = nav.app { restore = app:snapshot() }
  local original, restored = run(app), run(copy)
  expect(original.children[1].presented.presentationEnds):toBe(4.56)
  expect(restored):toEqual(original)
end)

scenario("restore refuses a presentation chain UIKit cannot have: over one presenting", function()
  local Feed = nav.screen("Feed")
  local snapshot = nav.app { root = nav.stack { Feed() } }:snapshot()
  local function node(name, phase, above) return { kind = "modal", name = name, presentationPhase = phase, presentationEnds = phase ~= "presented" and 0.5 or nil, presented = above } end
  snapshot.children[1].presented = node("Chat", "presenting", node("Settings", "presenting"))
  expect(function() return nav.app { restore = snapshot } end)
    :toFail("restore.children%[1%].presented: presented must be left out: UIKit presents nothing on a container whose presentation is under way")
end)

-- UIKit starts a dismissal below one under way, and a presentation above one (the bug
-- explore's built-in invariant looks for): an app that has either restores, and goes on as
-- the original does.
for _, case in ipairs {
  { "a dismissal under way above another", function(app, top, X)
      app.navigator:navigate(nav.route():first(X { n = 1 }):dismiss())
      app:advance(0.1)
      app.navigator:navigate(nav.route():root():dismiss())
    end },
  { "a presentation under way above a dismissal", function(app, top, X)
      app.navigator:navigate(nav.route():root():dismiss())
      app:advance(0.1)
      app.navigator:navigate(top:present(X { n = 4 }))
    end },
} do
  scenario("restore takes " .. case[1] .. ", as a live app has it", function()
    local Feed, X = nav.screen("Feed"), nav.screen("X")
    local top = nav.route():top(nav.container)
    local app = nav.app { root = nav.stack { Feed() } }
    for n = 1, 3 do assert(app:navigate(top:present(X { n = n }))) end
    case[2](app, top, X)
    app:advance(0.1)
    local restored = nav.app { restore = app:snapshot() }
    expect(restored:snapshot()):toEqual(app:snapshot())
    for _ = 1, 8 do
      app:advance(0.1)
      restored:advance(0.1)
      expect(restored:tree()):toBe(app:tree())
    end
    expect(app:top().name):toBe("Feed")
  end)
end

scenario("a chain restored while it is dismissed takes apart what it had, not what is presented on it after", function()
  local Feed, X = nav.screen("Feed"), nav.screen("X")
  local top = nav.route():top(nav.container)
  local app = nav.app { root = nav.stack { Feed() } }
  for n = 1, 3 do assert(app:navigate(top:present(X { n = n }))) end
  app.navigator:navigate(nav.route():first(X { n = 1 }):dismiss())
  app:advance(0.1)
  local restored = nav.app { restore = app:snapshot() }
  local results = {}
  for _, each in ipairs { app, restored } do
    results[#results + 1] = { each:navigate(top:present(X { n = 99 })) }
  end
  expect(results[2]):toEqual(results[1])
  expect(restored:tree()):toBe(app:tree())
end)

scenario("restore refuses an end further ahead than the clock can wait", function()
  local snapshot = nav.app { root = nav.stack { nav.screen("Feed")() } }:snapshot()
  snapshot.children[1].presented = { kind = "modal", name = "Chat", presentationPhase = "presenting", presentationEnds = 1e12 }
  expect(function() return nav.app { restore = snapshot } end)
    :toFail("restore.children%[1%].presented: presentationEnds would be 32000000000.0, not 1000000000000.0")
  snapshot.children[1].presented.presentationEnds = 3.2e10
  expect(nav.app { restore = snapshot }:snapshot().children[1].presented.presentationEnds):toBe(3.2e10)
end)
