extension ScenarioPrelude {
    /// The runner the host drives (`list`, `found`, `select`, `hooks`, `body`): the end of
    /// the prelude's chunk, which returns it.
    static let runnerSource = #"""
-- The runner the host drives ----------------------------------------------------------------

local runner = {}

-- In a file that marks scenarios with .only, the others are skipped. Scenarios made under one
-- name at one line (in a loop) carry what their bodies hold (`print`), by which a state that
-- makes them in another order finds each, and are numbered in the order of their prints, so
-- that every process names each body alike (shards, --last-failed, --filter "works (2)");
-- when two of them hold the same as far as a print tells, none does, and they keep the
-- numbers of the order the file makes them in.
function runner.list()
  local first
  for _, waiting in pairs(awaiting) do
    if not first or waiting.order < first.order then first = waiting end
  end
  if first then
    error(format("%s: %s has no function: give it one%s", first.where, first.call,
      first.block and "" or ", or write a scenario still to write as it.todo(name)"), 0)
  end
  local groups, prints = {}, {}
  for _, s in ipairs(scenarios) do
    local key = s.base .. "\0" .. s.line
    groups[key] = groups[key] or {}
    insert(groups[key], s)
  end
  for _, group in pairs(groups) do
    local made, distinct = {}, #group > 1
    for _, s in ipairs(group) do
      local print = distinct and s.body and host.bodyPrint(s.body)
      distinct = print and not made[print]
      if distinct then made[print], prints[s] = true, print end
    end
    if not distinct then
      for _, s in ipairs(group) do prints[s] = nil end
    else
      local names = {}
      for i, s in ipairs(group) do names[i] = s.name end
      sort(group, function(a, b) return prints[a] < prints[b] end)
      for i, s in ipairs(group) do s.name = names[i] end
    end
  end
  local out = {}
  for i, s in ipairs(scenarios) do
    -- The spans of the blocks around it, innermost first, as first and last lines.
    local blocks, block = {}, s.block
    while block and block.first and block.last do
      blocks[#blocks + 1], blocks[#blocks + 2] = block.first, block.last
      block = block.parent
    end
    out[i] = { name = s.name, tags = s.tags, line = s.line, pending = s.pending or (focused and not s.only) or false,
               skip = s.skip or not s.pending and focused and not s.only and "not focused" or nil,
               only = s.only or false, placeholder = s.body == nil, print = prints[s], last = s.last, blocks = blocks,
               path = s.block.names,
               -- The .only that leaves it out: an empty describe.only leaves the file's others out too.
               leftOut = not s.only and focused or nil }
  end
  return out
end

-- Of `candidates`, the scenario whose body holds `print` (the listing gave prints only to
-- bodies it tells apart), or none: a body that holds what no listed one held (a loop whose
-- bodies hold what changes from state to state) is not guessed at.
local function chosen(candidates, print)
  for _, s in ipairs(candidates) do
    if s.body and host.bodyPrint(s.body) == print then return { s } end
  end
  return {}
end

-- How many scenarios of the file are the target (1 unless the file changed).
function runner.found()
  if target.print then scenarios = chosen(scenarios, target.print) end
  return #scenarios
end

-- A template's scenarios by full name and by base name (positions in `scenarios`), and those
-- made under one name at one line by what their bodies hold, made once before its copies
-- each select one: a select then costs the same in a file of any size (finding one of 8,000
-- made in a loop asked each body before it for its print).
local byName, byPrint
function runner.index()
  byName, byPrint = {}, {}
  local sharing = {}
  for i, s in ipairs(scenarios) do
    for _, key in ipairs { s.name, s.base ~= s.name and s.base or nil } do
      byName[key] = byName[key] or {}
      insert(byName[key], i)
    end
    local group = s.base .. "\0" .. s.line
    sharing[group] = (sharing[group] or 0) + 1
  end
  for _, s in ipairs(scenarios) do
    if s.body and sharing[s.base .. "\0" .. s.line] > 1 then
      local print = host.bodyPrint(s.body)
      -- Two bodies that hold the same are told apart by neither.
      if print then byPrint[print] = byPrint[print] == nil and s or false end
    end
  end
end

-- Keeps only the scenario named `name` defined at `line` (found by `print`, when given), in
-- a state that recorded them all (a template); how many there were.
function runner.select(name, line, print)
  local base = match(name, "^(.*) %(%d+%)$")
  local known = print and byPrint and byPrint[print]
  if known and known.line == line and (known.base == base or known.base == name) then
    scenarios = { known }
    return 1
  end
  local candidates = scenarios
  if byName then
    local picked, positions = {}, {}
    for _, key in ipairs { name, print and base or nil } do
      for _, i in ipairs(byName[key] or {}) do
        if not picked[i] then picked[i] = true; positions[#positions + 1] = i end
      end
    end
    sort(positions)
    candidates = {}
    for k, i in ipairs(positions) do candidates[k] = scenarios[i] end
  end
  local kept = {}
  for _, s in ipairs(candidates) do
    if s.line == line and (s.name == name or print and (s.base == base or s.base == name)) then kept[#kept + 1] = s end
  end
  scenarios = print and chosen(kept, print) or kept
  return #scenarios
end

-- The depth of the block whose before_all, or before_each, is running: left set when one fails.
local failedAll, failedEach

-- busted's finally(fn), in a running scenario's body: fn runs once the body has ended,
-- passed or failed, before the after_each hooks and on their budget.
local finallies, inBody = {}, false
function finally(fn)
  if not inBody then error("'finally' works inside a running scenario's body", 2) end
  if type(fn) ~= "function" then error(format("bad argument #1 to 'finally' (function expected, got %s)", type(fn)), 2) end
  insert(finallies, fn)
end

-- The target's hooks. "before": before_all of each block, outermost first, then before_each,
-- outermost first; the host stops at the first that fails. "after": the scenario's finally
-- functions, after_each innermost first, then after_all innermost first; after a before hook
-- failed, as busted runs them, only the after_each hooks of its block and the blocks around
-- it (none when a before_all failed), and the after_all hooks of the blocks whose
-- before_all ran. Each scenario runs in a fresh state, so a before_all runs once per
-- describe in that state.
function runner.hooks(which)
  running = true
  local chain, b = {}, scenarios[1].block
  while b do insert(chain, 1, b); b = b.parent end
  -- Each hook with what a failure of it says: `before_each of "chat opens"`.
  local out, labels = {}, {}
  local function add(fn, kind, block)
    out[#out + 1] = fn
    labels[#out] = #block.names == 0 and (kind .. " at the file's top level") or format('%s of "%s"', kind, concat(block.names, " "))
  end
  -- Each hook is called as a field named for its kind, so that a traceback through it says
  -- "in field 'before_each'" (this chunk is stripped: a local's name would be '?').
  if which == "before" then
    for depth, b in ipairs(chain) do
      for _, f in ipairs(b.beforeAll) do
        local hook = { before_all = f }
        add(function() failedAll = depth; hook.before_all(); failedAll = nil end, "before_all", b)
      end
    end
    for depth, b in ipairs(chain) do
      for _, f in ipairs(b.before) do
        local hook = { before_each = f }
        add(function() failedEach = depth; hook.before_each(); failedEach = nil end, "before_each", b)
      end
    end
  else
    inBody = false
    for _, f in ipairs(finallies) do
      local hook = { finally = f }
      out[#out + 1] = function() hook.finally() end
      labels[#out] = "finally"
    end
    -- A before_all that failed ran no before_each: no after_each runs either, as in busted.
    if not failedAll then
      for i = failedEach or #chain, 1, -1 do
        for _, f in ipairs(chain[i].after) do
          local hook = { after_each = f }
          add(function() hook.after_each() end, "after_each", chain[i])
        end
      end
    end
    for i = failedAll or #chain, 1, -1 do
      for _, f in ipairs(chain[i].afterAll) do
        local hook = { after_all = f }
        add(function() hook.after_all() end, "after_all", chain[i])
      end
    end
  end
  return out, labels
end

function runner.body()
  running, inBody = true, true
  return scenarios[1].body
end

return runner
"""#
}
