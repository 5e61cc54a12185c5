import Foundation
import LuaKit

/// The `explore` library models are written with, in Lua: `explore.model`, `explore.action`,
/// the argument generators, the walk `navscript explore` drives (`explore.walk`), and
/// `explore.replay`, which a saved failure's scenario calls under `navscript run`. It loads
/// on first use: in a scenario state through the prelude's `explore` global, in an explore
/// state at once.
enum ExploreLibrary {
    static let chunkName = "=navscript.explore"

    private static let compiled = ScenarioPrelude.Compiled(source, chunkName)

    /// The library, compiled once per process.
    static func chunk() throws -> LuaChunk {
        try compiled.get()
    }

    /// Runs the library, leaving its table on `call`'s stack, with `explore.definition(fn)`:
    /// where a model's function is, for what its messages say of what it returned.
    static func load(on call: LuaCall, in lua: LuaState) throws {
        try lua.load(try chunk(), on: call)
        call.pushErrorPlacer()
        try lua.pcall(call, arguments: 1, results: 1)
        lua.pushFunction(on: call) { call in
            call.push(call.definition(of: 1))
            return 1
        }
        call.setField(-2, "definition")
    }

    /// The whole library: what models are written with (generators, actions, models), then
    /// what runs them (`ExploreLibrary+Running.swift`) and what shrinks their failures, as
    /// one chunk.
    static let source = definitions + "\n" + literals + "\n" + running + "\n" + replaying + "\n" + shrinking

    /// Generators, `explore.action` and `explore.model`.
    private static let definitions = #"""
-- The chunk's argument: the host's message handler that places an error value that is not a
-- string at the line that raised it, as `run` does (a model's error({code = 1})).
local placeError = ... or function(value) return value end
local type, pairs, ipairs, tostring, pcall, xpcall, error, select = type, pairs, ipairs, tostring, pcall, xpcall, error, select
local format, match, concat, sort, unpack = string.format, string.match, table.concat, table.sort, table.unpack
local random, randomseed = math.random, math.randomseed

local explore = {}

-- Generators ----------------------------------------------------------------------------

local Generator = {}
Generator.__index = Generator

local function generator(kind, fields)
  fields.kind = kind
  return setmetatable(fields, Generator)
end

-- explore.int(lo, hi): a whole number from lo to hi; shrinks toward lo.
function explore.int(...)
  -- As luaL_checkinteger takes them: a float with a whole value is that integer.
  local lo, hi = ...
  local given, count = { lo, hi }, select("#", ...)
  for i = 1, 2 do
    local v = given[i]
    if type(v) ~= "number" then error(format("bad argument #%d to 'int' (number expected, got %s)", i, i > count and "no value" or type(v)), 2) end
    if not math.tointeger(v) then error(format("bad argument #%d to 'int' (number has no integer representation)", i), 2) end
  end
  lo, hi = math.tointeger(lo), math.tointeger(hi)
  if hi < lo then error(format("bad argument #2 to 'int' (%d or more expected, got %d)", lo, hi), 2) end
  return generator("int", { lo = lo, hi = hi })
end

-- explore.oneOf { a, b, c }: one of the values (plain data: a walk's steps are saved and
-- replayed as data); shrinks toward the first.
function explore.oneOf(values)
  if type(values) ~= "table" or #values == 0 then error("bad argument #1 to 'oneOf' (a list of values expected)", 2) end
  local count = 0
  for _ in pairs(values) do count = count + 1 end
  if count ~= #values then error("bad argument #1 to 'oneOf' (a list of values without holes or named fields expected)", 2) end
  -- Why `value` is not data a saved scenario writes back as it was, or nil: nested values
  -- too, and a table's keys are names or its list's positions.
  local function notData(value, path, depth, open)
    local kind = type(value)
    if kind == "string" and not utf8.len(value) then
      return format("%s is a string that is not UTF-8 text: a walk's steps are kept as text", path)
    end
    if kind == "string" or kind == "number" or kind == "boolean" then return nil end
    if kind ~= "table" then
      return format("%s is a %s: values are plain data, strings, numbers, booleans and tables of them", path, kind)
    end
    if open[value] then return format("%s holds itself", path) end
    if depth >= 12 then return format("%s is nested more than 12 tables deep", path) end
    open[value] = true
    local length = rawlen(value)
    for key, field in pairs(value) do
      local inList = math.type(key) == "integer" and key >= 1 and key <= length
      if type(key) ~= "string" and not inList then
        return format("%s has the key %s: keys are names, or the positions of a list", path, tostring(key))
      end
      if type(key) == "string" and not utf8.len(key) then
        return format("%s has a key that is not UTF-8 text: a walk's steps are kept as text", path)
      end
      local why = notData(field, inList and format("%s[%d]", path, key) or format("%s.%s", path, key), depth + 1, open)
      if why then return why end
    end
    open[value] = nil
    return nil
  end
  for i, value in ipairs(values) do
    local why = notData(value, format("value %d", i), 0, {})
    if why then
      error(format("bad argument #1 to 'oneOf' (%s)", why), 2)
    end
  end
  return generator("oneOf", { values = values })
end

-- explore.bool(): false or true; shrinks toward false.
function explore.bool() return generator("oneOf", { values = { false, true } }) end

local function isGenerator(value) return getmetatable(value) == Generator end

-- The values a generator can give, simplest first; nil when there are more than `most`
-- (hi - lo, unsigned, holds every range: it wraps past math.maxinteger).
local function values(g, most)
  if g.kind == "int" then
    if math.ult(most - 1, g.hi - g.lo) then return nil end
    local out = {}
    for v = g.lo, g.hi do out[#out + 1] = v end
    return out
  end
  return #g.values <= most and g.values or nil
end

local function draw(g)
  if g.kind == "int" then return random(g.lo, g.hi) end
  return g.values[random(#g.values)]
end

-- Actions and models --------------------------------------------------------------------

-- Raises, as `caller` ("bad argument #1 to 'model'"), unless `t` is a list: keys 1...n and no
-- hole, so that nothing given is dropped unseen (a misspelt local is nil, and ipairs stops
-- there), nor a named field left unread.
local function checkList(t, what, caller)
  local count, last = 0, 0
  for key in pairs(t) do
    if math.type(key) ~= "integer" or key < 1 then
      local shown = type(key) == "string" and format("%q", key) or tostring(key)
      error(format("%s (%s: a list, got the key %s)", caller, what, shown), 3)
    end
    count = count + 1
    if key > last then last = key end
  end
  if last ~= count then
    local hole = 1
    while t[hole] ~= nil do hole = hole + 1 end
    error(format("%s (%s[%d] is nil: what follows it would be left out (a misspelt name?))", caller, what, hole), 3)
  end
end

-- explore.action(name, function(app, ...) end, { args = generator or {generators}, when =
-- function(app) return boolean end, weight = n })
function explore.action(name, perform, options)
  if type(name) ~= "string" then error("bad argument #1 to 'action' (name expected)", 2) end
  -- Names go to the host and back, as text: other bytes would not find their action again.
  if not utf8.len(name) then error("bad argument #1 to 'action' (the name is not UTF-8 text)", 2) end
  if name == "" then error("bad argument #1 to 'action' (the name is empty: steps and saved scenarios name the action)", 2) end
  if type(perform) ~= "function" then error("bad argument #2 to 'action' (function expected)", 2) end
  -- nil is "not given"; false is a value, refused below as any other of the wrong type.
  if options == nil then options = {} end
  if type(options) ~= "table" then error(format("bad argument #3 to 'action' (table of options expected, got %s)", type(options)), 2) end
  for key in pairs(options) do
    if key ~= "args" and key ~= "when" and key ~= "weight" then
      error(format("bad argument #3 to 'action' (unknown option '%s' (args, when, weight expected))", tostring(key)), 2)
    end
  end
  local args = options.args
  if isGenerator(args) then args = { args } end
  if args == nil then args = {} end
  if type(args) ~= "table" then error(format("bad argument #3 to 'action' (args: a generator or a list of them, got %s)", type(args)), 2) end
  checkList(args, "args", "bad argument #3 to 'action'")
  if options.when ~= nil and type(options.when) ~= "function" then
    error(format("bad argument #3 to 'action' (when: a function(app) expected, got %s)", type(options.when)), 2)
  end
  for i, g in ipairs(args) do
    if not isGenerator(g) then error(format("bad argument #3 to 'action' (args[%d] is not a generator: explore.int, oneOf or bool)", i), 2) end
  end
  local weight = options.weight
  if weight == nil then weight = 1 end
  if type(weight) ~= "number" or not (weight > 0 and weight < math.huge) then
    local given = type(weight) == "number" and tostring(weight) or type(weight) == "string" and format("%q", weight) or type(weight)
    error(format("bad argument #3 to 'action' (weight must be a finite number more than 0, got %s)", given), 2)
  end
  -- Where the model defines it (`model.lua:12: `), for failures of the model that no
  -- error of its own places: what an action or its `when` returned.
  local where = select(2, pcall(error, "", 3))
  return { name = name, perform = perform, args = args, when = options.when, weight = weight,
           where = type(where) == "string" and where or "" }
end

-- The built-in invariants, each turned off with builtins = { name = false }.
local builtinNames = {
  expectedErrors = "a navigation fails only with an expected error",
  noPendingActions = "no custom action is left pending once the run loop settles",
  noPresentationOverDismissal = "nothing is presented over a screen being dismissed",
  sizeBound = "the hierarchy stays under its size bound",
  backToRoot = "every shown screen can get back to the start's root by pops and dismisses",
}
explore.builtins = builtinNames

-- explore.model { start = function() return app end or { ... }, actions = { ... },
--   invariants = { name = function(app) return ok, message end }, expected = { "pattern", ... },
--   builtins = { name = false }, maxContainers = 200, view = function(app) return state end }
function explore.model(spec)
  if type(spec) ~= "table" then error("bad argument #1 to 'model' (table expected)", 2) end
  for key in pairs(spec) do
    if key ~= "start" and key ~= "actions" and key ~= "invariants" and key ~= "expected" and key ~= "builtins" and key ~= "maxContainers"
       and key ~= "view" then
      error(format("bad argument #1 to 'model' (unknown field '%s' (start, actions, invariants, expected, builtins, maxContainers or view expected))", tostring(key)), 2)
    end
  end
  local starts = type(spec.start) == "function" and { spec.start } or spec.start
  if type(starts) ~= "table" or #starts == 0 then error("bad argument #1 to 'model' (start: a function returning an app, or a list of them)", 2) end
  checkList(starts, "start", "bad argument #1 to 'model'")
  for i, start in ipairs(starts) do
    if type(start) ~= "function" then error(format("bad argument #1 to 'model' (start[%d] is a %s, not a function returning an app)", i, type(start)), 2) end
  end
  if type(spec.actions) ~= "table" or #spec.actions == 0 then error("bad argument #1 to 'model' (actions: a list of explore.action)", 2) end
  checkList(spec.actions, "actions", "bad argument #1 to 'model'")
  local names = {}
  for i, a in ipairs(spec.actions) do
    if type(a) ~= "table" or type(a.perform) ~= "function" then error(format("bad argument #1 to 'model' (actions[%d] is not an explore.action)", i), 2) end
    if names[a.name] then error(format("bad argument #1 to 'model' (two actions are named '%s')", a.name), 2) end
    names[a.name] = i
  end
  if spec.invariants ~= nil and type(spec.invariants) ~= "table" then
    error(format("bad argument #1 to 'model' (invariants: a table of name = function, got %s)", type(spec.invariants)), 2)
  end
  local invariants = {}
  for name, check in pairs(spec.invariants or {}) do
    if type(name) ~= "string" or name == "" then
      error(format("bad argument #1 to 'model' (invariants are named: invariants = { [\"one chat per id\"] = function(app) ... end }, got %s)", name == "" and "an empty name" or "a " .. type(name) .. " key"), 2)
    end
    if type(check) ~= "function" then error(format("bad argument #1 to 'model' (invariant '%s' is not a function)", tostring(name)), 2) end
    if not utf8.len(tostring(name)) then error("bad argument #1 to 'model' (an invariant's name is not UTF-8 text)", 2) end
    invariants[#invariants + 1] = { name = tostring(name), check = check }
  end
  sort(invariants, function(a, b) return a.name < b.name end)
  local expected = spec.expected
  if expected == nil then expected = {} end
  if type(expected) ~= "table" then error(format("bad argument #1 to 'model' (expected: a list of error texts, got %s)", type(expected)), 2) end
  checkList(expected, "expected", "bad argument #1 to 'model'")
  for i, text in ipairs(expected) do
    if type(text) ~= "string" then error(format("bad argument #1 to 'model' (expected[%d] is a %s, not an error text)", i, type(text)), 2) end
    if text == "" then error(format("bad argument #1 to 'model' (expected[%d] is empty: it would expect every error)", i), 2) end
  end
  local builtins = spec.builtins
  if builtins == nil then builtins = {} end
  if type(builtins) ~= "table" then error(format("bad argument #1 to 'model' (builtins: a table of names = false, got %s)", type(builtins)), 2) end
  for name, on in pairs(builtins) do
    if builtinNames[name] == nil then
      local known = {}
      for builtin in pairs(builtinNames) do known[#known + 1] = builtin end
      sort(known)
      error(format("bad argument #1 to 'model' (unknown built-in invariant '%s' (%s))", tostring(name), concat(known, ", ")), 2)
    end
    if type(on) ~= "boolean" then error(format("bad argument #1 to 'model' (builtins.%s must be true or false, got %s)", name, type(on)), 2) end
  end
  local maxContainers = spec.maxContainers
  if maxContainers == nil then maxContainers = 200 end
  if math.type(maxContainers) ~= "integer" or maxContainers < 1 then
    local given = type(maxContainers) == "number" and tostring(maxContainers) or type(maxContainers) == "string" and format("%q", maxContainers) or type(maxContainers)
    error(format("bad argument #1 to 'model' (maxContainers must be a whole number, 1 or more, got %s)", given), 2)
  end
  -- What of the model's own state (its modules' variables) tells states apart in the
  -- exhaustive search, as TLA+'s VIEW: plain data, compared as its Lua literal.
  if spec.view ~= nil and type(spec.view) ~= "function" then
    error(format("bad argument #1 to 'model' (view: a function(app) returning the model's own state, got %s)", type(spec.view)), 2)
  end
  return { starts = starts, actions = spec.actions, byName = names, invariants = invariants, expected = expected,
           builtins = builtins, maxContainers = maxContainers, view = spec.view, isModel = true }
end
"""#
}
