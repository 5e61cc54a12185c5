-- Screen observation (Nivelir's ScreenObservation, observer tokens and predicates).
local ChatList = nav.screen("ChatList")
local Chat = nav.screen("Chat", { observer = "ChatObserver" })
local Feed = nav.screen("Feed", { observer = "FeedObserver" })

local function listener(log)
  return { didSendMessage = function(self, text) log[#log + 1] = text end }
end

local function chatOverList()
  local app = nav.app { root = nav.stack { ChatList() } }
  app:navigate(nav.route():top(nav.container):present(Chat { id = 7 }))
  return app, app.window.children[1], app:top()
end

describe("observation", function()
  scenario("a chat tells the list that a message was sent", function()
    local app, list, chat = chatOverList()
    local heard = {}
    app.navigator:observe("ChatObserver", listener(heard), { presentedOn = list })
    expect(chat:notify("didSendMessage", "Hi")):toBe(1)
    expect(heard):toEqual { "Hi" }
  end)

  scenario("presentedOn the window's root holds under a full-screen presentation, as UIKit's root has no parent", function()
    local app = nav.app { root = nav.stack { ChatList() } }
    local list = app.window.children[1]
    app:navigate(nav.route():top(nav.container):present(Chat { id = 7 }:withModalPresentationStyle("fullScreen")))
    expect(list.isVisible):toBe(false)
    local heard = {}
    app.navigator:observe("ChatObserver", listener(heard), { presentedOn = list })
    expect(app:top():notify("didSendMessage", "Hi")):toBe(1)
    expect(heard):toEqual { "Hi" }
  end)

  scenario("a screen notifies from its build function, before it has a container, as Nivelir's build gets its observation", function()
    local app = nav.app { root = nav.stack { ChatList() } }
    local any, byScreen = {}, {}
    app.navigator:observe("ChatObserver", listener(any))
    app.navigator:observe("ChatObserver", listener(byScreen), { screen = Chat { id = 9 } })
    local told
    local Loud = nav.screen("Chat", { observer = "ChatObserver", build = function(container) told = container:notify("didSendMessage", "built") end })
    expect(app:navigate(nav.route():top(nav.stack):push(Loud { id = 9 }))):toSucceed()
    -- No container yet: an observer by screen does not hear it; one without a predicate does.
    expect(told):toBe(1)
    expect(any):toEqual { "built" }
    expect(byScreen):toEqual {}
  end)

  scenario("only observers of the screen's observer type hear it", function()
    local app, _, chat = chatOverList()
    local chats, feeds = {}, {}
    app.navigator:observe("ChatObserver", listener(chats))
    app.navigator:observe("FeedObserver", listener(feeds))
    chat:notify("didSendMessage", "Hi")
    expect(chats):toEqual { "Hi" }
    expect(feeds):toEqual {}
  end)

  scenario("a dismissed screen stops being observed through presentedOn", function()
    local app, list, chat = chatOverList()
    local heard = {}
    app.navigator:observe("ChatObserver", listener(heard), { presentedOn = list })
    expect(app:navigate(nav.route():first(nav.stack):dismiss())):toSucceed()
    expect(chat:notify("didSendMessage", "late")):toBe(0)
    expect(heard):toEqual {}
  end)

  scenario("a cancelled token stops the observer", function()
    local app, _, chat = chatOverList()
    local heard = {}
    local token = app.navigator:observe("ChatObserver", listener(heard))
    expect(app.navigator.observerCount):toBe(1)
    token:cancel()
    expect(app.navigator.observerCount):toBe(0)
    chat:notify("didSendMessage", "Hi")
    expect(heard):toEqual {}
  end)

  scenario("a weak observer is told while the script holds it, and forgotten once collected, as Nivelir's observeWeakly", function()
    local app, _, chat = chatOverList()
    local heard = {}
    local kept = listener(heard)
    app.navigator:observeWeakly("ChatObserver", kept)
    app.navigator:observe("ChatObserver", listener(heard), nil, true)   -- observe(by:where:weakly: true)
    collectgarbage()
    collectgarbage()
    expect(app.navigator.observerCount):toBe(1)
    expect(chat:notify("didSendMessage", "Hi")):toBe(1)
    expect(heard):toEqual { "Hi" }
    kept = nil
    collectgarbage()
    collectgarbage()
    expect(chat:notify("didSendMessage", "again")):toBe(0)
    expect(app.navigator.observerCount):toBe(0)
  end)

  scenario("a table observed strongly once is kept, however else it is observed", function()
    local app, _, chat = chatOverList()
    local heard = {}
    app.navigator:observe("ChatObserver", listener(heard))
    local weak = listener(heard)
    app.navigator:observeWeakly("ChatObserver", weak)
    app.navigator:observe("ChatObserver", weak)
    weak = nil
    collectgarbage()
    collectgarbage()
    expect(chat:notify("didSendMessage", "Hi")):toBe(2)
    expect(function() app.navigator:observe("ChatObserver", {}, nil, "yes") end)
      :toFail("bad argument #4 to 'observe' %(boolean expected, got string%)")
  end)

  -- Nivelir makes its list of strong references before telling anyone (ScreenObservation's
  -- observers(...).forEach): one dropped while an earlier one runs is still told, then goes.
  scenario("a weak observer dropped while another is told is still told that time, and goes after", function()
    local app, _, chat = chatOverList()
    local heard = {}
    local weaks = {}
    for i = 1, 20 do weaks[i] = listener(heard) end
    app.navigator:observe("ChatObserver", { didSendMessage = function() weaks = nil; collectgarbage(); collectgarbage() end })
    for i = 1, 20 do app.navigator:observeWeakly("ChatObserver", weaks[i]) end
    local last = listener(heard)
    app.navigator:observeWeakly("ChatObserver", last)
    expect(chat:notify("didSendMessage", "Hi")):toBe(22)
    expect(#heard):toBe(21)
    for _, text in ipairs(heard) do expect(text):toBe("Hi") end
    collectgarbage(); collectgarbage()
    heard = {}
    expect(chat:notify("didSendMessage", "again")):toBe(2)
    expect(app.navigator.observerCount):toBe(2)
  end)

  scenario("a table whose strong observation is cancelled lives only as long as the script keeps it", function()
    local app, _, chat = chatOverList()
    local heard = {}
    local observer = listener(heard)
    local token = app.navigator:observe("ChatObserver", observer)
    app.navigator:observeWeakly("ChatObserver", observer)
    token:cancel()
    expect(chat:notify("didSendMessage", "kept")):toBe(1)
    observer = nil
    collectgarbage()
    collectgarbage()
    expect(chat:notify("didSendMessage", "gone")):toBe(0)
    expect(heard):toEqual { "kept" }
    expect(app.navigator.observerCount):toBe(0)
  end)

  scenario("screen, pushedInto and satisfiedAny choose which screens an observer hears", function()
    local app = nav.app { root = nav.stack { ChatList(), Chat { id = 1 }, Chat { id = 2 } } }
    local stack = app.window.children[1]
    local one, two = {}, {}
    app.navigator:observe("ChatObserver", listener(one), { screen = Chat { id = 1 } })
    app.navigator:observe("ChatObserver", listener(two), { satisfiedAny = { { screen = Chat { id = 2 } }, { pushedAfter = stack.children[2] } } })
    stack.children[2]:notify("didSendMessage", "to one")
    stack.children[3]:notify("didSendMessage", "to two")
    expect(one):toEqual { "to one" }
    expect(two):toEqual { "to two" }
    local inStack = {}
    app.navigator:observe("ChatObserver", listener(inStack), { pushedInto = stack })
    expect(stack.children[3]:notify("didSendMessage", "x")):toBe(2)
  end)

  scenario("any, and pushedInto a list of stacks, as Nivelir's .any and pushed(into: [...])", function()
    local app = nav.app { root = nav.tabs { nav.stack { ChatList(), Chat { id = 1 } }, nav.stack { Chat { id = 2 } } } }
    local tabs = app.window.children[1]
    local heard, anyOrOne = {}, {}
    app.navigator:observe("ChatObserver", listener(heard), { pushedInto = { tabs.children[1], tabs.children[2] } })
    app.navigator:observe("ChatObserver", listener(anyOrOne), { satisfiedAny = { { any = true }, { screen = Chat { id = 1 } } } })
    tabs.children[2].children[1]:notify("didSendMessage", "second tab")
    expect(heard):toEqual { "second tab" }
    expect(anyOrOne):toEqual { "second tab" }
    expect(function() app.navigator:observe("ChatObserver", {}, { any = false }) end):toFail("field 'any' must be true")
    expect(function() app.navigator:observe("ChatObserver", {}, { pushedInto = { 5 } }) end)
      :toFail("field 'pushedInto' must be a stack Container or a list of Containers %(got number at 1%)")
  end)

  scenario("an observer is told once, with the arguments given", function()
    local app, _, chat = chatOverList()
    local seen
    local observer = { didRead = function(self, id, count) seen = { id, count } end }
    app.navigator:observe("ChatObserver", observer)
    app.navigator:observe("ChatObserver", observer)
    expect(chat:notify("didRead", 7, 3)):toBe(1)
    expect(seen):toEqual { 7, 3 }
  end)

  scenario("a missing method or a screen without an observer type is an error", function()
    local app, list, chat = chatOverList()
    app.navigator:observe("ChatObserver", {})
    expect(function() chat:notify("didSendMessage") end):toFail("the observer has no method 'didSendMessage'")
    expect(function() list.children[1]:notify("x") end):toFail("has no observation")
    expect(function() app.navigator:observe("ChatObserver", {}, { presentedOnn = list }) end):toFail("unknown field 'presentedOnn'")
  end)

  scenario("a screen's build function can keep its container and notify later", function()
    local built
    local Composer = nav.screen("Composer", { observer = "ChatObserver", build = function(container) built = container end })
    local app = nav.app { root = nav.stack { ChatList() } }
    local heard = {}
    app.navigator:observe("ChatObserver", listener(heard), { childOf = app.window.children[1] })
    app:navigate(nav.route():top(nav.stack):push(Composer()))
    built:notify("didSendMessage", "draft")
    expect(heard):toEqual { "draft" }
  end)

  scenario("pushedAfter the top of a stack hears a screen notifying while it is built, as Nivelir's nil == nil", function()
    local app = nav.app { root = nav.stack { ChatList() } }
    local list = app.window.children[1].children[1]
    local heard, afterList = {}, {}
    local Loud = nav.screen("Loud", { observer = "ChatObserver", build = function(container) container:notify("didSendMessage", "building") end })
    app.navigator:observe("ChatObserver", listener(heard), { pushedAfter = list })
    app:navigate(nav.route():top(nav.container):present(Loud()))
    expect(heard):toEqual { "building" }
    -- Once something is pushed after the list, only what is there is heard.
    app.navigator:observe("ChatObserver", listener(afterList), { pushedAfter = list, recursively = false })
    app:navigate(nav.route():top(nav.container):dismiss())
    app:navigate(nav.route():top(nav.stack):push(Chat { id = 1 }))
    app:navigate(nav.route():top(nav.container):present(Loud()))
    expect(afterList):toEqual {}
  end)

  scenario("pushedInto takes a list of one container as Nivelir's pushed(into: [UIViewController]), and a stack alone", function()
    local app = nav.app { root = nav.stack { ChatList(), Chat { id = 1 }, Chat { id = 2 } } }
    local screens = app:topStack().children
    local heard = {}
    app.navigator:observe("ChatObserver", listener(heard), { pushedInto = { screens[3] } })
    expect(screens[3]:notify("didSendMessage", "to the third")):toBe(1)
    expect(screens[2]:notify("didSendMessage", "to the second")):toBe(0)
    expect(heard):toEqual { "to the third" }
    expect(function() app.navigator:observe("ChatObserver", listener({}), { pushedInto = screens[2] }) end)
      :toFail("field 'pushedInto' must be a stack Container or a list of Containers, got <UIViewController: Chat(id=1)>")
    expect(function() app.navigator:observe("ChatObserver", listener({}), { pushedInto = { stack = app:topStack() } }) end)
      :toFail("field 'pushedInto' must be a stack Container or a list of Containers, one or more")
    expect(function() app.navigator:observe("ChatObserver", listener({}), { pushedInto = {} }) end)
      :toFail("field 'pushedInto' must be a stack Container or a list of Containers, one or more")
    -- A table of names where a list of predicates goes is no list.
    expect(function() app.navigator:observe("ChatObserver", listener({}), { satisfiedAll = { screen = Chat { id = 1 } } }) end)
      :toFail("field 'satisfiedAll' must be a list of tables")
  end)

  scenario("an observer without the method notified is said at the line that notifies", function()
    local app = chatOverList()
    local heard = {}
    app.navigator:observe("ChatObserver", listener(heard))
    app.navigator:observe("ChatObserver", { other = function() end })
    expect(function() app:top():notify("didSendMessage", "x") end):toFail("observation_spec.lua:%d+: the observer has no method 'didSendMessage'")
    -- Said before any observer is told: the first heard nothing.
    expect(heard):toEqual {}
    -- A method an observer inherits through its metatable is its own.
    local base = { didSendMessage = function(_, text) heard[#heard + 1] = "inherited " .. text end }
    local app2 = chatOverList()
    app2.navigator:observe("ChatObserver", setmetatable({}, { __index = base }))
    expect(app2:top():notify("didSendMessage", "y")):toBe(1)
    expect(heard):toEqual { "inherited y" }
  end)
end)

describe("observer predicates", function()
  scenario("take view controllers where Nivelir does: the window only for visible, recursively only with a relation", function()
    local app = chatOverList()
    local observe = function(predicate) return app.navigator:observe("ChatObserver", listener({}), predicate) end
    for _, name in ipairs { "childOf", "presentedOn", "pushedAfter" } do
      expect(function() observe { [name] = app.window } end):toFail("field '" .. name .. "' must be a Container other than the window")
    end
    expect(function() observe { pushedInto = { app.window } } end)
      :toFail("field 'pushedInto' must list Containers other than the window %(the window at 1%)")
    expect(function() observe { recursively = false } end)
      :toFail("field 'recursively' goes with presentedOn, childOf, pushedInto or pushedAfter")
    expect(observe { visible = app.window }):toBeTruthy()
    expect(observe { childOf = app.window.children[1], recursively = false }):toBeTruthy()
  end)
end)
