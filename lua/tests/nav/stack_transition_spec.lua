-- While UIKit's own push, pop or setViewControllers animates, the screen that was on top
-- keeps its view in the window beside the new top's (Nivelir's isVisible is view.window ~= nil),
-- until the transition ends and before its completion runs.
local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")

describe("a stack's old top during the transition", function()
  scenario("a push keeps it visible and findable until the push ends", function()
    local app = nav.app { root = nav.stack { A() } }
    local a = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):push(B()))
    app:advance(0.2)
    expect(a.isVisible):toBe(true)
    expect(a.window == app.window):toBe(true)
    expect(app:top()):toShow(B())                              -- the new top is the top
    expect(app:navigate(nav.route():top(A()))):toSucceed()     -- and the old one is on screen: top(A) finds it
    app:advance(0.15)
    expect(a.isVisible):toBe(false)
    expect(app:navigate(nav.route():top(A()))):toFail("No container")
  end)

  scenario("a pop keeps the popped screen visible, out of the stack, until the pop ends", function()
    local app = nav.app { root = nav.stack { A(), B() } }
    local b = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):pop())
    app:advance(0.2)
    expect(b.isVisible):toBe(true)
    expect(b.window == app.window):toBe(true)
    expect(b.parent):toBeNil()                                   -- out of viewControllers at once
    expect(#app:topStack().children):toBe(1)
    app:settle()
    expect(b.isVisible):toBe(false)
    expect(b.window):toBeNil()
  end)

  scenario("the completion runs once the old top is out of the window", function()
    local app = nav.app { root = nav.stack { A() } }
    local a, seen = app:top(), nil
    app.navigator:navigate(nav.route():top(nav.stack):push(B()), function() seen = a.isVisible end)
    app:settle()
    expect(seen):toBe(false)
  end)

  scenario("no transition, no old top on screen: unanimated, custom, or a stack out of the window", function()
    local app = nav.app { root = nav.tabs { nav.stack { A() }, nav.stack { C() } } }
    local a = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):push(B(), { animation = false }))
    expect(a.isVisible):toBe(false)
    local b = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):push(C(), { animation = "crossDissolve" }))
    app:advance(0.1)
    expect(b.isVisible):toBe(false)
    app:settle()
    local hidden = app:topTabs().children[2].children[1]
    app.navigator:navigate(nav.route():first(nav.tabs):selectTab(1, { kind = "stack" }, function(s) return s:popToRoot() end))
    app:settle()
    local stack2 = app:topTabs().children[2]
    app.navigator:navigate(nav.route():from(stack2):push(A()))
    expect(hidden.isVisible):toBe(false)                         -- an unselected tab: UIKit runs no transition
  end)

  scenario("a popped screen held after its app is gone is simply not visible", function()
    local b
    do
      local app = nav.app { root = nav.stack { A(), B() } }
      b = app:top()
      app.navigator:navigate(nav.route():top(nav.stack):pop())
      app:advance(0.1)
      expect(b.isVisible):toBe(true)
    end
    nav.app():top()                                              -- the runtime holds the last app used
    collectgarbage()
    collectgarbage()
    expect(b.isVisible):toBe(false)
  end)

  scenario("a popped screen pushed elsewhere while the pop runs is where it was pushed", function()
    local app = nav.app { root = nav.tabs { nav.stack { A(), B() }, nav.stack { C() } } }
    local b = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):pop())
    app:advance(0.1)
    expect(app:navigate(nav.route():first(nav.tabs):selectTab(2, { kind = "stack" }, function(s) return s:push(b) end))):toSucceed()
    expect(b.parent == app:topTabs().children[2]):toBe(true)
    expect(b.isVisible):toBe(true)
    app:settle()
    expect(b.isVisible):toBe(true)
  end)
end)

describe("a stack's old top, when transitions queue or screens move", function()
  scenario("a push queued behind another takes its old top out when it starts", function()
    local app = nav.app { root = nav.stack { A() } }
    local a = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):push(B()))
    app:advance(0.1)
    local b = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):push(C()))
    app:advance(0.1)
    expect(a.isVisible):toBe(true)            -- the first push runs until 0.35
    app:advance(0.2)
    expect(a.isVisible):toBe(false)
    expect(b.isVisible):toBe(true)            -- the second runs from 0.35 to 0.7
    app:settle()
    expect(b.isVisible):toBe(false)
  end)

  scenario("a popped screen pushed back and popped at once is out of the window", function()
    local app = nav.app { root = nav.stack { A(), B() } }
    local b = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):pop())
    app:advance(0.01)
    app.navigator:navigate(nav.route():top(nav.stack):push(b, { animation = false }))
    expect(app:snapshot().children[1].outgoingIndex):toBeNil()   -- the top again, not leaving
    app.navigator:navigate(nav.route():top(nav.stack):pop({ animation = false }))
    expect(b.isVisible):toBe(false)
  end)
end)

describe("a popped screen while its pop animates", function()
  scenario("placed elsewhere and removed again before a queued pop starts, it is not taken out", function()
    local top = function() return nav.route():top(nav.stack) end
    local app = nav.app { root = nav.tabs { nav.stack { A(), B() }, nav.stack { C() } } }
    app.navigator:navigate(top():push(C()))
    app:advance(0.1)
    local c = app:top()
    app.navigator:navigate(top():pop())                          -- queued: starts at 0.35
    app:navigate(nav.route():first(nav.tabs):selectTab(2, { kind = "stack" }, function(s) return s:push(c, { animation = false }) end))
    app:navigate(nav.route():first(nav.tabs):selectTab(2, { kind = "stack" }, function(s) return s:pop({ animation = false }) end))
    app:navigate(nav.route():first(nav.tabs):selectTab(1))
    app:advance(0.3)
    expect(c.isVisible):toBe(false)
  end)

  scenario("presents nothing: it is on its way out of the window", function()
    local app = nav.app { root = nav.stack { A(), B() } }
    local b = app:top()
    app.navigator:navigate(nav.route():top(nav.stack):pop())
    app:advance(0.1)
    expect(b.isVisible):toBe(true)
    expect(app:navigate(nav.route():from(b):present(C())))
      :toFail("^The container <UIViewController: B> is already presenting another container for:\n  ScreenPresentAction<C, UIViewController>%(screen: C, animated: true%)$")
  end)
end)

scenario("a pop queued behind a presentation keeps the popped screen in the window from the call to its end", function()
  local app = nav.app { root = nav.stack { A(), B() } }
  local b = app:top()
  app.navigator:navigate(nav.route():top(nav.stack):present(C()))
  app.navigator:navigate(nav.route():first(nav.stack):pop())
  for _ = 1, 16 do
    app:advance(0.05)
    expect(b.isVisible):toBe(true)       -- until 0.85: the presentation, then the pop
  end
  app:advance(0.05)
  expect(b.isVisible):toBe(false)
end)
