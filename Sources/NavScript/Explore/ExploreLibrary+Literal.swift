/// The part of the `explore` library that writes a step's arguments as Lua literals, the
/// text explore prints and saves them with (`ExploreRunner.literal`, in Swift): what
/// `explore.replay` names a failing step with, so that a saved scenario fails with the
/// message explore printed. It follows the definitions in the same chunk.
extension ExploreLibrary {
    static let literals = #"""
-- A value as a Lua literal, the text explore prints and saves a step's arguments with (its
-- Swift writer's): strings with \\, \" and \n escaped and other control bytes as \ddd,
-- integers (math.mininteger by name), floats by the fewest digits that read back, as Swift
-- writes a Double (0/0 and math.huge by name), tables as constructors, the list first, then
-- the names in order.
local keywords = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  keywords[word] = true
end
local function literal(value)
  local kind = type(value)
  if kind == "string" then
    local escaped = value:gsub('[%c"\\]', function(c)
      if c == "\n" then return "\\n" end
      if c == '"' or c == "\\" then return "\\" .. c end
      return format("\\%03d", c:byte())
    end)
    return '"' .. escaped .. '"'
  elseif math.type(value) == "integer" then
    return value == math.mininteger and "math.mininteger" or tostring(value)
  elseif kind == "number" then
    if value ~= value then return "(0/0)" end
    if value == math.huge then return "math.huge" elseif value == -math.huge then return "-math.huge" end
    local digits, text = 1, nil
    repeat
      text = format("%." .. (digits - 1) .. "e", value)
      digits = digits + 1
    until tonumber(text) == value or digits > 17
    local exponent = tonumber(text:match("e([-+]%d+)$"))
    -- Swift writes exponents below 1e-4 and past 2^53.
    if exponent < -4 or math.abs(value) > 2^53 then return text end
    text = format("%." .. math.max(digits - 2 - exponent, 0) .. "f", value)
    return text:find(".", 1, true) and text or text .. ".0"
  elseif kind == "boolean" then
    return tostring(value)
  elseif kind == "table" then
    local items, names = {}, {}
    for i = 1, #value do items[#items + 1] = literal(value[i]) end
    for key in pairs(value) do
      if type(key) == "string" then names[#names + 1] = key end
    end
    sort(names)
    for _, name in ipairs(names) do
      local plain = name:match("^[%a_][%w_]*$") and not keywords[name]
      items[#items + 1] = (plain and name or "[" .. literal(name) .. "]") .. " = " .. literal(value[name])
    end
    return #items == 0 and "{}" or "{ " .. concat(items, ", ") .. " }"
  end
  return "nil"
end

-- A model's view as text that is one for one with its value: every key of a table, in an
-- order of its own (by type, then by this text), so that sets and maps of any keys compare.
-- What has no such text (a function, a Container, a cycle) is refused, at its path.
local keyOrder = { boolean = 1, number = 2, string = 3, table = 4 }
local function canonical(value, path, open)
  local kind = type(value)
  if kind == "nil" or kind == "boolean" or kind == "number" or kind == "string" then return literal(value) end
  if kind ~= "table" then
    error(format("view: %s is %s; a view is compared as data: nil, booleans, numbers, strings and tables of them", path,
      kind == "userdata" and tostring(value) or "a " .. kind), 0)
  end
  if open[value] then error(format("view: %s holds itself (a cycle)", path), 0) end
  open[value] = true
  local keys = {}
  for key in pairs(value) do
    if not keyOrder[type(key)] then error(format("view: %s has a %s as a key", path, type(key)), 0) end
    keys[#keys + 1] = { key = key, text = canonical(key, path .. " key", open) }
  end
  sort(keys, function(a, b)
    local x, y = keyOrder[type(a.key)], keyOrder[type(b.key)]
    if x ~= y then return x < y end
    return a.text < b.text
  end)
  local items = {}
  for i, entry in ipairs(keys) do
    items[i] = "[" .. entry.text .. "]=" .. canonical(value[entry.key], path .. "[" .. entry.text .. "]", open)
  end
  open[value] = nil
  return "{" .. concat(items, ",") .. "}"
end
"""#
}
