import Foundation
import LuaKit

/// The scenario runtime scripts see: `describe`, `scenario` (= `it`), `before_each`,
/// `after_each`, `pending` and `expect` with its matchers, written in Lua. The chunk gets
/// the host's helpers as its argument and returns the runner the host drives:
/// `list()` and, for one scenario, `hooks(i, "before"/"after")` and `body(i)`. When the
/// host sets `target`, only that scenario is recorded (the others are only counted).
///
/// It runs in the same sandbox as the scenario file; the host helpers stay local to it.
enum ScenarioPrelude {
    static let chunkName = "=navscript.scenario"
    static let reportChunkName = "=navscript.report"

    // Stripped: they load into every scenario's state, and their errors name the
    // scenario's lines, not their own.
    private static let compiled = Compiled(source, chunkName)
    private static let compiledReport = Compiled(reportSource, reportChunkName)

    /// The prelude, compiled once per process.
    static func chunk() throws -> LuaChunk {
        try compiled.get()
    }

    /// What explains failures (showing values, diffs, pictures): the prelude loads it on
    /// the first failure, through `host.report()`, so that passing scenarios never do.
    static func reportChunk() throws -> LuaChunk {
        try compiledReport.get()
    }

    private final class Compiled: @unchecked Sendable {
        private let lock = NSLock()
        private let source: String, chunkName: String
        private var chunk: LuaChunk?

        init(_ source: String, _ chunkName: String) {
            self.source = source
            self.chunkName = chunkName
        }

        func get() throws -> LuaChunk {
            lock.lock()
            defer { lock.unlock() }
            if let chunk { return chunk }
            let made = try LuaChunk(compiling: source, chunkName: chunkName, stripped: true)
            chunk = made
            return made
        }
    }

    static let source = #"""
local host = ...
local type, tostring, pairs, ipairs, select, error, pcall = type, tostring, pairs, ipairs, select, error, pcall
local sort, concat, insert = table.sort, table.concat, table.insert
local find, format, rep = string.find, string.format, string.rep

-- Definitions -----------------------------------------------------------------------

local root = { names = {}, tags = {}, before = {}, after = {} }
local current = root
local scenarios = {}

local function arguments(what, name, a, b)
  if type(name) ~= "string" then
    error(format("bad argument #1 to '%s' (string expected, got %s)", what, type(name)), 3)
  end
  local options, body = {}, a
  if type(a) == "table" then options, body = a, b end
  return options, body
end

local function tagsOf(block, options)
  local tags = {}
  for tag in pairs(block.tags) do tags[tag] = true end
  if options.tags ~= nil then
    if type(options.tags) ~= "table" then error("option 'tags' must be a list of names", 4) end
    for _, tag in ipairs(options.tags) do tags[tostring(tag)] = true end
  end
  return tags
end

local function define(what, name, a, b, isPending)
  -- Running one scenario, the file is loaded again: only that scenario needs a record.
  if host.target then
    local index = #scenarios + 1
    if index ~= host.target then scenarios[index] = false return end
  end
  local options, body = arguments(what, name, a, b)
  if not isPending and type(body) ~= "function" then
    error(format("bad argument #2 to '%s' (function expected, got %s)", what, type(body)), 3)
  end
  local names = {}
  for i, part in ipairs(current.names) do names[i] = part end
  names[#names + 1] = name
  local tags = tagsOf(current, options)
  local list = {}
  for tag in pairs(tags) do list[#list + 1] = tag end
  sort(list)
  scenarios[#scenarios + 1] = {
    name = concat(names, " "), tags = list, line = host.where(3), block = current,
    body = body, pending = isPending or nil,
  }
end

function describe(name, a, b)
  local options, body = arguments("describe", name, a, b)
  if type(body) ~= "function" then
    error(format("bad argument #2 to 'describe' (function expected, got %s)", type(body)), 2)
  end
  local names = {}
  for i, part in ipairs(current.names) do names[i] = part end
  names[#names + 1] = name
  local block = { names = names, tags = tagsOf(current, options), before = {}, after = {}, parent = current }
  local outer = current
  current = block
  body()
  current = outer
end

function scenario(name, a, b) define("scenario", name, a, b, false) end
it = scenario
function pending(name, a, b) define("pending", name, a, b, true) end

function before_each(body)
  if type(body) ~= "function" then error("bad argument #1 to 'before_each' (function expected)", 2) end
  insert(current.before, body)
end

function after_each(body)
  if type(body) ~= "function" then error("bad argument #1 to 'after_each' (function expected)", 2) end
  insert(current.after, body)
end

-- Comparing values ------------------------------------------------------------------------

local function deepEqual(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for key, value in pairs(a) do
    if not deepEqual(value, b[key], seen) then return false end
  end
  for key in pairs(b) do
    if a[key] == nil then return false end
  end
  return true
end

-- Text matching: a plain substring, or else a Lua pattern.
local function matches(text, pattern)
  if find(text, pattern, 1, true) then return true end
  local ok, found = pcall(find, text, pattern)
  return ok and found ~= nil
end

local function isApp(value) return type(value) == "userdata" and tostring(value) == "App" end

-- What explains a failure (showing values, diffs, pictures) loads on the first failure.
local loadedReport
local function report()
  if not loadedReport then loadedReport = host.report()(deepEqual, isApp) end
  return loadedReport
end

-- Expectations ---------------------------------------------------------------------------

local expectation = {}
expectation.__index = expectation

local function fail(self, message, detail)
  local text = message
  if self.negated then text = message:gsub("^expect%(value%):", "expect(value).never:") end
  if detail and detail ~= "" then text = text .. "\n" .. detail end
  error(text, 3)
end

-- `detail` makes the explanation, only when the check fails.
local function check(self, pass, message, detail)
  if pass == self.negated then fail(self, message, detail(report())) end
  host.count()
  return self
end

local function negation(self) return self.negated and "not " or "" end

function expectation:toBe(expected)
  local received = self.value
  return check(self, received == expected, "expect(value):toBe(expected) failed", function(r)
    return format("  expected: %s%s\n  received: %s", negation(self), r.show(expected), r.show(received))
  end)
end

function expectation:toEqual(expected)
  local received = self.value
  return check(self, deepEqual(received, expected), "expect(value):toEqual(expected) failed", function(r)
    if type(expected) == "string" and type(received) == "string" and (find(expected, "\n", 1, true) or find(received, "\n", 1, true)) then
      return r.textDiff(expected, received)
    elseif type(expected) == "table" and type(received) == "table" then
      return concat(r.differences(expected, received, "", {}), "\n")
    end
    return format("  expected: %s%s\n  received: %s", negation(self), r.show(expected), r.show(received))
  end)
end

function expectation:toShow(screen)
  local received = self.value
  if isApp(received) then received = received:top() end
  local key = tostring(screen)
  local shown = received and received.key
  return check(self, shown == key, format("expect(value):toShow(%s) failed", key), function(r)
    local picture = r.pictureOf(self.value)
    return format("  expected: %s%s\n  received: %s%s", negation(self), key, tostring(shown or received),
      picture and ("\n\n" .. picture) or "")
  end)
end

function expectation:toContain(item)
  local received, found = self.value, false
  if type(received) == "string" then
    found = find(received, tostring(item), 1, true) ~= nil
  elseif type(received) == "table" then
    for _, value in pairs(received) do if deepEqual(value, item) then found = true break end end
  else
    error(format("expect(value):toContain needs a string or a table, got %s", type(received)), 2)
  end
  return check(self, found, "expect(value):toContain(item) failed", function(r)
    return format("  item: %s\n  %s: %s", r.show(item), self.negated and "found in" or "not found in", r.show(received))
  end)
end

function expectation:toHaveLength(length)
  local received = self.value
  if type(received) ~= "string" and type(received) ~= "table" then
    error(format("expect(value):toHaveLength needs a string or a table, got %s", type(received)), 2)
  end
  return check(self, #received == length, "expect(value):toHaveLength(length) failed", function(r)
    return format("  expected length: %s%d\n  received length: %d\n  value: %s", negation(self), length, #received, r.show(received))
  end)
end

function expectation:toMatch(pattern)
  local received = self.value
  if type(received) ~= "string" then
    error(format("expect(value):toMatch needs a string, got %s", type(received)), 2)
  end
  return check(self, matches(received, pattern), "expect(value):toMatch(pattern) failed", function(r)
    return format("  pattern: %s\n  received: %s", r.show(pattern), r.show(received))
  end)
end

-- expect(fn):toFail(pattern), or expect(app:navigate(route)):toFail(pattern)
function expectation:toFail(pattern)
  local failed, message
  if type(self.value) == "function" then
    local ok, err = pcall(self.value)
    failed, message = not ok, not ok and tostring(err) or nil
  else
    failed, message = not self.value, self.extra
  end
  local pass = failed and (pattern == nil or (message ~= nil and matches(message, pattern)))
  return check(self, pass, "expect(value):toFail(pattern) failed", function(r)
    if failed then
      return format("  expected a failure matching: %s\n  failed with: %s", r.show(pattern), r.show(message))
    end
    return format("  expected a failure%s, but it succeeded", pattern and (" matching " .. r.show(pattern)) or "")
  end)
end

function expectation:toMatchSnapshot(name)
  local value, text = self.value
  if isApp(value) then
    local parts = { value:tree(), "", "transitions:" }
    for _, t in ipairs(value.transitions) do
      parts[#parts + 1] = format("  %s %s%s [%s] -> [%s]%s", t.kind, t.container.kind,
        t.container.key and (" " .. t.container.key) or "", concat(t.before, ", "), concat(t.after, ", "),
        t.animated and (t.animation == "default" and " animated" or (" animated(" .. t.animation .. ")")) or "")
    end
    text = concat(parts, "\n")
  elseif type(value) == "string" then
    text = value
  else
    text = report().show(value)
  end
  local ok, message, expected = host.snapshot(name, text)
  if not ok then
    fail(self, "expect(value):toMatchSnapshot() failed" .. (message and (": " .. message) or ""),
      expected and report().textDiff(expected, text) or nil)
  end
  host.count()
  return self
end

function expect(...)
  local object = setmetatable({ value = (...), extra = select(2, ...), negated = false }, expectation)
  object.never = setmetatable({ value = object.value, extra = object.extra, negated = true }, expectation)
  return object
end

-- The runner the host drives ----------------------------------------------------------------

local runner = {}

function runner.list()
  local out = {}
  for i, s in ipairs(scenarios) do
    out[i] = { name = s.name, tags = s.tags, line = s.line, pending = s.pending or false }
  end
  return out
end

-- The before_each functions, outermost first; the after_each ones, innermost first.
function runner.hooks(index, which)
  local chain, block = {}, scenarios[index].block
  while block do insert(chain, 1, block); block = block.parent end
  local out = {}
  if which == "before" then
    for _, b in ipairs(chain) do for _, f in ipairs(b.before) do out[#out + 1] = f end end
  else
    for i = #chain, 1, -1 do for _, f in ipairs(chain[i].after) do out[#out + 1] = f end end
  end
  return out
end

function runner.body(index) return scenarios[index].body end

return runner
"""#
}
