import Foundation
import LuaKit

/// The scenario runtime scripts see: `describe`, `scenario` (= `it`), `before_each`,
/// `after_each`, `pending` and `expect` with its matchers, written in Lua. The chunk gets
/// the host's helpers as its argument and returns the runner the host drives: `list()`,
/// or, when the host sets `target` (`{name =, line =}`), `found()`, `hooks(which)` and
/// `body()` of that scenario alone. A scenario is known by its full name and the line that
/// defines it, never by its position: a file that defines its scenarios in another order
/// in each fresh state (a loop over `pairs`) still runs the right one.
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

    /// A chunk compiled on first use, once per process.
    final class Compiled: @unchecked Sendable {
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

    /// The whole prelude, one chunk: the definitions (with the locals the other parts use),
    /// then how values are compared, `expect` and its matchers, then the runner the host drives.
    static let source = definitionsSource + comparingSource + expectSource + navigationMatchersSource + expectClosingSource + runnerSource

    /// `describe`, `scenario`, hooks and `pending`.
    static let definitionsSource = #"""
local host = ...
-- Lua's functions as they are before the file runs: a script's global `type = "chat"`
-- (a forgotten `local`) must not break the runner, nor the report it loads on a failure.
local type, tostring, pairs, ipairs, select, error, pcall = type, tostring, pairs, ipairs, select, error, pcall
local getmetatable, setmetatable, load = getmetatable, setmetatable, load
local tonumber, next, rawget, rawset, rawequal, utf8len = tonumber, next, rawget, rawset, rawequal, utf8.len
local sort, concat, insert = table.sort, table.concat, table.insert
local find, format, rep, match, gsub, gmatch, byte = string.find, string.format, string.rep, string.match, string.gsub, string.gmatch, string.byte
local lower = string.lower
local mathType, max, min, abs, tointeger = math.type, math.max, math.min, math.abs, math.tointeger
local builtins = {
  type = type, tostring = tostring, tonumber = tonumber, pairs = pairs, ipairs = ipairs, next = next, error = error,
  getmetatable = getmetatable, sort = sort, concat = concat, format = format, match = match, gsub = gsub, gmatch = gmatch,
  mathType = mathType, max = max, min = min, utf8len = utf8len, byte = byte, sub = string.sub, find = find, pcall = pcall,
  rawlen = rawlen, rawequal = rawequal, rawget = rawget,
}

-- Definitions -----------------------------------------------------------------------

local root = { names = {}, prefix = "", tags = {}, before = {}, after = {}, beforeAll = {}, afterAll = {} }
local current = root
local scenarios = {}
local target = host.target
-- Scenarios with one full name (made in a loop) are numbered from the second, as busted runs
-- them all: "works", "works (2)". Running "works (2)", the file's scenarios named "works"
-- are counted to find it; or, when the listing gave it a `print` (what its body holds: made
-- at one line under one name, in a loop over `pairs`, their order changes from state to
-- state), the one of them whose body holds the same is found (`runner.found`).
local named = {}
local targetBase = target and (match(target.name, "^(.*) %(%d+%)$") or target.name)
local targetBaseLength = target and #targetBase
local focused = false     -- where the file first marks something with .only, if it does
local running = false     -- whether the file is loaded and a scenario runs

local function arguments(what, name, a, b)
  if type(name) ~= "string" then
    error(format("bad argument #1 to '%s' (string expected, got %s)", what, type(name)), 4)
  end
  -- Reports, reruns and the host tell scenarios apart by name, as text.
  if not utf8len(name) then
    error(format("bad argument #1 to '%s' (the name is not UTF-8 text)", what), 4)
  end
  if not find(name, "%S") then
    error(format("bad argument #1 to '%s' (the name is empty: reports and reruns tell scenarios apart by name)", what), 4)
  end
  -- Options are optional in the middle too: scenario(name, nil, fn), as a route verb's are.
  -- The body is argument #3 after options (or nil), else #2: `at` says which.
  local options, body, at = {}, a, 2
  if type(a) == "table" or a == nil and b ~= nil then
    options, body, at = a or {}, b, 3
    -- A misspelt option would drop its tags without a word, and --tag select nothing.
    for key in pairs(options) do
      if key ~= "tags" then error(format("bad argument #2 to '%s' (unknown option '%s' (tags expected))", what, tostring(key)), 4) end
    end
    if options.tags ~= nil and type(options.tags) ~= "table" then
      error(format("bad argument #2 to '%s' (option 'tags' must be a list of names, got %s)", what, type(options.tags)), 4)
    end
    -- --tag splits at commas and a shell at spaces: such a tag could never be chosen.
    for _, tag in ipairs(options.tags or {}) do
      if tostring(tag) == "" or find(tostring(tag), "[,%s]") then
        error(format("bad argument #2 to '%s' (option 'tags': %q cannot be chosen with --tag: a tag is one word, without commas or spaces)", what, tostring(tag)), 4)
      end
    end
  elseif b ~= nil then
    if type(a) ~= "function" then error(format("bad argument #2 to '%s' (table of options or function expected, got %s)", what, type(a)), 4) end
    -- it(name, fn, 5000): Jest's timeout, which would be dropped without a word.
    error(format("bad argument #3 to '%s' (nothing expected after the function, got %s; a time limit is --timeout)", what, type(b)), 4)
  end
  return options, body, at
end

-- A block's tags, the options' and busted's `#tag` words in the name.
local function tagsOf(block, options, name)
  local tags = {}
  for tag in pairs(block.tags) do tags[tag] = true end
  for tag in gmatch(name, "#([%w_%-\128-\255]+)") do tags[tag] = true end
  for _, tag in ipairs(options.tags or {}) do tags[tostring(tag)] = true end
  return tags
end

-- mode: "run", "pending" or "todo" (no body needed), "skip" or "only".
local function define(what, name, a, b, mode)
  -- Running one scenario, the file is loaded again: only that scenario needs a record. The
  -- others are told apart by length first, without making their full names.
  if target and type(name) == "string" and #current.prefix + #name ~= #target.name and #current.prefix + #name ~= targetBaseLength then return end
  local options, body, at = arguments(what, name, a, b)
  if body ~= nil and type(body) ~= "function" or body == nil and mode ~= "pending" and mode ~= "todo" then
    error(format("bad argument #%d to '%s' (function expected, got %s)", at, what, type(body)), 3)
  end
  -- As jest-circus: an .only in a skipped block focuses nothing (the rest still runs).
  if mode == "only" and not current.skipped then focused = focused or host.definedAt(3) end
  local base = current.prefix .. name
  local count = (named[base] or 0) + 1
  named[base] = count
  local fullName = count > 1 and format("%s (%d)", base, count) or base
  local line
  if target then
    if target.print then
      if base ~= targetBase and base ~= target.name then return end
    elseif fullName ~= target.name then
      return
    end
    line = host.definedAt(3)
    if line ~= target.line then return end
  end
  local tags = tagsOf(current, options, name)
  local list = {}
  for tag in pairs(tags) do list[#list + 1] = tag end
  sort(list)
  line = line or host.definedAt(3)
  local record = {
    name = fullName, base = base, tags = list, line = line, block = current, body = body,
    -- The lines from the call to the body's end, for `file:LINE` inside a body.
    last = type(body) == "function" and host.lastLine(body) or nil,
    pending = mode == "pending" or mode == "todo" or mode == "skip" or current.skipped or nil,
    -- Why it does not run, when that is not pending(): reports say which.
    skip = (mode == "skip" or current.skipped) and "skipped" or mode == "todo" and "todo" or nil,
    only = mode == "only" and host.definedAt(3) or current.only,   -- where the .only that focuses it is
    ownOnly = mode == "only",
  }
  scenarios[#scenarios + 1] = record
  if current.direct then current.direct[#current.direct + 1] = record end
end

local function block(what, name, a, b, mode)
  local options, body, at = arguments(what, name, a, b)
  if type(body) ~= "function" then
    error(format("bad argument #%d to '%s' (function expected, got %s)", at, what, type(body)), 3)
  end
  if mode == "only" and not current.skipped then focused = focused or host.definedAt(3) end
  -- Said at the block's line: deeper, Lua's C stack ends (a little past 90) with no line.
  if #current.names >= 64 then error(format("'%s' blocks nest at most 64 deep", what), 3) end
  local names = {}
  for i, part in ipairs(current.names) do names[i] = part end
  names[#names + 1] = name
  local inner = { names = names, prefix = concat(names, " ") .. " ", tags = tagsOf(current, options, name),
                  before = {}, after = {}, beforeAll = {}, afterAll = {}, parent = current,
                  -- The lines from the call to the body's end, for `file:LINE` inside a block.
                  first = tonumber(match(host.definedAt(3) or "", ":(%d+)$")), last = host.lastLine(body),
                  skipped = mode == "skip" or current.skipped, only = mode == "only" and host.definedAt(3) or current.only }
  -- A focused block's own scenarios, for Jest's rule below.
  if inner.only then inner.direct = {} end
  local outer = current
  current = inner
  do
    -- A body that raises (under a pcall) leaves the block too: later definitions are not its.
    local leave <close> = setmetatable({}, { __close = function() current = outer end })
    body()
  end
  -- As jest-circus: a focused block does not focus its scenarios when one of them is
  -- focused itself (describe.only holding an it.only runs that one).
  if inner.direct then
    local own = false
    for _, record in ipairs(inner.direct) do own = own or record.ownOnly end
    if own then
      for _, record in ipairs(inner.direct) do
        if not record.ownOnly then record.only = nil end
      end
    end
  end
end

-- Definitions belong to the file's loading: inside a running scenario or hook they would be
-- lost, so they are refused (busted: "not supported inside current context block").
local function definable(what)
  if running then error(format("'%s' is not allowed inside a running scenario or hook: define it at the top of the file or in a describe", what), 3) end
end

-- Definitions called with a name alone that never got their function, by the function that
-- waits for it: where each is, and how it is written. The listing refuses the file then, as
-- Jest does ("Missing second argument"), where busted drops the scenario without a word.
local awaiting, awaited = {}, 0

-- One form of a definition, named as it is written in errors ("it.only", "xit"). Called with
-- a name alone, it takes the function next, as busted's `describe "name" (function ... end)`.
local function form(define, named, mode)
  return function(...)
    definable(named)
    -- Nothing given is "no value", as Lua's own functions say it.
    if select("#", ...) == 0 then error(format("bad argument #1 to '%s' (string expected, got no value)", named), 2) end
    local name, a, b = ...
    if a == nil and b == nil and type(name) == "string" then
      local continuation
      continuation = function(body)
        awaiting[continuation] = nil
        define(named, name, body, nil, mode)
      end
      awaited = awaited + 1
      awaiting[continuation] = { where = host.definedAt(2), call = format("%s(%q)", named, name), block = define == block, order = awaited }
      return continuation
    end
    define(named, name, a, b, mode)
  end
end

-- Jest's `it.todo("name")`: a scenario still to write, listed and reported pending.
local function todo(named)
  return function(...)
    definable(named)
    local name, a, b = ...
    if select("#", ...) == 0 then error(format("bad argument #1 to '%s' (string expected, got no value)", named), 2) end
    if a ~= nil or b ~= nil then
      error(format("bad argument #%d to '%s' (a todo has a name only; write it as it() when it has a body)", a ~= nil and 2 or 3, named), 2)
    end
    define(named, name, nil, nil, "todo")
  end
end

-- Callable tables, so that `.only`, `.skip` (and a scenario's `.todo`) hang off them as in
-- Jest and busted. The names of one kind are one another (`scenario == it`, as the contract
-- says they are the same), each a table of its own so that its errors name it as written.
local kindOf = {}   -- each callable's kind, where no script reaches it
local function sameKind(a, b)
  local kind = kindOf[a]
  return kind ~= nil and kind == kindOf[b]
end
local function callable(define, what)
  local run = form(define, what, "run")
  local named = setmetatable({ only = form(define, what .. ".only", "only"), skip = form(define, what .. ".skip", "skip"),
                               todo = define ~= block and todo(what .. ".todo") or nil },
                             { __call = function(_, ...) return run(...) end, __eq = sameKind })
  kindOf[named] = define
  return named
end

describe = callable(block, "describe")
scenario = callable(define, "scenario")
-- busted's and Jest's other names for them, each named in its own errors
context = callable(block, "context")
-- busted's insulate and expose keep or share a block's globals; every scenario here runs in
-- a fresh state, so both are a describe.
insulate, expose = callable(block, "insulate"), callable(block, "expose")
it, test, spec = callable(define, "it"), callable(define, "test"), callable(define, "spec")
-- Jest's and Jasmine's prefixed spellings of .skip and .only.
xit, xtest, xdescribe = form(define, "xit", "skip"), form(define, "xtest", "skip"), form(block, "xdescribe", "skip")
fit, fdescribe = form(define, "fit", "only"), form(block, "fdescribe", "only")
-- Where a file defines scenarios, pending(name) defines one that does not run; inside a
-- running scenario or hook it stops the scenario, which is reported skipped (busted's).
function pending(...)
  local name, a, b = ...
  if running then
    -- A reason is text (a number as Lua writes it); anything else would be lost unsaid.
    if type(name) == "number" then name = tostring(name) end
    if name ~= nil and type(name) ~= "string" then error(format("bad argument #1 to 'pending' (string expected, got %s)", type(name)), 2) end
    local reason = name or ""
    host.pending(reason)
    error("pending: " .. reason, 0)
  end
  if select("#", ...) == 0 then error("bad argument #1 to 'pending' (string expected, got no value)", 2) end
  define("pending", name, a, b, "pending")
end

local function hook(what, list)
  return function(...)
    definable(what)
    local body = ...
    if type(body) ~= "function" then
      error(format("bad argument #1 to '%s' (function expected, got %s)", what, select("#", ...) == 0 and "no value" or type(body)), 2)
    end
    insert(current[list], body)
  end
end

before_each, after_each = hook("before_each", "before"), hook("after_each", "after")
before_all, after_all = hook("before_all", "beforeAll"), hook("after_all", "afterAll")
setup, teardown = hook("setup", "beforeAll"), hook("teardown", "afterAll")
-- busted's other spellings: each scenario runs in a fresh state, so lazy and strict are one.
lazy_setup, strict_setup = hook("lazy_setup", "beforeAll"), hook("strict_setup", "beforeAll")
lazy_teardown, strict_teardown = hook("lazy_teardown", "afterAll"), hook("strict_teardown", "afterAll")

"""#
}
