/// The part of the `explore` library that runs given steps: `explore.run` and
/// `explore.frontier` for the exhaustive search, `explore.argumentLists`, and
/// `explore.replay` for saved failures. It follows the running part in the same chunk, so
/// it sees its locals (`startApp`, `check`, `enabled`, `perform`, `viewText`, ...).
extension ExploreLibrary {
    static let replaying = #"""
-- Whether two plain values are equal, tables by their contents (a replayed argument is a
-- copy of the value drawn).
local function same(a, b)
  if a ~= a and b ~= b then return true end   -- NaN, drawn and replayed
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for key, value in pairs(a) do if not same(value, b[key]) then return false end end
  for key in pairs(b) do if a[key] == nil then return false end end
  return true
end

-- What a replayed argument must be when generator `g` could not have drawn it, or nil.
local function outside(g, v)
  if g.kind == "int" then
    if math.type(v) == "integer" and v >= g.lo and v <= g.hi then return nil end
    return format("a whole number from %d to %d", g.lo, g.hi)
  end
  for _, value in ipairs(g.values) do if same(value, v) then return nil end end
  return format("one of its %d values", #g.values)
end

-- The app explore.run left, the actions enabled in it (for explore.frontier), and its steps.
local lastApp, lastChoices, lastStep

-- Runs `steps` ({ {"name", arg...} } or { {action =, args =} }) from start `startIndex`;
-- returns the failure or nil, the index of the step that failed, and the tree after each step
-- (and at the start, `trees.start`). Steps that end mid-animation settle and are checked
-- again, as a walk's last are, unless `unsettled` (the exhaustive search's state, whose
-- moves explore.frontier reads; explore.settled checks it then).
function explore.run(model, steps, startIndex, withTrees, randomSeed, unsettled)
  local app = startApp(model, startIndex or 1, randomSeed)
  lastApp = app
  local trees = {}
  if withTrees then trees.start = app:tree() end
  local failure = check(model, app, 0)
  if failure then return failure, 0, trees end
  -- Every `when` is asked in each state, as a walk asks them: one that raises is the failure.
  local choices, broken = enabled(model, app, 0)
  lastChoices = choices
  if not choices then return broken, 0, trees end
  for index, step in ipairs(steps) do
    local name = step.action or step[1]
    local args = step.args or { select(2, unpack(step)) }
    local position = model.byName[name]
    if not position then return { invariant = "the steps name actions of the model", message = "no action '" .. tostring(name) .. "'" }, index, trees end
    if #args ~= #model.actions[position].args then
      return { invariant = "the steps name actions of the model",
               message = format("'%s' takes %d argument%s, %d given", name, #model.actions[position].args,
                 #model.actions[position].args == 1 and "" or "s", #args) }, index, trees
    end
    -- A saved scenario edited by hand may give what no walk could draw.
    for j, g in ipairs(model.actions[position].args) do
      local want = outside(g, args[j])
      if want then
        return { invariant = "the steps name actions of the model",
                 message = format("'%s' takes %s as argument %d, %s given", name, want, j, literal(args[j])) }, index, trees
      end
    end
    local on = false
    for _, i in ipairs(choices) do if i == position then on = true break end end
    if not on then return nil, index, trees, "not enabled" end
    failure = perform(model, app, model.actions[position], args, index)
    if withTrees then trees[index] = app:tree() end
    if failure then return failure, index, trees end
    choices, broken = enabled(model, app, index)
    lastChoices = choices
    if not choices then return broken, index, trees end
  end
  lastStep = #steps
  if unsettled then return nil, #steps, trees end
  failure = settledCheck(model, app, #steps)
  if failure and withTrees then trees[#steps] = app:tree() end
  return failure, #steps, trees
end

-- After explore.run and explore.frontier: the failure, or nil, of the state it left once
-- the run loop settles.
function explore.settled(model)
  return settledCheck(model, lastApp, lastStep)
end

-- After explore.run: the shape, the actions enabled then (each with its argument lists),
-- whether the run loop had nothing scheduled (a state mid-animation is more than its shape),
-- and what the shape does not show: the deeplink the app holds, and the model's view.
function explore.frontier(model, keys)
  local out = {}
  for _, i in ipairs(lastChoices or {}) do
    local name = model.actions[i].name
    out[#out + 1] = { action = name, lists = explore.argumentLists(model, name) }
  end
  local _, _, idle = lastApp:census()
  local hidden = tostring(lastApp.pendingDeeplink)
  if model.view then hidden = hidden .. "\0" .. viewText(model, lastApp) end
  return lastApp:shape(keys), out, idle, hidden
end

-- The argument lists of an action, every combination, simplest first (for --exhaustive).
function explore.argumentLists(model, name)
  local action = model.actions[model.byName[name]]
  local lists = { {} }
  local tooMany = action.where .. "action '" .. name .. "' has more than 10000 argument lists"
  for _, g in ipairs(action.args) do
    local grown, listed = {}, values(g, 10000)
    if not listed then error(tooMany, 0) end
    for _, list in ipairs(lists) do
      for _, v in ipairs(listed) do
        local copy = { unpack(list) }
        copy[#copy + 1] = v
        grown[#grown + 1] = copy
        if #grown > 10000 then error(tooMany, 0) end
      end
    end
    lists = grown
  end
  return lists
end

-- What a saved failure's scenario calls: runs the steps and fails the way exploring did,
-- with the walk's seed of math.random.
function explore.replay(model, steps, startIndex, randomSeed)
  if type(model) ~= "table" or not model.isModel then error("bad argument #1 to 'replay' (a model from explore.model expected)", 2) end
  if type(steps) ~= "table" then error(format("bad argument #2 to 'replay' (a list of steps expected, got %s)", type(steps)), 2) end
  -- A list with a hole would replay only up to it, and pass: a hand-edited file says so.
  local function hole(list)
    local count = 0
    for key in pairs(list) do
      if math.type(key) == "integer" and key > 0 then count = math.max(count, key) end
    end
    for i = 1, count do
      if list[i] == nil then return i end
    end
  end
  local missing = hole(steps)
  if missing then error(format("bad argument #2 to 'replay' (step %d is missing: the steps are a list)", missing), 2) end
  for i, step in ipairs(steps) do
    if type(step) ~= "table" then
      error(format("bad argument #2 to 'replay' (step %d is a %s, not { \"action\", args... })", i, type(step)), 2)
    end
    missing = step.args == nil and hole(step)
    if missing then
      error(format("bad argument #2 to 'replay' (step %d has nothing at position %d: a step is { \"action\", args... }, and no argument is nil)", i, missing), 2)
    end
    for position, value in ipairs(step.args or { select(2, unpack(step)) }) do
      local kind = type(value)
      if kind ~= "string" and kind ~= "number" and kind ~= "boolean" and kind ~= "table" then
        error(format("bad argument #2 to 'replay' (step %d's argument %d is a %s: arguments are plain data)", i, position, kind), 2)
      end
    end
  end
  if startIndex ~= nil and (math.type(startIndex) ~= "integer" or not model.starts[startIndex]) then
    error(format("bad argument #3 to 'replay' (a start from 1 to %d expected, got %s)", #model.starts, tostring(startIndex)), 2)
  end
  if randomSeed ~= nil and math.type(randomSeed) ~= "integer" then
    error(format("bad argument #4 to 'replay' (an integer seed expected, got %s)",
      math.type(randomSeed) == "float" and tostring(randomSeed) or type(randomSeed)), 2)
  end
  -- A step as explore prints it: `open chat(3)`, `deeplink("app://x")`.
  local function describe(step)
    local name, args = step.action or step[1], step.args or { select(2, unpack(step)) }
    if #args == 0 then return tostring(name) end
    local shown = {}
    for i, v in ipairs(args) do shown[i] = literal(v) end
    return format("%s(%s)", tostring(name), concat(shown, ", "))
  end
  local failure, index, _, skipped = explore.run(model, steps, startIndex, nil, randomSeed)
  if skipped then
    -- A fix that keeps an action from being enabled there makes the sequence impossible: in
    -- a scenario that is no failure, and the scenario says so as pending.
    local why = format("step %d (%s) is not enabled any more", index, describe(steps[index]))
    if type(pending) == "function" then pending(why .. ": the sequence cannot happen now") end
    error(why, 2)
  end
  if failure then
    error(format("invariant '%s' does not hold after step %d (%s): %s", failure.invariant, index,
      index > 0 and describe(steps[index]) or "start", failure.message), 2)
  end
  -- The exhaustive search asks the model's view of the state each sequence ends in: a view
  -- that breaks a limit there breaks it here too.
  if model.view then viewText(model, lastApp) end
end

"""#
}
