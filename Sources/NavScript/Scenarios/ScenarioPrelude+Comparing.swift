extension ScenarioPrelude {
    /// How matchers compare values and text, and the report that explains a failure, loaded
    /// on the first: the part of the prelude after the definitions, in the same chunk
    /// (`expectSource` follows, and uses its locals).
    static let comparingSource = #"""
-- Comparing values ------------------------------------------------------------------------

local function isHierarchy(value)
  local class = type(value) == "userdata" and getmetatable(value)
  return class == "App" or class == "Container"
end

-- Tables are compared by their contents; their own `==` decides only when both have the
-- metatable that defines it, as busted's `same` has it (one side's __eq does not speak for
-- the other's contents).
local function equalByMetatable(a, b)
  local class = getmetatable(a)
  return type(class) == "table" and rawequal(class, getmetatable(b)) and rawget(class, "__eq") ~= nil
end

-- On the way down, `levels` has each table of the received side at its depth, and `blevels`
-- each of the expected side at its: a table met again on either side is equal only where the
-- other side meets its own partner again at the same depth, as Jest's two stacks tell cycles
-- of different shapes apart, whichever side is received.
-- `proven` keeps the pairs found equal, so that a table met by many paths is compared once
-- (any difference ends the whole comparison, so what was found holds), but only the pairs
-- whose comparison met no table of the stack above them again: such a pair is equal or not
-- by where it is met (`{X, X}` against `{Z, V}`, V holding Z's cycle from outside it).
-- Returns whether they are equal, and the least depth of the stack the comparison met again.
local huge = math.huge
local function deepEqual(a, b, levels, blevels, depth, proven)
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b then return true, huge end
    -- NaN equals NaN, as Jest's toEqual compares with Object.is.
    if a ~= a and b ~= b then return true, huge end
    -- Two apps, or two containers, are equal when their hierarchies are: the same tree.
    return isHierarchy(a) and isHierarchy(b) and getmetatable(a) == getmetatable(b) and a:tree() == b:tree(), huge
  end
  if rawequal(a, b) then return true, huge end
  if getmetatable(a) ~= nil and equalByMetatable(a, b) then return a == b, huge end
  levels, blevels, depth, proven = levels or {}, blevels or {}, (depth or 0) + 1, proven or {}
  local level, blevel = levels[a], blevels[b]
  if level or blevel then return level == blevel, min(level or huge, blevel or huge) end
  if proven[a] and proven[a][b] then return true, huge end
  levels[a], blevels[b] = depth, depth
  local equal, seen, low, same, met = true, {}, huge, nil, nil
  for key, value in pairs(a) do
    same, met = deepEqual(value, b[key], levels, blevels, depth, proven)
    if met < low then low = met end
    if not same then equal = false break end
    seen[key] = true
  end
  -- A key of b's that a's walk did not give (a __pairs that hides it) is compared too, so
  -- that the answer is the same either way round.
  if equal then
    for key, value in pairs(b) do
      if not seen[key] then
        if a[key] == nil then equal = false break end
        same, met = deepEqual(a[key], value, levels, blevels, depth, proven)
        if met < low then low = met end
        if not same then equal = false break end
      end
    end
  end
  levels[a], blevels[b] = nil, nil
  if equal and low >= depth then
    proven[a] = proven[a] or {}
    proven[a][b] = true
  end
  return equal, low
end

-- Text matching: a plain substring, or else a Lua pattern.
local function matches(text, pattern)
  if find(text, pattern, 1, true) then return true end
  local ok, found = pcall(find, text, pattern)
  return ok and found ~= nil
end

-- For a failure's message: why text that is not a Lua pattern matched only as text. Lua
-- finds a malformed pattern only as far as it matches, so it is matched against itself (not
-- against the text searched, where a pattern of several `.-` can take minutes).
local function patternNote(pattern)
  local ok, err = pcall(find, "\0" .. pattern, (gsub(pattern, "^%^", "")))
  return ok and "" or format("\n  (it is not a Lua pattern either: %s)", (gsub(tostring(err), "^[^\n]-:%d+: ", "")))
end

-- A number as Lua reads it back: 0.1 + 0.2 shows as 0.30000000000000004, not as 0.3.
local function number(value)
  if value ~= value then return "nan" end
  local text = tostring(value)
  if mathType(value) == "float" and tonumber(text) ~= value then
    text = format("%.17g", value)
    -- A float that reads as an integer says it is one, as Lua's own text does: 2^53 is 9007199254740992.0.
    if match(text, "^%-?%d+$") then text = text .. ".0" end
  end
  return text
end

local function isApp(value) return type(value) == "userdata" and tostring(value) == "App" end

-- What explains a failure (showing values, diffs, pictures) loads on the first failure.
local loadedReport
local function report()
  if not loadedReport then loadedReport = host.report()(deepEqual, equalByMetatable, isApp, builtins, number) end
  return loadedReport
end

"""#
}
