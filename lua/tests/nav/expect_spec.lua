-- The scenario runtime's matchers, hooks and extensions: what a failure says, and that
-- each one passes and fails when it should.
local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")

-- The message a failing expectation raises.
local function failure(fn)
  local ok, err = pcall(fn)
  assert(not ok, "the expectation held")
  return tostring(err)
end

describe("matchers", function()
  scenario("one that does not exist is named, with those that do", function()
    local message = failure(function() expect(1):toBeEqual(1) end)
    expect(message):toMatch("expect_spec%.lua:%d+: expect%(value%):toBeEqual is not a matcher: did you mean toEqual%? %(toBe, toBeCloseTo,")
    expect(failure(function() expect(1).never:toEqaul(2) end)):toContain("toEqaul is not a matcher: did you mean toEqual?")
    -- Jest's names for matchers that have another here.
    expect(failure(function() expect(error):toThrow("x") end)):toContain("expect(value):toThrow is not a matcher: Jest's toThrow is toFail(pattern) here (toBe, ")
    expect(failure(function() expect(1).never:toBeDefined() end)):toContain("expect(value).never:toBeDefined is not a matcher: Jest's toBeDefined is .never:toBeNil() here")
    expect(failure(function() expect(1):toFrobnicate() end)):toContain("expect(value):toFrobnicate is not a matcher (toBe, ")
    expect(failure(function() expect(0 / 0):toBeNaN() end)):toContain("Jest's toBeNaN is toEqual(0/0) (toEqual takes two NaNs as equal) here")
    expect(failure(function() expect({ { a = 1 } }):toContainEqual({ a = 1 }) end)):toContain("Jest's toContainEqual is toContain (it compares tables by contents) here")
    expect(failure(function() expect("x"):toMatchInlineSnapshot() end)):toContain("Jest's toMatchInlineSnapshot is toMatchSnapshot() (kept in a file beside the scenarios) here")
  end)

  scenario("truthiness and nil", function()
    expect(1):toBeTruthy()
    expect(false):toBeFalsy()
    expect(nil):toBeFalsy()
    expect(nil):toBeNil()
    expect(0).never:toBeNil()
    expect(failure(function() expect(nil):toBeTruthy() end)):toMatch("expect(value):toBeTruthy() failed\n  expected: a value other than nil and false\n  received: nil")
    expect(failure(function() expect(3).never:toBeTruthy() end)):toContain("expect(value).never:toBeTruthy() failed")
  end)

  scenario("numbers", function()
    expect(0.1 + 0.2):toBeCloseTo(0.3)
    expect(0.3001):toBeCloseTo(0.3, 3)
    expect(1.5).never:toBeCloseTo(1.6)
    expect(3):toBeGreaterThan(2)
    expect(3):toBeGreaterThanOrEqual(3)
    expect(2):toBeLessThan(3)
    expect(2):toBeLessThanOrEqual(2)
    expect(failure(function() expect(2):toBeGreaterThan(5) end)):toContain("expect(value):toBeGreaterThan(5) failed\n  expected: more than 5\n  received: 2")
    expect(failure(function() expect("2"):toBeLessThan(5) end)):toContain("toBeLessThan needs a number, got string")
    -- Equal infinities are close, as in Jest; what is compared with must be a number.
    expect(math.huge):toBeCloseTo(math.huge)
    expect(-math.huge).never:toBeCloseTo(math.huge)
    expect(failure(function() expect(0.3):toBeCloseTo() end)):toMatch("expect_spec.lua:%d+: expect%(value%):toBeCloseTo needs a number to compare with, got nil")
    expect(failure(function() expect(0.3):toBeCloseTo("0.3") end)):toContain("toBeCloseTo needs a number to compare with, got string")
    expect(failure(function() expect(1):toBeGreaterThan(nil) end)):toContain("toBeGreaterThan needs a number to compare with, got nil")
  end)

  scenario("matchers say what they need", function()
    expect(failure(function() expect(42):toShow(Chat()) end)):toMatch("expect_spec.lua:%d+: expect%(value%):toShow needs a Container or an App, got number")
    expect(failure(function() expect(nav.app()):toShow(42) end)):toContain("toShow needs a Screen, a screen type or a name to look for, got number")
    expect(failure(function() expect(Feed()):toMatch("x") end)):toContain("toMatch needs a string, got Screen")
    expect(failure(function() expect("a"):toMatch() end)):toMatch("expect_spec.lua:%d+: expect%(value%):toMatch needs a string as the pattern, got nil")
    expect(failure(function() expect({ 1 }):toHaveLength() end)):toContain("toHaveLength needs a whole number as the length, got nil")
    expect(failure(function() expect({}):toHaveLogged(5) end)):toContain("toHaveLogged needs a string as the pattern, got number")
    -- An entry of several lines keeps them under it, not where a diff's lines go.
    expect(failure(function() expect({ "Setting stack with modifiers:\n- Push B" }):toHaveLogged("x") end))
      :toContain("  log:\n    Setting stack with modifiers:\n      - Push B")
    expect(failure(function() expect({ 1 }):toHaveLength("1") end)):toContain("toHaveLength needs a whole number as the length, got string")
    local item = { name = "x" }
    expect(failure(function() expect({ "x" }).never:toContain(item.nmae) end))
      :toMatch("expect_spec.lua:%d+: expect%(value%):toContain on a table needs an item that is not nil %(no table holds one%), got nil")
    expect(failure(function() expect({}):toHaveTransitions("push") end)):toContain("toHaveTransitions needs a list of kinds, got string")
    expect(failure(function() expect(function() error("x") end):toFail({}) end)):toContain("toFail needs a string as the pattern, or none, got table")
    expect(failure(function() expect("x"):toMatchSnapshot(true) end)):toContain("toMatchSnapshot needs a name that is a non-empty string, or none, got boolean")
  end)

  scenario("a table whose __len gives no whole number is shown by its raw length", function()
    local odd = setmetatable({ 1, 2 }, { __len = function() return "two" end })
    local half = setmetatable({ 1, 2 }, { __len = function() return 2.5 end })
    local broken = setmetatable({ 1, 2 }, { __len = function() error("no length") end })
    expect(failure(function() expect(odd):toBe({}) end)):toMatch("expect_spec.lua:%d+: expect%(value%):toBe%(expected%) failed\n  expected: {}\n  received: {1, 2}")
    expect(failure(function() expect(broken):toBe(1) end)):toContain("received: {1, 2}")
    expect(failure(function() expect(half):toContain(9) end)):toContain("  item: 9\n  not found in: {1, 2}")
    -- As Jest's, toHaveLength needs the value's own length to be a number.
    expect(failure(function() expect(odd):toHaveLength(2) end)):toMatch("expect_spec.lua:%d+: expect%(value%):toHaveLength needs a value whose length %(#%) is a number, got string")
    expect(failure(function() expect(half):toHaveLength(2) end)):toContain("  expected length: 2\n  received length: 2.5\n  value: {1, 2}")
  end)

  scenario("a failure names the line of the expect, even from a tail call", function()
    local function check(value) return expect(value):toBe(2) end
    expect(failure(function() check(1) end)):toMatch("^[^\n]*expect_spec.lua:86: expect%(value%):toBe%(expected%) failed")
    expect(failure(function() return expect(1).never:toBe(1) end)):toMatch("^[^\n]*expect_spec.lua:88: expect%(value%).never:toBe")
  end)

  scenario("a matcher called with a dot says to use a colon", function()
    expect(failure(function() expect(1).toBe(2) end)):toContain("expect(value).toBe(...) is called with a dot: write expect(value):toBe(...)")
    expect.extend { toBeOdd = function(n) return n % 2 == 1 end }
    expect(failure(function() expect(1).toBeOdd() end)):toContain("write expect(value):toBeOdd(...)")
  end)

  scenario("messages show what was given", function()
    expect(failure(function() expect(nav.app()):toShow(nil) end)):toContain("toShow needs a Screen, a screen type or a name to look for, got nil")
    expect(failure(function() expect({ 1 }).never:toEqual({ 1 }) end)):toContain("  expected: not {1}\n  received: {1}")
    expect(failure(function() expect(0.1 + 0.2):toBe(0.3) end)):toContain("  expected: 0.3\n  received: 0.30000000000000004")
    expect(failure(function() expect(0 / 0):toBe(1) end)):toContain("  received: nan")
    expect(failure(function() expect(0 / 0):toBe(0 / 0) end)):toContain("NaN is never == NaN")
    expect(failure(function() expect({ 1 }):toBe({ 1 }) end)):toContain("two tables with the same contents: toBe compares identity, toEqual compares contents")
    local app = nav.app { root = nav.stack { Feed() } }
    expect(failure(function() expect(app:top()):toBe(Feed()) end)):toContain("a Container never equals a Screen: expect(container):toShow(screen)")
    expect(failure(function() expect(Feed):toEqual(app:top()) end)):toContain("a Container never equals a Screen")
    -- A navigation started without waiting shows once the run loop settles: the failure says so.
    local tabs = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat() } } }
    tabs.navigator:navigate(nav.route():top(nav.tabs):selectTab(2, { kind = "stack" }, function(s) return s:push(Feed()) end))
    expect(failure(function() expect(tabs):toShow(Feed) end)):toContain("(work is still scheduled on the app's run loop: app:settle() runs it to the end)")
    tabs:settle()
    expect(tabs):toShow(Feed)
    -- NaN equals NaN in deep equality, as Jest's Object.is has it.
    expect(0 / 0):toEqual(0 / 0)
    expect({ 0 / 0 }):toEqual({ 0 / 0 })
    expect({ 0 / 0 }):toContain(0 / 0)
    -- Paths of keys that are not names or whole numbers.
    expect(failure(function() expect({ [1.5] = "a", ["a b"] = 1, [true] = 1 }):toEqual({ [1.5] = "b", ["a b"] = 2, [true] = 2 }) end))
      :toContain('at [1.5]: expected "b", received "a"')
    expect(failure(function() expect({ ["a b"] = 1 }):toEqual({ ["a b"] = 2 }) end)):toContain('at ["a b"]: expected 2, received 1')
    expect(failure(function() expect({ [true] = 1 }):toEqual({ [true] = 2 }) end)):toContain("at [true]: expected 2, received 1")
    expect(failure(function() expect(1.0):toBeCloseTo(1, 1.5) end)):toContain("toBeCloseTo needs a whole number of digits, got number")
    expect(failure(function() expect(1):toFail() end)):toContain("toFail needs a function or a navigation's result, got number")
    expect(failure(function() expect(false):toSucceed() end)):toContain("received false with no error")
    expect(failure(function() expect(function() error("x") end).never:toFail() end)):toContain("  expected no failure\n  failed with:")
  end)

  scenario("toFail matches the message with or without the line an error put before it", function()
    -- a message that does not match fails, with or without a line before it
    expect(failure(function() expect(false, "No container of X type found"):toFail("something else") end)):toContain("expect(value):toFail(pattern) failed")
    expect(failure(function() expect(function() error("kaboom") end):toFail("boom!") end)):toContain("toFail(pattern) failed")
    expect(false, { code = 1 }):toFail()
    expect(failure(function() expect(false, { code = 1 }):toFail("code") end)):toContain("toFail(pattern) failed")
    expect(function() error("kaboom") end):toFail("^kaboom$")
    expect(function() error("kaboom") end):toFail("expect_spec.lua:%d+: kaboom")
    expect(function() error("kaboom", 0) end):toFail("^kaboom$")
  end)

  scenario("apps and containers are equal when their trees are", function()
    local one = nav.app { root = nav.stack { Feed(), Chat { chatId = 1 } } }
    local two = nav.app { root = nav.stack { Feed(), Chat { chatId = 1 } } }
    expect(one):toEqual(two)
    expect(one:top()):toEqual(two:top())
    expect({ one:top() }):toEqual({ two:top() })
    two:navigate(nav.route():top(nav.stack):push(Chat { chatId = 2 }))
    expect(one).never:toEqual(two)
    expect(failure(function() expect(one):toEqual(two) end)):toContain("  - expected\n  + received")
    expect(failure(function() expect(one):toEqual(two) end)):toContain("  -    └─ modal Chat(chatId=2) ← top")
  end)

  scenario("a stack shows its top screen and tabs their selected one; a name is a screen type", function()
    local app = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Feed(), Chat { chatId = 3 } }, selected = 2 } }
    expect(app:topStack()):toShow(Chat { chatId = 3 })
    expect(app:topTabs()):toShow(Chat)
    expect(app:topTabs()):toShow("Chat")
    expect(app:topStack()).never:toShow(Feed)
    expect(app.window.children[1].children[1]):toShow(Feed())
  end)

  scenario("toShow with a screen type matches any screen of that name", function()
    local app = nav.app { root = nav.stack { Feed(), Chat { chatId = 3 } } }
    expect(app):toShow(Chat)
    expect(app:top()):toShow(Chat { chatId = 3 })
    expect(app).never:toShow(Feed)
    expect(failure(function() expect(app):toShow(Feed) end)):toContain("toShow(any Feed) failed\n  expected: any Feed\n  received: Chat(chatId=3)")
    -- A stack is named with the screen it shows.
    expect(failure(function() expect(app:topStack()):toShow(Feed) end)):toContain("  received: Chat(chatId=3) (shown by the stack)")
    -- An empty stack shows nothing, and says so.
    local empty = nav.app { root = nav.stack {} }
    expect(failure(function() expect(empty:topStack()):toShow(Feed) end)):toContain("  received: nothing (the stack shows no screen)")
  end)

  scenario("transitions and log lines", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(nav.route():top(nav.stack):push(Chat()))
    app:navigate(nav.route():top(nav.stack):present(Feed()))
    expect(app):toHaveTransitions { "push", "present" }
    expect(app.transitions):toHaveTransitions { "push", "present" }
    expect(app):toHaveLogged("Presenting Feed")
    expect(app).never:toHaveLogged("Dismissing")
    expect(failure(function() expect(app):toHaveTransitions { "pop" } end)):toContain('expected: {"pop"}\n  received: {"push", "present"}')
  end)

  scenario("a failed navigation explains itself", function()
    local app = nav.app { root = nav.stack { Feed() } }
    local route = nav.route():top(nav.tabs):selectTab(1)
    expect(app:navigate(nav.route():top(nav.stack):push(Chat()))):toSucceed()
    local said = failure(function() expect(app:navigate(route)):toSucceed() end)
    expect(said):toContain("expect(value):toSucceed() failed\n  No container of UITabBarController type found")
    expect(said):toContain("└─ modal Chat")                      -- the hierarchy
    local viaToBe = failure(function() expect(app:navigate(route)):toBe(true) end)
    expect(viaToBe):toContain("given with it: No container of UITabBarController type found")
    -- Any failure value with its error, as Lua's functions give them, shows the error.
    expect(failure(function() expect(pcall(error, "boom", 0)):toBe(true) end)):toContain("\n  given with it: boom")
    expect(failure(function() expect(nil, "no such file"):toBeTruthy() end)):toContain("\n  given with it: no such file")
    -- A short one that the detail holds in a word, and one that is no text, are shown too.
    expect(failure(function() expect(false, "e"):toBe(true) end)):toContain("received: false\n  given with it: e")
    expect(failure(function() expect(pcall(error, { code = 1 })):toBe(true) end)):toContain("\n  given with it: {code = 1}")
    expect(failure(function() expect(1, "the count of chats"):toBe(2) end)):toContain("received: 1\n  given with it: the count of chats")
    expect(app:navigate(route)).never:toSucceed()
    expect(app:settle()):toSucceed()
  end)

  scenario("a long text or a big table is shown in part, saying how much there is", function()
    local said = failure(function() expect(string.rep("x", 100000)):toBe(string.rep("x", 99999) .. "y") end)
    expect(#said < 1000):toBe(true)
    expect(said):toContain('x"\n  (texts of 100000 and 100000 bytes; they first differ at byte 100000)')
    expect(said):toContain('  expected: …"' .. string.rep("x", 60) .. 'y"\n')
    local big = {}
    for i = 1, 5000 do big["k" .. i] = i end
    said = failure(function() expect(big):toBe(5) end)
    expect(#said < 1000):toBe(true)
    expect(said):toContain(", … (4970 more)}")
    -- Inside tables too: a path's two long texts are shown where they differ.
    said = failure(function() expect({ a = { string.rep("a", 500) .. "X" } }):toEqual({ a = { string.rep("a", 500) .. "Y" } }) end)
    expect(said):toContain('Y", received …"' .. string.rep("a", 60) .. 'X" (texts of 501 and 501 bytes; they first differ at byte 501)')
    said = failure(function() expect(string.rep("é", 1000)):toBe(1) end)
    expect(said):toContain(string.rep("é", 150) .. '"… (2000 bytes in all)')
  end)

  scenario("a table whose __pairs hides a key compares the same either way round", function()
    local hiding = { __pairs = function(t) return function() return nil end, t, nil end }
    expect(setmetatable({ a = 1 }, hiding)).never:toEqual({ a = 2 })
    expect({ a = 2 }).never:toEqual(setmetatable({ a = 1 }, hiding))
    expect({ a = 1 }):toEqual(setmetatable({ a = 1 }, hiding))
  end)

  scenario("two containers that print alike are told apart from equal ones", function()
    local Feed = nav.screen("Feed")
    local a, b = nav.app { root = Feed() }, nav.app { root = Feed() }
    expect(failure(function() expect(a:top()):toBe(b:top()) end))
      :toContain("\n  (two of them that print alike: toBe compares identity, toEqual compares their hierarchies)")
    expect(a:top()):toEqual(b:top())
  end)

  scenario("a matcher of no argument refuses one, as Jest's do", function()
    expect(failure(function() expect(true):toBeTruthy(false) end))
      :toContain("expect(value):toBeTruthy() takes no argument, got boolean (to compare with a value: toBe or toEqual)")
    expect(failure(function() expect(nil):toBeNil(5) end)):toContain("toBeNil() takes no argument, got number")
    expect(failure(function() expect(false).never:toBeFalsy({}) end)):toContain("toBeFalsy() takes no argument, got table")
    expect(nil):toBeNil(nil)
    expect(failure(function() expect(true):toSucceed("x") end)):toContain("toSucceed() takes no argument, got string")
  end)

  scenario("a key that is a keyword is written as a key, not a name", function()
    expect(failure(function() expect({ ["end"] = 1 }):toEqual({ ["end"] = 2 }) end)):toContain('at ["end"]: expected 2, received 1')
    expect(failure(function() expect({ ["end"] = 1 }):toBe(2) end)):toContain('received: {["end"] = 1}')
  end)

  scenario("text differences have a legend, expected first", function()
    local said = failure(function() expect("a\nb"):toEqual("a\nc") end)
    expect(said):toContain("  - expected\n  + received\n    a\n  - c\n  + b")
  end)
end)

describe("expect.extend", function()
  expect.extend {
    toBeEven = function(received) return received % 2 == 0, "expected an even number, got " .. tostring(received) end,
    toHaveKey = function(received, key) return received[key] ~= nil, function() return "no key " .. key end end,
  }

  scenario("adds matchers with their failure messages", function()
    expect(4):toBeEven()
    expect(3).never:toBeEven()
    expect({ a = 1 }):toHaveKey("a")
    expect(failure(function() expect(3):toBeEven() end)):toMatch("expect_spec.lua:%d+: expect%(value%):toBeEven%(%) failed\n  expected an even number, got 3")
    expect(failure(function() expect({}):toHaveKey("b") end)):toContain("expect(value):toHaveKey(\"b\") failed\n  no key b")
    expect(function() expect.extend { toBe = function() end } end):toFail("'toBe' is a built-in matcher")
  end)

  -- As Jest's: a message function learns whether the expect was negated (this.isNot), and pass is a boolean.
  scenario("a message function is told the expect was negated, a pass that is not true or false is refused, nothing too, and Jest's table is taken", function()
    expect.extend {
      toBeSmall = function(n) return n < 10, function(negated) return negated and "expected a big number" or "expected a small number" end end,
      toSayYes = function() return "yes" end, toForget = function() end,
      toBeNothing = function(value) return { pass = value == nil, message = "expected nothing" } end,
    }
    expect(failure(function() expect(1).never:toBeSmall() end)):toContain("expected a big number")
    expect(failure(function() expect(11):toBeSmall() end)):toContain("expected a small number")
    expect(failure(function() expect(1):toSayYes() end)):toContain("expect(value):toSayYes(): the matcher must return true or false first (or { pass = true or false, message = ... }), got string")
    expect(nil):toBeNothing() expect(failure(function() expect(1).never:toForget() end)):toContain("got nothing (a forgotten return?)") expect(failure(function() expect(1):toBeNothing() end)):toContain("expected nothing")
    expect(1).never:toBeNothing()
  end)

  -- As for a function of the file's own: level 2 names the line that called the matcher,
  -- level 1 the matcher's own, and level 0 no line.
  scenario("a matcher's error(message, 2) names the line of the expect, also under .never", function()
    expect.extend {
      toBeOdd = function(n, level)
        if type(n) ~= "number" then error("toBeOdd takes a number, got " .. type(n), level) end
        return n % 2 == 1, "expected an odd number"
      end,
    }
    local expectLine = tonumber(failure(function() expect(3):toBe(4) end):match(":(%d+):")) + 1
    expect(failure(function() expect("x"):toBeOdd(2) end)):toMatch("/expect_spec%.lua:" .. expectLine .. ": toBeOdd takes a number, got string$")
    expect(failure(function() expect("x").never:toBeOdd(2) end)):toMatch("/expect_spec%.lua:" .. expectLine + 1 .. ": toBeOdd takes a number, got string$")
    expect(failure(function() expect("x"):toBeOdd(1) end)):toMatch("/expect_spec%.lua:" .. expectLine - 5 .. ": toBeOdd takes a number, got string$")
    expect(failure(function() expect("x"):toBeOdd(0) end)):toBe("toBeOdd takes a number, got string")
    for _, n in ipairs { 1, 3 } do expect(n):toBeOdd(2) end
  end)
end)

describe("hooks", function()
  local order = {}
  before_all(function() order[#order + 1] = "outer before_all" end)
  setup(function() order[#order + 1] = "outer setup" end)
  before_each(function() order[#order + 1] = "outer before_each" end)

  describe("inner", function()
    before_all(function() order[#order + 1] = "inner before_all" end)
    before_each(function() order[#order + 1] = "inner before_each" end)
    after_all(function() assert(order[#order] == "inner after_each") end)

    scenario("run all the before_all hooks first, outermost first, once in the scenario's state", function()
      expect(order):toEqual { "outer before_all", "outer setup", "inner before_all", "outer before_each", "inner before_each" }
      order[#order + 1] = "body"
    end)

    after_each(function() order[#order + 1] = "inner after_each" end)
  end)

  teardown(function() assert(order[#order] == "inner after_each" or order[#order] == "outer before_each") end)
end)

describe("skip", function()
  scenario.skip("a skipped scenario does not run", function() error("ran") end)
  describe.skip("a skipped block", function()
    scenario("does not run either", function() error("ran") end)
  end)
  it.skip("it has .skip as scenario has", function() error("ran") end)
end)

describe("names", function()
  -- Each of busted's and Jest's names says its own name in its errors (the options are
  -- checked in Tests/NavScriptCLITests/AuthoringTests.swift, where a file loads).
  scenario("a definition inside a running scenario is refused under the name it was called by", function()
    expect(function() spec("inner", function() end) end):toFail("'spec' is not allowed inside a running scenario")
    expect(function() context("inner", function() end) end):toFail("'context' is not allowed inside a running scenario")
    expect(function() it.only("inner", function() end) end):toFail("'it.only' is not allowed inside a running scenario")
  end)
end)

describe("text and patterns", function()
  scenario("text that is not found and is no Lua pattern either says so", function()
    expect(failure(function() expect("abc"):toMatch("[a-") end)):toContain("(it is not a Lua pattern either: malformed pattern (missing ']'))")
    expect(failure(function() expect(function() error("boom") end):toFail("[") end)):toContain("(it is not a Lua pattern either: malformed pattern")
    expect(failure(function() expect({}):toHaveLogged("(x") end)):toContain("(it is not a Lua pattern either: unfinished capture)")
    expect(failure(function() expect("abc"):toMatch("x%d") end)).never:toContain("not a Lua pattern")
    expect("a [b"):toMatch("[b")                       -- found as text, so it matches
    expect(failure(function() expect("bcd"):toMatch("^a[") end)):toContain("(it is not a Lua pattern either: malformed pattern (missing ']'))")
    expect(failure(function() expect("a[b").never:toMatch("a[") end)).never:toContain("not a Lua pattern")
  end)

  scenario("a .never:toMatch that matched as a pattern, not as written, says so", function()
    expect(failure(function() expect("axb").never:toMatch("a.b") end)):toContain("(it matched as a Lua pattern: the text does not hold it as written)")
    expect(failure(function() expect("a.b").never:toMatch("a.b") end)).never:toContain("as a Lua pattern")
  end)

  -- The note is found in the pattern alone: against a long log, `.-` three times took seconds.
  scenario("the note does not search the text again", function()
    local lines = {}
    for i = 1, 400 do lines[i] = string.rep("a", 40) end
    expect(failure(function() expect(lines):toHaveLogged("a.-a.-a.-%d") end)):toContain("toHaveLogged(pattern) failed")
  end)

  scenario("two routes that are not one say what to compare instead", function()
    local route = nav.route():top(nav.stack)
    expect(route):toEqual(route)
    expect(failure(function() expect(nav.route():top(nav.stack)):toEqual(nav.route():top(nav.stack)) end))
      :toContain("(two routes are equal only when they are the same route, as Nivelir's routes are not Equatable")
  end)

  scenario("an error that is a table is matched as a failure shows it, not by its address", function()
    expect(function() error({ code = 42, reason = "x" }) end):toFail('{code = 42, reason = "x"}')
    -- As a scenario's failure shows it: a list's first items, a nested table as {...}, a long string cut.
    expect(failure(function() expect(function() error({ 1, 2 }) end):toFail("x") end)):toContain('failed with: "{1, 2}"')
    expect(function() error({ "E_AUTH", "token expired", code = 7, detail = {} }) end)
      :toFail('{"E_AUTH", "token expired", code = 7, detail = {...}}')
    expect(failure(function() expect(function() error({ long = string.rep("y", 70) }) end):toFail("x") end))
      :toContain('{long = \\"' .. string.rep("y", 57) .. '...\\"}')
    expect(function() error(setmetatable({}, { __tostring = function() return "custom" end })) end):toFail("custom")
  end)

  scenario("a long text's diff shows the changes and five lines around each, under a hunk header", function()
    local a, b = {}, {}
    for i = 1, 300 do a[i] = "line " .. i; b[i] = i == 150 and "changed" or "line " .. i end
    local said = failure(function() expect(table.concat(b, "\n")):toEqual(table.concat(a, "\n")) end)
    expect(said):toContain("  - expected\n  + received\n  @@ -145,11 +145,11 @@\n    line 145\n")
    expect(said):toContain("  - line 150\n  + changed\n    line 151\n")
    expect(said).never:toContain("line 144\n")
    expect(said).never:toContain("line 156")
    -- A short text is shown whole, without a header.
    expect(failure(function() expect("a\nb"):toEqual("a\nc") end)).never:toContain("@@")
    -- Texts too long to search whole (600 lines) are diffed where they differ, past what they share.
    for i = 1, 600 do a[i] = "line " .. i; b[i] = i == 450 and "changed" or "line " .. i end
    b[601] = "added"
    said = failure(function() expect(table.concat(b, "\n")):toEqual(table.concat(a, "\n")) end)
    expect(said):toContain("  @@ -445,11 +445,11 @@\n    line 445\n")
    expect(said):toContain("  - line 450\n  + changed\n")
    expect(said):toContain("  @@ -596,5 +596,6 @@\n    line 596\n")
    expect(said):toContain("    line 600\n  + added")
    expect(said).never:toContain("line 444\n")
  end)

  scenario("toBe shows two texts of several lines as a diff, and toEqual says how many differences it left out", function()
    expect(failure(function() expect("window\n└─ stack A"):toBe("window\n└─ stack B") end))
      :toContain("  - expected\n  + received\n    window\n  - └─ stack B\n  + └─ stack A")
    local a, b = {}, {}
    for i = 1, 200 do a[i] = i; b[i] = i + 1 end
    local said = failure(function() expect(a):toEqual(b) end)
    expect(said):toContain("at [20]: expected 21, received 20\n  ... and 180 more differences")
    expect(said).never:toContain("at [21]")
  end)

  insulate("busted's insulate", function()
    expose("and expose", function()
      scenario("are blocks as describe is", function()
        expect(true):toBe(true)
      end)
    end)
  end)
end)

describe("toShow compares keys as Nivelir does", function()
  scenario("by name and traits, not by the key's text", function()
    local Odd = nav.screen("Chat(chatId=1)")
    local app = nav.app { root = nav.stack { Feed(), Odd() } }
    expect(app:top()).never:toShow(Chat { chatId = 1 })
    expect(app):toShow(Odd())
    local chats = nav.app { root = nav.tabs { nav.stack { Chat { chatId = 1, room = "a" } } } }
    expect(chats):toShow(Chat { room = "a", chatId = 1 })
    expect(chats.window.children[1]).never:toShow(Chat { chatId = 1 })
  end)
end)

describe("failure messages show text exactly", function()
  scenario("bytes that are not UTF-8 as \\xNN, so that two such texts do not look the same", function()
    local message = failure(function() expect("caf\xe9"):toBe("caf\xe8") end)
    expect(message):toContain('expected: "caf\\xE8"\n  received: "caf\\xE9"')
    expect(failure(function() expect({ a = "x\xff" }):toEqual({ a = "x\xfe" }) end)):toContain('at .a: expected "x\\xFE", received "x\\xFF"')
    -- UTF-8 stays as it is, also beside a byte that is not.
    expect(failure(function() expect("café\x80") :toBe("café") end)):toContain('received: "café\\x80"')
  end)
end)

describe("list matchers", function()
  scenario("name an entry that is neither a log line nor a transition", function()
    expect(failure(function() expect({ "a", {} }):toHaveLogged("x") end))
      :toMatch("expect_spec.lua:%d+: expect%(value%):toHaveLogged needs a list of log lines %(entry 2 is not text%), got table")
    expect(failure(function() expect({ { kind = "push" }, {} }):toHaveTransitions({ "push" }) end))
      :toContain("toHaveTransitions needs a list of transitions or kinds (entry 2 is not one), got table")
    expect({ { kind = "push" }, "pop" }):toHaveTransitions({ "push", "pop" })
  end)
end)

describe("cycles", function()
  scenario("of different shapes are not equal, as Jest's stacks tell them apart", function()
    local one = {}; one.s = one
    local two = {}; two.s = { s = two }
    local same = {}; same.s = same
    expect(one).never:toEqual(two)
    expect(two).never:toEqual(one)
    expect({ one }).never:toContain(two)
    expect({ two }).never:toContain(one)
    expect(one):toEqual(same)
    expect({ one }):toContain(same)
    expect(failure(function() expect(one):toEqual(two) end))
      :toContain("expected: {s = {s = <cycle>}}\n  received: {s = <cycle>}\n  (their cycles lead back to different tables)")
    expect(failure(function() expect(two):toEqual(one) end))
      :toContain("expected: {s = <cycle>}\n  received: {s = {s = <cycle>}}\n  (their cycles lead back to different tables)")
  end)

  scenario("a pair found equal under a cycle is not taken for equal where it is met elsewhere", function()
    -- V holds Z's cycle from outside it: X against Z is equal, X against V is not, in any order.
    local X = {}; local P = { up = X }; X.p = P
    local Z = {}; local Q = { up = Z }; Z.p = Q
    local V = { p = Q }
    expect({ X, X }).never:toEqual({ Z, V })
    expect({ X, X }).never:toEqual({ V, Z })
    expect({ Z, V }).never:toEqual({ X, X })
    expect({ V, Z }).never:toEqual({ X, X })
    expect(X).never:toEqual(V)
    expect({ X, X }):toEqual({ Z, Z })
  end)

  scenario("a table met twice without a cycle compares as often as it is met", function()
    local shared = { 1 }
    expect({ shared, shared }):toEqual({ { 1 }, { 1 } })
    expect({ { 1 }, { 1 } }):toEqual({ shared, shared })
  end)
end)

describe("a table whose metamethods raise", function()
  -- Drawn by its own fields, and compared under the matcher's name, at the expect's line.
  scenario("still fails as the matcher, not as the metamethod", function()
    local evil = setmetatable({ a = 1 }, { __pairs = function() error("no pairs", 0) end, __index = function() error("no index", 0) end })
    expect(failure(function() expect(evil):toBe(1) end)):toContain("expect(value):toBe(expected) failed\n  expected: 1\n  received: {a = 1}")
    expect(failure(function() expect(evil).never:toBeTruthy() end)):toContain("received: {a = 1}")
    expect(failure(function() expect(false, evil):toSucceed() end)):toContain("given with it: {a = 1}")
    expect(failure(function() expect(evil):toEqual({ a = 1 }) end)):toContain("expect(value):toEqual(expected) failed: no pairs")
    expect(failure(function() expect({ evil }):toContain({ a = 2 }) end)):toContain("expect(value):toContain(item) failed: no pairs")
    expect(failure(function() expect(evil):toContain(1) end)):toContain("expect(value):toContain(item) failed: no pairs")
    expect(failure(function() expect(evil).never:toEqual({ b = 1 }) end)):toContain("expect(value).never:toEqual(expected) failed: no pairs")
    local table = setmetatable({}, { __pairs = function() error({ code = 1 }) end })
    expect(failure(function() expect(table):toEqual({ a = 1 }) end)):toContain("expect(value):toEqual(expected) failed: {code = 1}")
  end)
end)

describe("a matcher called wrongly after never", function()
  scenario("is named with never", function()
    expect(failure(function() expect(1).never.toBe(2) end))
      :toContain("expect(value).never.toBe(...) is called with a dot: write expect(value).never:toBe(...)")
    expect(failure(function() expect(1).never:toBee(2) end)):toContain("expect(value).never:toBee is not a matcher: did you mean toBe? (toBe, ")
    expect(failure(function() expect(1):toBee(2) end)):toContain("expect(value):toBee is not a matcher: did you mean toBe? (toBe, ")
  end)

  scenario("a comparison's bound is shown once, as the body writes numbers", function()
    local message = failure(function() expect(0 / 0):toBeGreaterThanOrEqual(0 / 0) end)
    expect(message):toContain("expect(value):toBeGreaterThanOrEqual(nan) failed\n  expected: at least nan\n  received: nan")
    expect(failure(function() expect(1):toBeGreaterThan(2 ^ 63) end)):toContain("toBeGreaterThan(9.2233720368547758e+18) failed\n  expected: more than 9.2233720368547758e+18")
  end)
end)

describe("tables met by many paths", function()
  scenario("are compared once a pair, not once a path", function()
    local function dag(n, leaf) local t = { leaf } for _ = 1, n do t = { a = t, b = t } end return t end
    expect(dag(60, 1)):toEqual(dag(60, 1))          -- 2^60 paths
    expect(dag(60, 1)).never:toEqual(dag(60, 2))
  end)
end)

describe("failures of large, deep or odd tables", function()
  local function chain(n, v) local t = { v = v } for _ = 1, n do t = { next = t } end return t end
  local function deep(n) local t = {} for _ = 1, n do t = { t } end return t end

  scenario("keys that Lua cannot order (functions, threads, booleans) are listed", function()
    local message = failure(function() expect({ [print] = 1, [error] = 2, [true] = 1, [false] = 2 }):toEqual({}) end)
    expect(message):toContain("at [false]: unexpected 2\n  at [function: ")
    expect(message):toContain("at [true]: unexpected 1")
  end)

  scenario("a long chain and a long list are walked once, a long path cut in the middle", function()
    expect(failure(function() expect(chain(2000, 1)):toEqual(chain(2000, 2)) end))
      :toContain("at .next.next.next.next.next.next.next.next \u{2026}1985 keys\u{2026} .next.next.next.next.next.next.next.v: expected 2, received 1")
    local a, b = {}, {}
    for i = 1, 300000 do a[i], b[i] = i, i end
    b[300000], b[5], a.x, b.y = nil, 7, 1, 2
    expect(failure(function() expect(a):toEqual(b) end))
      :toContain("at [5]: expected 7, received 5\n  at [300000]: unexpected 300000\n  at .x: unexpected 1\n  at .y: missing 2")
  end)

  scenario("a value only one side has is shown as it is, false too", function()
    expect(failure(function() expect({ animated = false }):toEqual({}) end)):toContain("at .animated: unexpected false")
    expect(failure(function() expect({ a = { b = false } }):toEqual({ a = {} }) end)):toContain("at .a.b: unexpected false")
    expect(failure(function() expect({}):toEqual({ false }) end)):toContain("at [1]: missing false")
  end)

  scenario("an App and a Container are told apart by their kinds, their trees drawn alike", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(failure(function() expect(app):toEqual(app.window) end))
      :toContain("failed\n  expected: a Container\n  received: an App\n  (an App equals only an App, and a Container only a Container: an app's hierarchy is app.window)")
  end)

  scenario("a table met again on the expected side is compared anew against each", function()
    local row = { ok = true }
    expect(failure(function() expect({ { ok = true }, { ok = true }, { ok = false } }):toEqual({ row, row, row }) end))
      :toContain("expect(value):toEqual(expected) failed\n  at [3].ok: expected true, received false")
  end)

  scenario("tables shared otherwise on each side are walked within the budget", function()
    -- Levels of 150 tables, each reaching the level below by keys that shift on one side only:
    -- pairs of tables met grow as the square, so past 10,000 each table is walked once.
    local function build(shiftB, shiftC)
      local prev = {}
      for p = 0, 149 do prev[p] = { 1 } end
      for _ = 1, 150 do
        local cur = {}
        for p = 0, 149 do cur[p] = { a = prev[p], b = prev[(p + shiftB) % 150], c = prev[(p + shiftC) % 150] } end
        prev = cur
      end
      return { 1, prev[0] }
    end
    local expected, received = build(1, 0), build(0, 1)
    received[1] = 2
    expect(failure(function() expect(received):toEqual(expected) end)):toContain("at [1]: expected 1, received 2")
  end)

  scenario("a table's __len is not asked", function()
    local odd = setmetatable({ a = 1 }, { __len = function() error("asked") end })
    expect(failure(function() expect(odd):toEqual({ a = 2 }) end)):toContain("at .a: expected 2, received 1")
  end)

  scenario("values nested deeper than Lua's stack reaches are said to be", function()
    for _, matcher in ipairs({ "toEqual", "toBe", "toContain" }) do
      local message = failure(function()
        local expectation = expect(matcher == "toContain" and { deep(100000) } or deep(100000))
        expectation[matcher](expectation, deep(100000))
      end)
      expect(message):toContain("expect(value):" .. matcher .. ": the values are nested too deep to compare (Lua's stack overflowed)")
    end
  end)
end)

describe("a custom matcher's message", function()
  scenario("that is no text is shown as a value is, not by its address", function()
    expect.extend { toBeZed = function() return false, function() return { why = "not zed" } end end }
    expect(failure(function() expect(1):toBeZed() end)):toContain("expect(value):toBeZed() failed\n  {why = \"not zed\"}")
    -- One with a __tostring says what it says.
    local Message = { __tostring = function(m) return "custom: " .. m.text end }
    expect.extend { toBeNought = function(v) return v == 0, setmetatable({ text = "expected zero" }, Message) end }
    expect(failure(function() expect(1):toBeNought() end)):toContain("expect(value):toBeNought() failed\n  custom: expected zero")
  end)
end)

describe("a table's own __eq", function()
  local always = { __eq = function() return true end }
  local never = { __eq = function() return false end }

  scenario("on one side does not speak for the other's contents, as busted's same has it", function()
    expect(failure(function() expect(setmetatable({}, always)):toEqual({ a = 1 }) end)):toContain("at .a: missing 1")
    expect(failure(function() expect({ a = 1 }):toEqual(setmetatable({}, always)) end)):toContain("at .a: unexpected 1")
    expect(failure(function() expect({ x = setmetatable({}, always) }):toEqual({ x = { b = 2 } }) end)):toContain("at .x.b: missing 2")
    expect(failure(function() expect({ setmetatable({}, always) }):toContain({ z = 1 }) end)):toContain("not found in")
  end)

  scenario("decides when both sides have the metatable that defines it", function()
    expect(setmetatable({ a = 1 }, always)):toEqual(setmetatable({ b = 2 }, always))
    expect(setmetatable({ a = 1 }, never)).never:toEqual(setmetatable({ a = 1 }, never))
    expect(failure(function() expect({ v = setmetatable({ a = 1 }, never) }):toEqual({ v = setmetatable({ a = 1 }, never) }) end))
      :toContain("at .v: expected {a = 1}, received {a = 1} (their metatable's __eq tells them apart)")
  end)
end)

describe("values at their edges", function()
  scenario("an error table of many fields shows the same fields every time: the list, then the names that sort first", function()
    local function raise() error({ a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10, k = 11, l = 12, code = "E42" }) end
    expect(raise):toFail('{a = 1, b = 2, c = 3, code = "E42", d = 4, e = 5, f = 6, g = 7, ...}')
  end)

  scenario("an error object whose __tostring raises fails toFail's pattern, not the scenario", function()
    local bad = setmetatable({}, { __tostring = function() error("tostring boom") end })
    expect(function() error(bad) end):toFail()
    expect(function() error(bad) end):toFail("whose __tostring failed: tostring boom")
    expect(failure(function() expect(function() error(bad) end).never:toFail() end)):toContain("expected no failure")
  end)

  scenario("toBeCloseTo takes the difference of integers as floats, which do not wrap around", function()
    expect(math.mininteger).never:toBeCloseTo(0)
    expect(math.maxinteger).never:toBeCloseTo(-1)
    expect(math.maxinteger):toBeCloseTo(math.maxinteger)
  end)

  scenario("a float that reads as an integer shows that it is a float", function()
    expect(failure(function() expect(2 ^ 53):toBe(0) end)):toContain("received: 9007199254740992.0")
    expect(failure(function() expect(123456789012345.0):toBe(0) end)):toContain("received: 123456789012345.0")
    expect(failure(function() expect(1 << 53):toBe(0) end)):toMatch("received: 9007199254740992$")
  end)

  scenario("expect.extend refuses names that are an expectation's own or not a name", function()
    for _, name in ipairs { "__index", "value", "extra", "negated", "where", "_private", "1st" } do
      expect(function() expect.extend { [name] = function() return true end } end):toFail("cannot name a matcher")
    end
    expect(nil):toBeNil()
    expect(1):toBe(1)
  end)
end)

describe("misuse a matcher refuses", function()
  scenario("a transition kind that no transition has, even under .never", function()
    local app = nav.app()
    expect(function() expect(app).never:toHaveTransitions { "puhs" } end)
      :toFail('expect%(value%).never:toHaveTransitions%(%): entry 1, "puhs", is no transition\'s kind')
    expect(app).never:toHaveTransitions { "push" }
  end)
end)

describe("a failed expect in a coroutine", function()
  scenario("is placed at the expect, not also at the call of coroutine.wrap's function", function()
    local message = failure(function()
      local co = coroutine.wrap(function() expect(1):toBe(2) end)
      co()
    end)
    expect(message):toMatch("^[^\n]-expect_spec.lua:(%d+): expect%(value%):toBe")
    expect(select(2, string.gsub(message:match("^[^\n]*"), "expect_spec.lua:%d+", ""))):toBe(1)
    -- Any other error gets the caller's place before it, as Lua's wrap puts it.
    local ok, err = pcall(function()
      local co = coroutine.wrap(function() error("plain") end)
      co()
    end)
    expect(ok):toBe(false)
    expect(select(2, string.gsub(err, "expect_spec.lua:%d+", ""))):toBe(2)
  end)
end)

describe("a matcher called with a dot from a tail call", function()
  scenario("is placed at the expect, whose caller's line is gone", function()
    expect(failure(function() return expect(1).toBe(1) end)):toMatch("expect_spec%.lua:%d+: expect%(value%)%.toBe%(%.%.%.%) is called with a dot")
    expect(failure(function() return expect(1).never.toBe(2) end)):toMatch("expect_spec%.lua:%d+: expect%(value%)%.never%.toBe")
  end)
end)

describe("matchers that could pass by accident", function()
  scenario("never:toSucceed refuses what is no navigation's result", function()
    local app = nav.app { root = nav.stack { nav.screen("Feed")() } }
    expect(failure(function() expect(app.navigator:navigate(nav.route():top(nav.stack):pop())).never:toSucceed() end))
      :toContain("expect(value).never:toSucceed(): received nil, not a navigation's result")
    expect(failure(function() expect("ok").never:toSucceed() end)):toContain("received string")
    expect(false).never:toSucceed()
  end)

  scenario("toFail matches the message as it is, or without the file:line before it", function()
    expect(function() error("HTTP:404: not found", 0) end):toFail("HTTP:404")
    expect(function() error("bad id") end):toFail("^bad id$")
    expect(function() error("bad id") end):toFail("expect_spec")
  end)

  scenario("toContain on a string takes text (or a number) only", function()
    local reasons = { reason = "timeout" }
    expect(failure(function() expect("attempt to index a nil value"):toContain(reasons.reson) end))
      :toContain("toContain on a string needs a string (or a number) as the item, got nil")
    expect(failure(function() expect("enabled: true"):toContain(true) end)):toContain("got boolean")
    expect("chat 7"):toContain(7)
  end)
end)

describe("toShow on a window", function()
  scenario("a window shows its root, and what that shows", function()
    local Home, Feed, Chat = nav.screen("Home"), nav.screen("Feed"), nav.screen("Chat")
    local app = nav.app { root = nav.tabs { nav.stack { Feed(), Chat { id = 1 } }, nav.stack { Home() } } }
    expect(app.window):toShow(Chat { id = 1 })
    expect(app.window).never:toShow(Feed)
    expect(app:navigate(nav.route():setRoot(Home()))):toSucceed()
    expect(app.window):toShow(Home)
    -- What is presented over the root is what the window shows, as the app's top.
    expect(app:navigate(nav.route():root():present(Chat { id = 2 }))):toSucceed()
    expect(app.window):toShow(Chat { id = 2 })
    expect(app.window).never:toShow(Home)
  end)
end)

describe("a table with a __len", function()
  -- An interceptor's link gives its URL's length.
  scenario("that counts something else is shown by its fields; a proxy's, whose __index gives the items, as a list", function()
    local link = setmetatable({ url = "app://x" }, { __len = function() return 7 end })
    local proxy = setmetatable({}, { __len = function() return 2 end, __index = function(_, i) return i * 10 end })
    expect(failure(function() expect(link):toBe("app://x") end)):toContain('  received: {url = "app://x"}')
    expect(failure(function() expect(proxy):toBe(1) end)):toContain("  received: {10, 20}")
  end)
end)

describe("misuse of expect.extend and toBeCloseTo", function()
  scenario("says what it is: a colon, a Jest table without pass; a whole float counts its digits", function()
    expect(function() expect:extend { toFoo = function() return true end } end)
      :toFail("expect:extend is called with a colon: write expect.extend { toBeEven = function(received) ... end }")
    expect.extend { toPassNothing = function() return { message = "m" } end }
    expect(failure(function() expect(1):toPassNothing() end)):toContain("the matcher must return true or false first (or { pass = true or false, message = ... }), got a table whose pass is missing")
    expect(1.04):toBeCloseTo(1, 1.0)
    expect(failure(function() expect(1.04):toBeCloseTo(1, 2.0) end)):toContain("(to 2 digits)")
  end)
end)

describe("an expectation's class", function()
  scenario("is not the script's to change: no built-in matcher can be replaced through it", function()
    expect(getmetatable(expect(1))):toBe("Expectation")
    expect(function() getmetatable(expect(1)).__index.toBe = function() end end):toFail("attempt to index a nil value")
    expect(function() setmetatable(expect(1), {}) end):toFail("cannot change a protected metatable")
    expect(failure(function() expect(1):toBe(2) end)):toContain("expect(value):toBe(expected) failed")
    expect(failure(function() expect(1).never.toBe(1) end)):toContain("is called with a dot")
  end)
end)
