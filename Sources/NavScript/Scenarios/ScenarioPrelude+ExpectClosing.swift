extension ScenarioPrelude {
    /// `expect` itself after its matchers: the dot guard, `expect.extend`, the unknown
    /// matcher's name, and `explore` loaded on first use.
    static let expectClosingSource = #"""
-- `.never`'s expectations: the same matchers, each guarded with the words that reach it.
local negative = {}
negative.__index = negative

-- Where the last expect(...) was made: what places a matcher called with a dot from a tail
-- call (`return expect(x).toBe(y)`), whose caller's line is gone.
local lastWhere

-- `expect(x).toBe(y)` (a dot, as in Jest) calls the matcher without the expectation.
local function guarded(name, matcher, path)
  return function(self, ...)
    if getmetatable(self) ~= "Expectation" then
      local place = host.where(2) or lastWhere
      error(format("%sexpect(value)%s.%s(...) is called with a dot: write expect(value)%s:%s(...)",
        place and place .. ": " or "", path, name, path, name), 0)
    end
    return matcher(self, ...)
  end
end

-- Adds a matcher to both kinds of expectation.
local function define(name, matcher)
  expectation[name] = guarded(name, matcher, "")
  negative[name] = guarded(name, matcher, ".never")
end

local builtin = {}
for name, matcher in pairs(expectation) do
  if name ~= "__index" and type(matcher) == "function" then
    builtin[name] = true
    define(name, matcher)
  end
end

-- What a custom matcher is called through from `line` of the chunk `source`: a function
-- defined on that line of that chunk, so that the matcher's `error(message, 2)` names the
-- line, as it would were the file to call the matcher itself. One a line, made once.
local function caller(made, source, line, name)
  local lines = made[source]
  if not lines then lines = {} made[source] = lines end
  local call = lines[line]
  if not call then
    call = load(format("%sreturn function(t, ...) local pass, message = t[%q](...) return pass, message end", rep("\n", line - 1), name), source)()
    lines[line] = call
  end
  return call
end

-- expect.extend { toBeEven = function(received, ...) return pass, message end }: matchers of
-- the file's own. The message explains a failure (a function making it is called only then).
local function extend(matchers)
  if type(matchers) ~= "table" then error(format("bad argument #1 to 'extend' (table expected, got %s)", type(matchers)), 2) end
  -- `expect:extend { ... }` gives expect itself first.
  if rawget(matchers, "extend") == extend then
    error("expect:extend is called with a colon: write expect.extend { toBeEven = function(received) ... end }", 2)
  end
  for name, matcher in pairs(matchers) do
    if type(name) ~= "string" then
      error(format("bad argument #1 to 'extend' (a table of matcher functions by name expected, got a %s key)", type(name)), 2)
    elseif type(matcher) ~= "function" then
      error(format("bad argument #1 to 'extend' (a table of matcher functions by name expected; '%s' is a %s)", name, type(matcher)), 2)
    end
    if builtin[name] or name == "never" then error(format("bad argument #1 to 'extend' ('%s' is a built-in matcher)", name), 2) end
    -- An expectation's own fields and metamethods are not matchers: `value` would show as
    -- the value of an expect(nil), `__index` would take every matcher's place.
    if not match(name, "^%a[%w_]*$") or name == "value" or name == "extra" or name == "negated" or name == "where" then
      error(format("bad argument #1 to 'extend' ('%s' cannot name a matcher: a name starts with a letter, and value, extra, negated and where are an expectation's own)", name), 2)
    end
    local holder, made = { [name] = matcher }, {}
    define(name, function(self, ...)
      local pass, message
      local source, line = host.caller(2)
      if source then
        pass, message = caller(made, source, line, name)(holder, self.value, ...)
      else
        pass, message = matcher(self.value, ...)
      end
      -- Jest's form, { pass = ..., message = ... }, is taken too.
      local jest = type(pass) == "table" and getmetatable(pass) == nil and (pass.pass ~= nil or pass.message ~= nil)
      if jest then pass, message = pass.pass, pass.message end
      -- As Jest checks `pass`: a string or a number would pass whatever it says, and nothing
      -- (a forgotten `return`) would pass every `.never`.
      if type(pass) ~= "boolean" then
        local got = jest and "a table whose pass is " .. (pass == nil and "missing" or "a " .. type(pass))
          or pass == nil and "nothing (a forgotten return?)" or type(pass)
        raise(self, format("expect(value)%s:%s(): the matcher must return true or false first (or { pass = true or false, message = ... }), got %s",
          self.negated and ".never" or "", name, got), 2)
      end
      -- A failure's header shows what the matcher was given, as a built-in's does.
      local header = format("expect(value):%s() failed", name)
      if (pass == true) == self.negated then
        local given = {}
        for i = 1, select("#", ...) do given[i] = report().show((select(i, ...))) end
        header = format("expect(value):%s(%s) failed", name, concat(given, ", "))
      end
      return check(self, pass == true, header, function(r)
        -- Called with whether the expect was negated, as Jest's matchers read this.isNot.
        if type(message) == "function" then message = message(self.negated) end
        -- A message that is no text says what its __tostring says, or else is shown as a
        -- value is (a table's fields, not its address).
        if message ~= nil and message ~= false and type(message) ~= "string" then
          local meta = getmetatable(message)
          message = type(meta) == "table" and meta.__tostring and tostring(message) or r.show(message)
        end
        return message and ("  " .. gsub(message, "\n", "\n  ")) or ""
      end)
    end)
  end
end

-- Jest's matchers that have another name here.
local jestNames = {
  toThrow = "toFail(pattern)", toThrowError = "toFail(pattern)", toStrictEqual = "toEqual",
  toBeNull = "toBeNil()", toBeUndefined = "toBeNil()", toBeDefined = ".never:toBeNil()",
  toMatchObject = "toEqual", toHaveProperty = "toEqual on the field",
  toBeNaN = "toEqual(0/0) (toEqual takes two NaNs as equal)", toContainEqual = "toContain (it compares tables by contents)",
  toMatchInlineSnapshot = "toMatchSnapshot() (kept in a file beside the scenarios)",
  toThrowErrorMatchingSnapshot = "toMatchSnapshot() on the error (expect(select(2, pcall(f))):toMatchSnapshot())",
  toThrowErrorMatchingInlineSnapshot = "toMatchSnapshot() on the error (expect(select(2, pcall(f))):toMatchSnapshot())",
}
-- and Jest's spies' matchers, with what checks the calls a function of the scenario's records
local jestSpies = { toHaveBeenCalled = "toEqual", toHaveBeenCalledWith = "toEqual", toHaveBeenCalledTimes = "toHaveLength" }

-- The edit distance of two names, ignoring case.
local function distance(a, b)
  a, b = lower(a), lower(b)
  local previous = {}
  for j = 0, #b do previous[j] = j end
  for i = 1, #a do
    local row = { [0] = i }
    for j = 1, #b do
      row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (byte(a, i) == byte(b, j) and 0 or 1))
    end
    previous = row
  end
  return previous[#b]
end

-- A matcher that does not exist is named, with what was likely meant (Jest's name for one,
-- or the one nearest in spelling) and the ones that do, where it is called. The matchers
-- themselves are found in the table, without a call.
local function unknown(path)
  return { __index = function(_, key)
    if type(key) ~= "string" or not match(key, "^to") then return nil end
    local names = {}
    for name in pairs(expectation) do if type(name) == "string" and match(name, "^to") then names[#names + 1] = name end end
    sort(names)
    local meant = jestNames[key] and format(": Jest's %s is %s here", key, jestNames[key])
      or jestSpies[key] and format(": Jest's %s checks a spy, and there are none here: record the calls in a function of the scenario's own (calls[#calls + 1] = { ... }) and check them with %s",
                                   key, jestSpies[key])
    if not meant and #key <= 40 then
      local best, nearest = 3, nil
      for _, name in ipairs(names) do
        local d = distance(key, name)
        if d < best then best, nearest = d, name elseif d == best then nearest = nil end
      end
      meant = nearest and format(": did you mean %s?", nearest)
    end
    error(format("expect(value)%s:%s is not a matcher%s (%s)", path, key, meant or "", concat(names, ", ")), 2)
  end }
end
setmetatable(expectation, unknown(""))
setmetatable(negative, unknown(".never"))
-- An expectation's class is not the script's to change: `getmetatable(expect(1)).__index.toBe
-- = ...` would make every toBe pass, where expect.extend refuses a built-in's name.
expectation.__metatable, negative.__metatable = "Expectation", "Expectation"

-- Jest's expect.assertions(n) and expect.hasAssertions(): the scenario fails when it ends
-- (its after hooks included) having checked other than n expectations, or none; what an
-- expect in a callback that never ran leaves unchecked shows there.
-- Placed at the nearest line of a script: called in a tail call, through pcall or as a hook
-- itself, its caller has none.
local function expected(what, count)
  if not running then error(format("expect.%s counts the expectations of a running scenario: call it inside one, or in a hook", what), 3) end
  local where
  for level = 3, 40 do
    where = host.where(level)
    if where then break end
  end
  host.assertions(count, where)
end

local function assertions(count)
  local whole = math.tointeger(count)
  if not whole or whole < 0 then
    error(format("bad argument #1 to 'assertions' (a count of expectations expected, got %s)", type(count) == "number" and number(count) or type(count)), 2)
  end
  expected("assertions", whole)
end

local function hasAssertions() expected("hasAssertions", nil) end

expect = setmetatable({ extend = extend, assertions = assertions, hasAssertions = hasAssertions }, { __call = function(_, ...)
  local where = host.where(2)
  lastWhere = where
  local object = setmetatable({ value = (...), extra = select(2, ...), negated = false, where = where }, expectation)
  object.never = setmetatable({ value = object.value, extra = object.extra, negated = true, where = where }, negative)
  return object
end })

-- `explore` (navscript explore's library) loads on first use: a saved failure's scenario
-- calls explore.replay.
explore = setmetatable({}, { __index = function(self, key)
  local library = host.explore()
  setmetatable(self, nil)
  for name, value in pairs(library) do rawset(self, name, value) end
  return rawget(self, key)
end })

"""#
}
