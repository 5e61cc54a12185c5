extension ScenarioPrelude {
    /// `expect` and its matchers of values: the part of the prelude after `comparingSource`,
    /// in the same chunk (the matchers of navigation follow, then `expectClosingSource`).
    static let expectSource = #"""
-- Expectations ---------------------------------------------------------------------------

local expectation = {}
expectation.__index = expectation

-- Raises `text` at the line of the expect (kept when `expect` was called, so that a matcher
-- in a tail call, `return expect(x):toBe(y)`, still names it), or else `level` levels above
-- the function that calls this, as `error` counts them.
local function raise(self, text, level)
  if self.where then error(self.where .. ": " .. text, 0) end
  error(text, level + 1)
end

local function fail(self, message, detail)
  local text = message
  if self.negated then text = gsub(message, "^expect%(value%):", "expect(value).never:") end
  if detail and detail ~= "" then text = text .. "\n" .. detail end
  raise(self, text, 3)
end

-- `detail` makes the explanation, only when the check fails. What came after the value
-- (`extra`) is shown whatever the matcher: the error of `false, err` (a failed navigation,
-- `expect(app:navigate(route))`; a pcall) or `nil, err` (io.open), busted's message
-- (`expect(count, "chats open")`), a pcall's result; once, when the detail has not shown
-- it as a line of its own already (toSucceed's reason).
local function check(self, pass, message, detail)
  -- Every expectation counts, held or not; 2 levels up is the expect's line (matchers
  -- call check in a tail call).
  host.count(pass ~= self.negated, message, self.where or 2, self.value)
  if pass == self.negated then
    local r = report()
    local text = detail(r)
    local extra = self.extra
    if extra ~= nil then
      extra = type(extra) == "string" and extra or r.show(extra)
      if not find("\n" .. text .. "\n", "\n  " .. match(extra, "^[^\n]*") .. "\n", 1, true) then
        text = text .. "\n  given with it: " .. gsub(extra, "\n", "\n    ")
      end
    end
    fail(self, message, text)
  end
  return self
end

local function negation(self) return self.negated and "not " or "" end

-- deepEqual for a matcher: values nested deeper than Lua's stack reaches (some 60,000
-- levels) are said to be so at the expect's line, not as a bare stack overflow.
local function sameContents(self, matcher, a, b)
  local ok, equal = pcall(deepEqual, a, b)
  if ok then return equal end
  if type(equal) == "string" and find(equal, "stack overflow", 1, true) then
    raise(self, format("expect(value):%s: the values are nested too deep to compare (Lua's stack overflowed)", matcher), 3)
  end
  -- A metamethod that raised while the tables were walked (a __pairs, a __index): named
  -- under the matcher, at the expect's line, as toMatchSnapshot names it.
  host.count(false, "expect(value):" .. matcher, self.where or 3)
  raise(self, format("expect(value)%s:%s(%s) failed: %s", self.negated and ".never" or "", matcher, matcher == "toContain" and "item" or "expected",
    type(equal) == "string" and equal or report().show(equal)), 3)
end

-- A matcher that needs a kind of value (the received one, or the one given after `ok`)
-- says so, at the line of the expect.
local function need(self, what, ok, ...)
  if not ok then
    host.count(false, "expect(value):" .. what, self.where or 3)
    local given = self.value
    if select("#", ...) > 0 then given = (...) end
    raise(self, format("expect(value):%s, got %s", what, report().typeName(given)), 3)
  end
end

-- A Container is never equal to a Screen (or its type): the comparison a reader meant is
-- toShow's, the screen the container shows. Two routes are equal only when they are one:
-- what a route is shows in what it does.
local function containerScreenHint(received, expected)
  local a, b = getmetatable(received), getmetatable(expected)
  if (a == "Container" and (b == "Screen" or b == "ScreenType")) or (b == "Container" and (a == "Screen" or a == "ScreenType")) then
    return "\n  (a Container never equals a Screen: expect(container):toShow(screen) compares the screen it shows)"
  elseif a == "Route" and b == "Route" then
    return "\n  (two routes are equal only when they are the same route, as Nivelir's routes are not Equatable: "
      .. "compare what they do, each navigated in an app of its own, with expect(app):toEqual(other))"
  elseif (a == "Container" or a == "App") and a == b and tostring(received) == tostring(expected) then
    return "\n  (two of them that print alike: toBe compares identity, toEqual compares their hierarchies)"
  end
  return ""
end

function expectation:toBe(expected)
  local received = self.value
  return check(self, received == expected, "expect(value):toBe(expected) failed", function(r)
    local hint = self.negated and "" or containerScreenHint(received, expected)
    if hint ~= "" then
    elseif not self.negated and type(received) == "table" and type(expected) == "table" and sameContents(self, "toBe", received, expected) then
      hint = "\n  (two tables with the same contents: toBe compares identity, toEqual compares contents)"
    elseif not self.negated and received ~= received and expected ~= expected then
      hint = "\n  (NaN is never == NaN: toEqual takes two NaNs as equal)"
    end
    -- Two texts of several lines (trees, logs) differ line by line, as toEqual shows them.
    if not self.negated and type(expected) == "string" and type(received) == "string"
       and (find(expected, "\n", 1, true) or find(received, "\n", 1, true)) then
      return r.legend .. "\n" .. r.textDiff(expected, received)
    end
    local shownExpected, shownReceived, note = r.showTwo(expected, received)
    return format("  expected: %s%s\n  received: %s%s%s", negation(self), shownExpected, shownReceived, note, hint)
  end)
end

function expectation:toEqual(expected)
  local received = self.value
  return check(self, sameContents(self, "toEqual", received, expected), "expect(value):toEqual(expected) failed", function(r)
    if self.negated then
      return format("  expected: not %s\n  received: %s", r.show(expected), r.show(received))
    end
    if isHierarchy(expected) and isHierarchy(received) then
      local e, g = getmetatable(expected), getmetatable(received)
      if e ~= g then
        -- A window's tree draws as its app's: the kinds are what differ.
        return format("  expected: %s %s\n  received: %s %s\n  (an App equals only an App, and a Container only a Container: an app's hierarchy is app.window)",
                      e == "App" and "an" or "a", e, g == "App" and "an" or "a", g)
      end
      return r.legend .. "\n" .. r.textDiff(expected:tree(), received:tree())
    end
    if type(expected) == "string" and type(received) == "string" and (find(expected, "\n", 1, true) or find(received, "\n", 1, true)) then
      return r.legend .. "\n" .. r.textDiff(expected, received)
    elseif type(expected) == "table" and type(received) == "table" then
      return r.differenceLines(expected, received)
    end
    local shownExpected, shownReceived, note = r.showTwo(expected, received)
    return format("  expected: %s%s\n  received: %s%s%s", negation(self), shownExpected, shownReceived, note, containerScreenHint(received, expected))
  end)
end

local function isObject(value, name)
  return type(value) == "userdata" and getmetatable(value) == name
end

-- expect(container or app):toShow(Screen, screen type or name). A window shows what is
-- presented last over its root (the root when nothing is), a stack its top screen and tabs
-- their selected one, as UIKit's containers show them.
function expectation:toShow(screen)
  local received = self.value
  need(self, "toShow needs a Container or an App", isApp(received) or isObject(received, "Container"))
  need(self, "toShow needs a Screen, a screen type or a name to look for",
    isObject(screen, "Screen") or isObject(screen, "ScreenType") or type(screen) == "string", screen)
  if isApp(received) then received = received:top() end
  local byName = not isObject(screen, "Screen")
  local wanted = type(screen) == "string" and screen or byName and screen.name or tostring(screen)
  -- A key is its name and traits, as Nivelir's ScreenKey compares them (not its text:
  -- a screen named "Chat(x=1)" is not Chat { x = 1 }).
  local function isShown(container)
    if byName then return container.name == wanted end
    return container.name == screen.name and deepEqual(container.traits or {}, screen.traits)
  end
  local found = received ~= nil and isShown(received)
  local showing = received
  while not found and showing and (showing.kind == "window" or showing.kind == "stack" or showing.kind == "tabs") do
    local children = showing.children
    if showing.kind == "window" then
      showing = children[1]
      while showing and showing.presented do showing = showing.presented end
    else
      showing = showing.kind == "stack" and children[#children] or showing.selectedIndex and children[showing.selectedIndex]
    end
    found = showing ~= nil and isShown(showing)
  end
  return check(self, found, format("expect(value):toShow(%s) failed", byName and ("any " .. wanted) or wanted), function(r)
    local picture = r.pictureOf(self.value)
    -- A navigation started without waiting (navigator:navigate) shows only once it settles.
    local busy = ""
    if isApp(self.value) and not self.negated and not select(3, self.value:census()) then
      busy = "\n  (work is still scheduled on the app's run loop: app:settle() runs it to the end)"
    end
    -- What a window, a stack or tabs show is named, with what shows it.
    local shown = received and tostring(received.key or received.kind) or "nothing"
    if showing and showing ~= received then
      shown = format("%s (shown by the %s)", tostring(showing.key or showing.kind), shown)
    elseif received and not showing then
      shown = format("nothing (the %s shows no screen)", shown)
    end
    return format("  expected: %s%s\n  received: %s%s%s", negation(self), byName and ("any " .. wanted) or wanted,
      shown, busy, picture and ("\n\n" .. picture) or "")
  end)
end

function expectation:toContain(item)
  local received, found = self.value, false
  need(self, "toContain needs a string or a table", type(received) == "string" or type(received) == "table")
  if type(received) == "string" then
    -- As Jest: text is looked for in text; a nil (a misspelt field) would be "nil", found in
    -- every message that names a nil value.
    need(self, "toContain on a string needs a string (or a number) as the item", type(item) == "string" or type(item) == "number", item)
    found = find(received, tostring(item), 1, true) ~= nil
  else
    -- No table holds nil: a nil item (a misspelt field) would pass every .never.
    need(self, "toContain on a table needs an item that is not nil (no table holds one)", item ~= nil, item)
    local values = {}
    local walked, problem = pcall(function() for _, value in pairs(received) do values[#values + 1] = value end end)
    if not walked then
      host.count(false, "expect(value):toContain", self.where or 2)
      raise(self, format("expect(value)%s:toContain(item) failed: %s", self.negated and ".never" or "",
        type(problem) == "string" and problem or report().show(problem)), 2)
    end
    for _, value in ipairs(values) do if sameContents(self, "toContain", value, item) then found = true break end end
  end
  return check(self, found, "expect(value):toContain(item) failed", function(r)
    return format("  item: %s\n  %s: %s", r.show(item), self.negated and "found in" or "not found in", r.show(received))
  end)
end

function expectation:toHaveLength(length)
  local received = self.value
  need(self, "toHaveLength needs a string or a table", type(received) == "string" or type(received) == "table")
  need(self, "toHaveLength needs a whole number as the length", type(length) == "number" and tointeger(length) ~= nil, length)
  -- As Jest's, the value's own length (a table's __len) must be a number.
  local size = #received
  need(self, "toHaveLength needs a value whose length (#) is a number", type(size) == "number", size)
  return check(self, size == length, "expect(value):toHaveLength(length) failed", function(r)
    return format("  expected length: %s%d\n  received length: %s\n  value: %s", negation(self), length, number(size), r.show(received))
  end)
end

function expectation:toMatch(pattern)
  local received = self.value
  need(self, "toMatch needs a string", type(received) == "string")
  need(self, "toMatch needs a string as the pattern", type(pattern) == "string", pattern)
  return check(self, matches(received, pattern), "expect(value):toMatch(pattern) failed", function(r)
    -- A .never that failed says how it matched when the text does not hold the pattern as
    -- it is written: "a.b" matched "axb" as a Lua pattern.
    local how = self.negated and not find(received, pattern, 1, true) and "\n  (it matched as a Lua pattern: the text does not hold it as written)" or ""
    return format("  pattern: %s\n  received: %s%s", r.show(pattern), r.show(received), self.negated and how or patternNote(pattern))
  end)
end

-- As Jest's ensureNoExpected: a matcher of no argument given one (`toBeTruthy(false)`) was
-- meant as another, and would pass whatever the argument (nil is none, as Jest's undefined).
local function noExpected(self, name, ...)
  if (...) ~= nil then
    raise(self, format("expect(value):%s() takes no argument, got %s (to compare with a value: toBe or toEqual)", name, type((...))), 3)
  end
end

function expectation:toBeTruthy(...)
  noExpected(self, "toBeTruthy", ...)
  return check(self, self.value ~= nil and self.value ~= false, "expect(value):toBeTruthy() failed", function(r)
    return format("  expected: %sa value other than nil and false\n  received: %s", negation(self), r.show(self.value))
  end)
end

function expectation:toBeFalsy(...)
  noExpected(self, "toBeFalsy", ...)
  return check(self, self.value == nil or self.value == false, "expect(value):toBeFalsy() failed", function(r)
    return format("  expected: %snil or false\n  received: %s", negation(self), r.show(self.value))
  end)
end

function expectation:toBeNil(...)
  noExpected(self, "toBeNil", ...)
  return check(self, self.value == nil, "expect(value):toBeNil() failed", function(r)
    return format("  expected: %snil\n  received: %s", negation(self), r.show(self.value))
  end)
end

-- Numbers: within 10^-digits / 2 of each other (2 digits by default), as Jest's toBeCloseTo.
function expectation:toBeCloseTo(expected, digits)
  digits = digits or 2
  need(self, "toBeCloseTo needs a number", type(self.value) == "number")
  need(self, "toBeCloseTo needs a number to compare with", type(expected) == "number", expected)
  if type(digits) == "number" then digits = tointeger(digits) or digits end   -- 2.0 is 2 digits
  need(self, "toBeCloseTo needs a whole number of digits", mathType(digits) == "integer", digits)
  -- Equal infinities are close, as in Jest; the difference is a float's, as Jest's, so that
  -- integers far apart do not wrap around.
  local pass = self.value == expected or abs((self.value + 0.0) - expected) < 10 ^ -digits / 2
  return check(self, pass, "expect(value):toBeCloseTo(expected) failed", function(r)
    return format("  expected: %s%s (to %d digits)\n  received: %s", negation(self), r.show(expected), digits, r.show(self.value))
  end)
end

local function comparison(name, words, test)
  expectation[name] = function(self, bound)
    need(self, name .. " needs a number", type(self.value) == "number")
    need(self, name .. " needs a number to compare with", type(bound) == "number", bound)
    return check(self, test(self.value, bound), format("expect(value):%s(%s) failed", name, number(bound)), function(r)
      return format("  expected: %s%s %s\n  received: %s", negation(self), words, r.show(bound), r.show(self.value))
    end)
  end
end
comparison("toBeGreaterThan", "more than", function(a, b) return a > b end)
comparison("toBeGreaterThanOrEqual", "at least", function(a, b) return a >= b end)
comparison("toBeLessThan", "less than", function(a, b) return a < b end)
comparison("toBeLessThanOrEqual", "at most", function(a, b) return a <= b end)

"""#
}
