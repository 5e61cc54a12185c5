/// The part of the `explore` library that runs models: the checks after each action and
/// `explore.walk`. It follows the definitions in the same chunk, so it sees their locals
/// (`builtinNames`, `values`, `draw`, ...).
extension ExploreLibrary {
    static let running = #"""
-- Checking ------------------------------------------------------------------------------

-- An error value as text that is the same in every run (a table's address is not): a
-- string or number as it is, a value with __tostring by it, else as stock Lua names it
-- (with why its __tostring gave no text, as the runner says it).
local function errorText(value)
  if type(value) == "string" or type(value) == "number" then return tostring(value) end
  local meta = getmetatable(value)
  if type(meta) == "table" and meta.__tostring then
    local ok, text = pcall(tostring, value)
    if ok and type(text) == "string" then return text end
    if ok then return format("(error object is a %s value whose __tostring returned a %s value)", type(value), type(text)) end
    -- What that raised is text, or said by its type: its own __tostring could fail too.
    local why = (type(text) == "string" or type(text) == "number") and tostring(text) or "(a " .. type(text) .. " value)"
    return format("(error object is a %s value whose __tostring failed: %s)", type(value), why)
  end
  return format("(error object is a %s value)", type(value))
end

-- The model's math.random, seeded anew before the start, each check, each action and each
-- asking of the `when`s by the walk's seed, the number of steps taken and which of these it
-- is: a replay of the same steps (shrinking, a saved scenario) draws what the walk drew,
-- whatever the walk drew in between to choose its steps (with `random`, the function
-- itself). The seed is set when the model first draws in each of these, so that a model that
-- never draws costs nothing.
local function mix(z)
  z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
  z = (z ~ (z >> 27)) * 0x94D049BB133111EB
  return z ~ (z >> 31)
end

local reseeding, reseedStep, reseedPhase

local function reseed(model, step, phase)
  reseeding, reseedStep, reseedPhase = model, step, phase
end

function math.random(...)
  if reseeding then
    local z = reseeding.randomSeed * 0x9E3779B97F4A7C15 + reseedStep * 4 + reseedPhase
    reseeding = nil
    randomseed(mix(z), mix(z + 0x9E3779B97F4A7C15))
  end
  return random(...)
end

-- A model that seeds the generator itself gets its own sequence: the seed set for the phase
-- is dropped.
function math.randomseed(...)
  reseeding = nil
  return randomseed(...)
end

-- Whether an error is one the model expects: a text it contains, or else a Lua pattern it
-- matches (a malformed pattern is taken as text only).
local function expectedError(model, message)
  for _, pattern in ipairs(model.expected) do
    if message:find(pattern, 1, true) then return true end
    local ok, found = pcall(string.find, message, pattern)
    if ok and found then return true end
  end
  return false
end

-- A protected call's status, how many values it returned, and those values: an invariant
-- that returned nothing (a forgotten `return true`) is told from one that returned nil.
local function counted(ok, ...) return ok, select("#", ...), ... end

-- Where a model's function is defined (`model.lua:12: `), where the host can say
-- (explore.definition): a message about what the function returned has no line of its own.
local function placeOf(fn)
  local place = explore.definition and explore.definition(fn)
  return place and place .. ": " or ""
end

-- The first invariant that does not hold, as { invariant =, message = }, or nil. A built-in
-- whose message describes the state says so (describesState): shrinking then goes by the
-- invariant alone.
local function check(model, app, step)
  reseed(model, step, 0)
  local on = model.builtins
  local containers, overDismissal, idle, errors = app:census()
  -- Every navigation that failed logged its error, whether the action returned it or not.
  if on.expectedErrors ~= false then
    for n = model.errorsSeen + 1, errors do
      local text = app:census(n)
      if not expectedError(model, text) then
        model.errorsSeen = errors
        return { invariant = builtinNames.expectedErrors, message = text }
      end
    end
  end
  model.errorsSeen = errors
  if on.backToRoot ~= false and app:shape(false, true) ~= model.startRoot then
    return { invariant = builtinNames.backToRoot, describesState = true, message = "with everything dismissed and popped: " .. app:shape(false, true)
      .. "\nthe start's root: " .. tostring(model.startRoot) }
  end
  -- Pending only counts once the run loop has settled: mid-animation, work is under way.
  if on.noPendingActions ~= false and idle then
    local pending = app.pendingActions
    if #pending > 0 then return { invariant = builtinNames.noPendingActions, describesState = true, message = "pending: " .. concat(pending, "; ") } end
  end
  if on.noPresentationOverDismissal ~= false and overDismissal then
    return { invariant = builtinNames.noPresentationOverDismissal, describesState = true, message = overDismissal }
  end
  if on.sizeBound ~= false and containers > model.maxContainers then
    return { invariant = builtinNames.sizeBound, describesState = true, message = format("%d containers, more than %d", containers, model.maxContainers) }
  end
  for _, invariant in ipairs(model.invariants) do
    local ok, returned, holds, message = counted(xpcall(invariant.check, placeError, app))
    if not ok then return { invariant = invariant.name, message = errorText(holds) } end
    -- A count or a text is no answer (`return #duplicates` would hold for ever).
    if holds ~= nil and type(holds) ~= "boolean" then
      return { invariant = invariant.name, message = format("%sdoes not say (it returned a %s: an invariant returns true when it holds, or false and why)", placeOf(invariant.check), type(holds)) }
    end
    if not holds then
      -- Nothing returned is most often a forgotten `return true`: say so.
      local why = message ~= nil and errorText(message)
        or holds == nil and format("%sdoes not hold (it returned %s: an invariant returns true when it holds, or false and why)", placeOf(invariant.check), returned == 0 and "nothing" or "nil")
        or placeOf(invariant.check) .. "does not hold (it returned false, and no reason with it)"
      return { invariant = invariant.name, message = why }
    end
  end
end

-- Where a walk or a sequence ends mid-animation: the run loop settles, and the state it
-- settles in is checked (a custom action left pending shows only once it has); the failure, or nil.
local function settledCheck(model, app, step)
  local _, _, idle = app:census()
  if idle then return nil end
  app:settle()
  return check(model, app, step)
end

-- Runs one action with its arguments and checks the state it leaves; the failure, or nil.
-- The run loop is not settled in between: an action that starts a navigation without
-- waiting for it, and one that waits (app:advance), interleave with animations.
-- A table argument as a fresh copy: values drawn from `oneOf` are shared between steps, and
-- an action that changes its argument must not change what later steps, the recorded walk
-- or a replay are given.
local function fresh(value)
  if type(value) ~= "table" then return value end
  local copy = {}
  for key, item in pairs(value) do copy[fresh(key)] = fresh(item) end
  return copy
end

local function perform(model, app, action, args, step)
  reseed(model, step, 1)
  local given = {}
  for i = 1, #args do given[i] = fresh(args[i]) end
  local ok, result, message = xpcall(action.perform, placeError, app, unpack(given, 1, #args))
  if not ok then return { invariant = "an action runs without a script error", message = errorText(result) } end
  -- A route not navigated (`return R.back()`) or a node is no answer: it would pass as a success.
  if result ~= nil and type(result) ~= "boolean" then
    return { invariant = "an action runs without a script error",
             message = format("%s'%s' returned a %s (nothing, or what app:navigate returns: true, or false and why)", action.where, action.name, type(result)) }
  end
  -- A failed navigation: false and a message, or Lua's nil and a message.
  if (result == false or result == nil and message ~= nil) and model.builtins.expectedErrors ~= false then
    local text = message ~= nil and errorText(message) or "the action returned false"
    -- What is not text is placed at the action, which gave it.
    if message ~= nil and type(message) ~= "string" and type(message) ~= "number" then text = action.where .. text end
    if not expectedError(model, text) then return { invariant = builtinNames.expectedErrors, message = text } end
  end
  return check(model, app, step)
end

-- The actions enabled in `app`, or nil and the failure of a `when` that raised: a bug of the
-- model is reported, not taken for "not enabled".
local function enabled(model, app, step)
  reseed(model, step, 2)
  local out = {}
  for i, action in ipairs(model.actions) do
    local ok, on = true, true
    if action.when then ok, on = xpcall(action.when, placeError, app) end
    if not ok then
      -- Placed first, as a `when` that returns what it may not is: `model.lua:4: 'a': boom`.
      local text = errorText(on)
      local place, rest = match(text, "^([^\n]-:%d+): (.*)$")
      return nil, { invariant = "an action's when runs without a script error",
                    message = place and format("%s: '%s': %s", place, action.name, rest) or format("'%s': %s", action.name, text) }
    end
    -- A count or a node is no answer (`return #stack.children` would enable it for ever).
    if on ~= nil and type(on) ~= "boolean" then
      return nil, { invariant = "an action's when runs without a script error",
                    message = format("%s'%s': when returned a %s (true, false or nil expected)", action.where, action.name, type(on)) }
    end
    if on then out[#out + 1] = i end
  end
  return out
end

-- The model's view of `app` as canonical text; when it gives what is not data, an error at
-- the view function's line, where the host says where it is (explore.definition).
local function viewText(model, app)
  local ok, text = pcall(canonical, model.view(app), "its value", {})
  if not ok then
    error(placeOf(model.view) .. text, 0)
  end
  return text
end

local function startApp(model, index, randomSeed)
  model.randomSeed = randomSeed or 0
  reseed(model, 0, 3)
  local app = model.starts[index]()
  if type(app) ~= "userdata" or tostring(app) ~= "App" then
    error(format("%sstart %d of the model returned %s, not an app (nav.app)", placeOf(model.starts[index]), index, type(app)), 0)
  end
  app:settle()
  -- A view that cannot be shown is refused on every run, not only an exhaustive one.
  if model.view then viewText(model, app) end
  -- What every later state must come back to (the built-in backToRoot invariant).
  model.startRoot = app:shape(false, true)
  model.errorsSeen = 0
  return app
end

-- Walks -----------------------------------------------------------------------------------

-- One of `best`, all as little known: in proportion to their weights, so that a heavier
-- action is chosen more often in new states too (with equal weights, as `random(#best)`).
local function weighted(model, best)
  local total, equal = 0, true
  for _, i in ipairs(best) do
    total = total + model.actions[i].weight
    equal = equal and model.actions[i].weight == model.actions[best[1]].weight
  end
  if equal then return best[random(#best)] end
  local left = random() * total
  for _, i in ipairs(best) do
    left = left - model.actions[i].weight
    if left < 0 then return i end
  end
  return best[#best]
end

-- One random walk of at most `depth` actions from start `startIndex`. In each abstract state
-- it prefers an action that no walk has tried there, then one that leads to a state seldom
-- reached: `known(shape)` gives, for each action earlier walks tried in that state, how
-- often the state it led to was reached; the walk adds its own tries. Returns the steps
-- taken ({action, args}), the failure (or nil), the shapes seen, and which actions were enabled.
-- `stepped(name, args, choices)`, when given, hears each step before it runs, with the actions
-- enabled where it was chosen: what a walk that breaks a limit took and found enabled is
-- found by walking it again so.
function explore.walk(model, depth, startIndex, keys, randomSeed, known, stepped)
  local app = startApp(model, startIndex, randomSeed)
  local steps, shapes, everEnabled, tried = {}, {}, {}, {}
  -- By shape, then by action: how well known where it leads is, and this walk's tries
  -- (shapes are long strings, not joined to each index).
  local function triesIn(shape)
    local counts = tried[shape]
    if not counts then
      counts = known and known(shape) or {}
      tried[shape] = counts
    end
    return counts
  end
  local shape = app:shape(keys)
  local counts = triesIn(shape)
  shapes[1] = shape
  local failure = check(model, app, 0)
  if failure then return steps, failure, shapes, everEnabled end
  for _ = 1, depth do
    local choices, broken = enabled(model, app, #steps)
    if not choices then return steps, broken, shapes, everEnabled end
    if #choices == 0 then break end
    for _, i in ipairs(choices) do everEnabled[i] = true end
    local pick
    if random() < 0.8 then
      local least, best = math.huge, {}
      for _, i in ipairs(choices) do
        local n = (counts[i] or 0) / model.actions[i].weight
        if n < least then least, best = n, { i } elseif n == least then best[#best + 1] = i end
      end
      pick = weighted(model, best)
    else
      pick = choices[random(#choices)]
    end
    counts[pick] = (counts[pick] or 0) + 1
    local action = model.actions[pick]
    local args = {}
    for j, g in ipairs(action.args) do args[j] = draw(g) end
    steps[#steps + 1] = { action = action.name, args = args }
    if stepped then stepped(action.name, args, choices) end
    failure = perform(model, app, action, args, #steps)
    shape = app:shape(keys)
    counts = triesIn(shape)
    shapes[#shapes + 1] = shape
    if failure then break end
  end
  -- The last state is asked too, as a replay asks it: what is enabled there was reached.
  if not failure and #steps == depth then
    local choices, broken = enabled(model, app, #steps)
    if not choices then return steps, broken, shapes, everEnabled end
    for _, i in ipairs(choices) do everEnabled[i] = true end
  end
  if not failure then failure = settledCheck(model, app, #steps) end
  return steps, failure, shapes, everEnabled
end

"""#
}
