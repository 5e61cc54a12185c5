/// The part of the `explore` library that gives shrinking its simpler arguments
/// (`explore.simpler`). It follows the rest of the chunk, so it sees its locals (`same`).
extension ExploreLibrary {
    static let shrinking = #"""
-- Offsets below `k` (k > 0) to try, most first: all of it, then halfway, a quarter of the
-- way, ... down to one, so that repeated shrinking reaches the smallest failing value as a
-- binary search does. `k` is read unsigned: the distance across a range wider than
-- math.maxinteger.
local function steps(k)
  local out = { k }
  local step = k >> 1
  while step >= 1 do
    out[#out + 1] = step
    step = step >> 1
  end
  return out
end

-- Whether two plain values are the same value: as `same`, and a number of the same kind and
-- sign (1.0 after 1, or -0.0 after 0.0, is equal to it, and would have nothing simpler).
local function identical(a, b)
  if type(a) ~= "number" or type(b) ~= "number" then return same(a, b) end
  if a ~= a or b ~= b then return a ~= a and b ~= b end
  return math.type(a) == math.type(b) and a == b and (a ~= 0 or 1 / a == 1 / b)
end

-- The simplest whole number a generator draws, as Hypothesis's integers shrink: 0, or the
-- end of the range nearest it.
local function simplest(g)
  return g.lo > 0 and g.lo or g.hi < 0 and g.hi or 0
end

-- Values simpler than `v`, simplest first. A whole number: the simplest, then halfway there,
-- ... down to one step nearer, and a negative one's positive counterpart. One of a list: up
-- to 8 of the first values, then those halfway to its place, ... down to the one before it.
local function simplerValues(g, v)
  local out = {}
  if g.kind == "int" then
    local target = simplest(g)
    if math.type(v) ~= "integer" or v < g.lo or v > g.hi or v == target then return out end
    -- Lua's integers wrap: a distance past math.maxinteger (math.mininteger to 0) is read
    -- unsigned by `steps`, and the sum comes back within the range.
    local toward, distance = v > target and -1 or 1, v > target and v - target or target - v
    for _, step in ipairs(steps(distance)) do out[#out + 1] = v + toward * step end
    if v < 0 and v ~= math.mininteger and -v <= g.hi then out[#out + 1] = -v end
    return out
  end
  -- Its own place (`identical`), not that of an equal value before it.
  local place
  for i, value in ipairs(g.values) do
    if identical(value, v) then place = i break end
  end
  if not place then return out end
  for i = 1, math.min(8, place - 1) do out[#out + 1] = g.values[i] end
  for _, step in ipairs(steps(place - 1)) do
    if place - step > 8 then out[#out + 1] = g.values[place - step] end
  end
  return out
end

-- Simpler arguments for shrinking: each argument replaced by each value simpler than it.
function explore.simpler(model, name, args)
  local action = model.actions[model.byName[name]]
  local out = {}
  for j, g in ipairs(action.args) do
    for _, v in ipairs(simplerValues(g, args[j])) do
      local copy = { unpack(args, 1, #action.args) }
      copy[j] = v
      out[#out + 1] = copy
    end
  end
  return out
end

-- The range of each whole-number argument of an action ({lo, hi}; false for another kind),
-- for shrinking's moves of a total from one argument to another (toward the simplest, 0 or
-- the end nearest it).
function explore.ranges(model, name)
  local action = model.actions[model.byName[name]]
  local out = {}
  for j, g in ipairs(action.args) do
    out[j] = g.kind == "int" and { g.lo, g.hi } or false
  end
  return out
end

return explore
"""#
}
