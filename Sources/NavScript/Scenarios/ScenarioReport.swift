/// What explains a failed expectation: showing values, the paths where two tables differ, a
/// line diff of two texts, and the picture of the hierarchy a container is in. The prelude
/// loads it on the first failure (`host.report()`), so a passing scenario never pays for it.
/// It gets the prelude's `deepEqual`, `equalByMetatable`, `isApp`, copies of Lua's functions and `number`, and
/// returns its helpers.
extension ScenarioPrelude {
    static let reportSource = #"""
local deepEqual, equalByMetatable, isApp, builtins, number = ...
-- The prelude's copies of Lua's functions, taken before the scenario file ran.
local type, tostring, tonumber, pairs, ipairs, next = builtins.type, builtins.tostring, builtins.tonumber, builtins.pairs, builtins.ipairs, builtins.next
local getmetatable, error, sort, concat, format = builtins.getmetatable, builtins.error, builtins.sort, builtins.concat, builtins.format
local match, gsub, gmatch, mathType, max, min = builtins.match, builtins.gsub, builtins.gmatch, builtins.mathType, builtins.max, builtins.min
local utf8len, byte, sub, find, pcall, rawlen, rawequal = builtins.utf8len, builtins.byte, builtins.sub, builtins.find, builtins.pcall, builtins.rawlen, builtins.rawequal
local rawget = builtins.rawget

-- Showing values ------------------------------------------------------------------------

-- Bytes that are not UTF-8 as \xNN, so that two texts that differ only there do not show
-- the same (the message becomes Swift text, where each would be U+FFFD).
local function bytesEscaped(s)
  if utf8len(s) then return s end
  local out, i = {}, 1
  while i <= #s do
    if utf8len(s, i, i) then
      -- A valid character: its lead byte says its length (utf8.offset would take stray
      -- continuation bytes after it for part of it).
      local lead = byte(s, i)
      local after = i + (lead < 0x80 and 1 or lead < 0xE0 and 2 or lead < 0xF0 and 3 or 4)
      out[#out + 1] = sub(s, i, after - 1)
      i = after
    else
      out[#out + 1] = format("\\x%02X", byte(s, i))
      i = i + 1
    end
  end
  return concat(out)
end

local function quote(s) return bytesEscaped((gsub(format("%q", s), "\\\n", "\\n"))) end

-- A long text is shown in part, `shownBytes` of it, and a table `shownItems` items a level,
-- each saying how much there is: a failure of a 100 kB text is not 200 kB of message.
local shownBytes, shownItems = 300, 30

-- Bytes `from` to `to` of `s`, moved off the middle of a character at both ends.
local function cut(s, from, to)
  while from > 1 and from <= #s and byte(s, from) >= 0x80 and byte(s, from) < 0xC0 do from = from - 1 end
  while to < #s and byte(s, to + 1) >= 0x80 and byte(s, to + 1) < 0xC0 do to = to + 1 end
  return sub(s, from, to)
end

-- Keywords are no names: a key `end` is shown ["end"].
local keywords = {}
for word in gmatch("and break do else elseif end false for function goto if in local nil not or repeat return then true until while", "%a+") do
  keywords[word] = true
end

-- A value's tostring, or its class (its kind) where its __tostring raises: an object Lua has
-- released reads `<Screen>`.
local function text(value)
  local ok, shown = pcall(tostring, value)
  if ok and type(shown) == "string" then return shown end
  local class = getmetatable(value)
  return "<" .. (type(class) == "string" and class or type(value)) .. ">"
end

local function show(value, depth, seen)
  local kind = type(value)
  if kind == "string" then
    if #value <= shownBytes then return quote(value) end
    return quote(cut(value, 1, shownBytes)) .. format("… (%d bytes in all)", #value)
  end
  if kind == "number" then return number(value) end
  if kind ~= "table" then return text(value) end
  depth, seen = depth or 0, seen or {}
  if seen[value] then return "<cycle>" end
  if depth > 4 then return "{...}" end
  seen[value] = true
  -- Its items by index, as many as `#` gives, or as its raw length where a __len gives no
  -- whole number (or fails): a failure shows what it can.
  local ok, n = pcall(function() return #value end)
  if not ok or mathType(n) ~= "integer" then n = rawlen(value) end
  -- A __index or __pairs that raises leaves the failure shown, with the table's own fields.
  local function at(key)
    local got, item = pcall(function() return value[key] end)
    if got then return item end
    return rawget(value, key)
  end
  -- A __len that counts something else (a link's URL, whose length it gives) is no list.
  if n > 0 and rawlen(value) == 0 and at(1) == nil then n = 0 end
  local parts = {}
  for i = 1, min(n, shownItems) do parts[#parts + 1] = show(at(i), depth + 1, seen) end
  local keys
  local function gather(iterate, state)
    keys = {}
    for key in iterate, state, nil do
      if not (type(key) == "number" and key >= 1 and key <= n and key % 1 == 0) then keys[#keys + 1] = key end
    end
  end
  if not pcall(function() gather(pairs(value)) end) then gather(next, value) end
  sort(keys, function(x, y) return text(x) < text(y) end)
  for i = 1, min(#keys, shownItems - #parts) do
    local key = keys[i]
    local label = type(key) == "string" and match(key, "^[%a_][%w_]*$") and not keywords[key] and key or "[" .. show(key, depth + 1, seen) .. "]"
    parts[#parts + 1] = label .. " = " .. show(at(key), depth + 1, seen)
  end
  local more = n + #keys - #parts
  if more > 0 then parts[#parts + 1] = format("… (%d more)", more) end
  seen[value] = nil
  return "{" .. concat(parts, ", ") .. "}"
end

-- Two values as a failure shows them side by side: two texts too long to show whole are
-- shown around where they first differ, with a note saying where.
local function showTwo(expected, received)
  if type(expected) ~= "string" or type(received) ~= "string" or #expected <= shownBytes and #received <= shownBytes then
    return show(expected), show(received), ""
  end
  local at = 1
  while at <= #expected and byte(expected, at) == byte(received, at) do at = at + 1 end
  local function around(s)
    local from, to = max(at - 60, 1), min(at + 120, #s)
    return (from > 1 and "…" or "") .. quote(cut(s, from, to)) .. (to < #s and "…" or "")
  end
  return around(expected), around(received),
    format("\n  (texts of %d and %d bytes; they first differ at byte %d)", #expected, #received, at)
end

-- A value as a snapshot stores it: a table in full, one field a line, keys sorted, so that a
-- change anywhere shows in the diff; functions and coroutines as their kind (their
-- addresses change from run to run), objects as `tostring` gives them.
local serialize
function serialize(value)
  local out, seen = {}, {}
  local put
  -- The text of `v` as `put` writes it, in the same walk (a cycle reads as <cycle>).
  local function written(v, indent, depth)
    local outer = out
    out = {}
    put(v, indent, depth)
    local text = concat(out)
    out = outer
    return text
  end
  function put(v, indent, depth)
    local kind = type(v)
    if kind == "string" then out[#out + 1] = quote(v)
    elseif kind == "number" then out[#out + 1] = number(v)
    elseif kind == "function" or kind == "thread" then out[#out + 1] = "<" .. kind .. ">"
    elseif kind ~= "table" then out[#out + 1] = tostring(v)
    elseif seen[v] then out[#out + 1] = "<cycle>"
    elseif depth > 100 then error("a table nested more than 100 levels deep cannot be a snapshot", 0)
    elseif next(v) == nil then out[#out + 1] = "{}"
    else
      seen[v] = true
      out[#out + 1] = "{\n"
      -- Its items by index, as many as `#` gives; by its raw length where a __len gives no
      -- whole number (or fails), and never a length far past what it holds.
      local inner, ok, n = indent .. "  ", pcall(function() return #v end)
      if not ok or mathType(n) ~= "integer" or n < 0 then n = rawlen(v) end
      if n > rawlen(v) + 100000 then
        error(format("a table whose __len gives %d cannot be a snapshot: it holds %d by index", n, rawlen(v)), 0)
      end
      for i = 1, n do
        out[#out + 1] = inner
        put(v[i], inner, depth + 1)
        out[#out + 1] = ",\n"
      end
      -- Each entry is written first; numbers and strings sort as themselves, other keys
      -- (tables, functions, objects) by their text, not their addresses, and keys of one
      -- text by their values' text: entries that tie on both read the same.
      local entries = {}
      for key, item in pairs(v) do
        if not (mathType(key) == "integer" and key >= 1 and key <= n) then
          local label = type(key) == "string" and match(key, "^[%a_][%w_]*$") and not keywords[key] and key
            or "[" .. written(key, inner, depth + 1) .. "]"
          entries[#entries + 1] = { key = key, label = label, text = written(item, inner, depth + 1) }
        end
      end
      sort(entries, function(a, b)
        local x, y = a.key, b.key
        if type(x) ~= type(y) then return type(x) < type(y) end
        if type(x) == "number" or type(x) == "string" then return x < y end
        if a.label ~= b.label then return a.label < b.label end
        return a.text < b.text
      end)
      for _, entry in ipairs(entries) do
        out[#out + 1] = inner .. entry.label .. " = " .. entry.text .. ",\n"
      end
      out[#out + 1] = indent .. "}"
      seen[v] = nil
    end
  end
  put(value, "", 0)
  return concat(out)
end

-- A key in a path: `[2]`, `.name`, `["a b"]`, `["end"]`, `[1.5]`, `[true]`.
local function keyLabel(path, key)
  if mathType(key) == "integer" then return format("%s[%d]", path, key) end
  if type(key) == "string" and match(key, "^[%a_][%w_]*$") and not keywords[key] then return path .. "." .. key end
  return format("%s[%s]", path, show(key))
end

-- The keys of two tables in the order their differences are listed: the sequence 1, 2, ...
-- as it is, then the others sorted (numbers and strings by value, other keys by their text).
local function keysOf(expected, received)
  local keys, known, n = {}, {}, max(rawlen(expected), rawlen(received))
  for i = 1, n do keys[i] = i end
  local others = {}
  for _, side in ipairs({ expected, received }) do
    for key in pairs(side) do
      if not known[key] and not (mathType(key) == "integer" and key >= 1 and key <= n) then
        known[key] = true
        others[#others + 1] = key
      end
    end
  end
  sort(others, function(x, y)
    if type(x) == type(y) and (type(x) == "number" or type(x) == "string") then return x < y end
    return tostring(x) < tostring(y)
  end)
  for _, key in ipairs(others) do keys[#keys + 1] = key end
  return keys
end

-- Where two tables differ: how many paths differ (counted up to 10,000), and a line for each
-- of the first `shown`. Each pair of tables met is walked once, however deep (deepEqual only
-- for what is not a table), and a path is written out only for a line shown.
local function differences(expected, received, shown)
  local lines, count, path, seen, visited = {}, 0, {}, {}, 0
  -- The path to depth: a long one as its first 8 keys and its last 8.
  local function label(depth)
    local text, i = "", 1
    while i <= depth do
      if depth > 24 and i == 9 then
        text, i = text .. format(" \u{2026}%d keys\u{2026} ", depth - 16), depth - 7
      else
        text, i = keyLabel(text, path[i]), i + 1
      end
    end
    return text == "" and "(value)" or text
  end
  local function walk(e, r, depth)
    if count >= 10000 then return end
    if type(e) ~= "table" or type(r) ~= "table" or equalByMetatable(e, r) then
      if deepEqual(e, r) then return end
      count = count + 1
      if count <= shown then
        local shownE, shownR, note = showTwo(e, r)
        lines[count] = format("  at %s: expected %s, received %s%s%s", label(depth), shownE, shownR, (gsub(note, "^\n  ", " ")),
                              type(e) == "table" and type(r) == "table" and " (their metatable's __eq tells them apart)" or "")
      end
      return
    end
    -- Each pair of tables once: a table met again against the same one (a cycle, a table
    -- met by many paths) has said what differs there; against another, it may differ anew.
    -- Past 10,000 pairs (tables shared otherwise on each side), each table once.
    if rawequal(e, r) then return end
    local against = seen[e]
    if against then
      if against[r] or visited >= 10000 then return end
    else
      against = {}
      seen[e] = against
    end
    against[r] = true
    visited = visited + 1
    for _, key in ipairs(keysOf(e, r)) do
      if count >= 10000 then return end
      local a, b = e[key], r[key]
      if a == nil and b ~= nil or b == nil and a ~= nil then
        count = count + 1
        if count <= shown then
          path[depth + 1] = key
          local what, value = "missing", a    -- not `a == nil and b or a`: b may be false
          if a == nil then what, value = "unexpected", b end
          lines[count] = format("  at %s: %s %s", label(depth + 1), what, show(value))
        end
      elseif a ~= nil then
        path[depth + 1] = key
        walk(a, b, depth + 1)
      end
    end
  end
  walk(expected, received, 0)
  return lines, count
end

-- The first 20 differences, and how many more there are. Two tables with no path that
-- differs are cycles of different shapes: they are shown whole.
local function differenceLines(expected, received)
  local ok, lines, count = pcall(differences, expected, received, 20)
  if not ok then
    if type(lines) ~= "string" or not find(lines, "stack overflow", 1, true) then error(lines, 0) end
    return format("  expected: %s\n  received: %s\n  (nested too deep to list where they differ)", show(expected), show(received))
  end
  if count == 0 then
    return format("  expected: %s\n  received: %s\n  (their cycles lead back to different tables)", show(expected), show(received))
  end
  if count <= 20 then return concat(lines, "\n") end
  local more = count - 20
  return concat(lines, "\n") .. format("\n  ... and %s more difference%s", count >= 10000 and "at least " .. more or more, more == 1 and "" or "s")
end

local function lines(text)
  local out = {}
  for line in gmatch(text .. "\n", "(.-)\n") do out[#out + 1] = line end
  return out
end

-- A line diff of two texts (longest common subsequence), "- expected" / "+ received". The
-- lines both start and end with are left out of the search, so that a long text changed in
-- one place is diffed there; a middle too long to search is shown as removed, then added.
local function textDiff(expected, received)
  local a, b = lines(expected), lines(received)
  local first, lastA, lastB = 1, #a, #b
  while first <= lastA and first <= lastB and a[first] == b[first] do first = first + 1 end
  while lastA >= first and lastB >= first and a[lastA] == b[lastB] do lastA, lastB = lastA - 1, lastB - 1 end
  -- Each line with its place in both texts.
  local rows = {}
  for k = 1, first - 1 do rows[#rows + 1] = { " ", a[k], k, k } end
  if (lastA - first + 1) * (lastB - first + 1) > 250000 then
    for k = first, lastA do rows[#rows + 1] = { "-", a[k], k, first } end
    for k = first, lastB do rows[#rows + 1] = { "+", b[k], lastA + 1, k } end
  else
    local lcs = {}
    for i = lastA + 1, first, -1 do
      lcs[i] = {}
      for j = lastB + 1, first, -1 do
        if i > lastA or j > lastB then lcs[i][j] = 0
        elseif a[i] == b[j] then lcs[i][j] = lcs[i + 1][j + 1] + 1
        else lcs[i][j] = max(lcs[i + 1][j], lcs[i][j + 1]) end
      end
    end
    local i, j = first, first
    while i <= lastA or j <= lastB do
      if i <= lastA and j <= lastB and a[i] == b[j] then rows[#rows + 1] = { " ", a[i], i, j }; i, j = i + 1, j + 1
      elseif i <= lastA and (j > lastB or lcs[i + 1][j] >= lcs[i][j + 1]) then rows[#rows + 1] = { "-", a[i], i, j }; i = i + 1
      else rows[#rows + 1] = { "+", b[j], i, j }; j = j + 1 end
    end
  end
  for k = 1, #a - lastA do rows[#rows + 1] = { " ", a[lastA + k], lastA + k, lastB + k } end
  -- As Jest and `diff -u` show a long text: only the changes and five lines around each,
  -- under a hunk header where lines are left out.
  local context, shown = 5, {}
  for n, row in ipairs(rows) do
    if row[1] ~= " " then
      for k = max(1, n - context), min(#rows, n + context) do shown[k] = true end
    end
  end
  local out, n = {}, 1
  while n <= #rows do
    if shown[n] then
      local last = n
      while shown[last + 1] do last = last + 1 end
      if n > 1 or last < #rows then
        local removed, added = 0, 0
        for k = n, last do
          if rows[k][1] ~= "+" then removed = removed + 1 end
          if rows[k][1] ~= "-" then added = added + 1 end
        end
        out[#out + 1] = format("  @@ -%d,%d +%d,%d @@", rows[n][3], removed, rows[n][4], added)
      end
      for k = n, last do out[#out + 1] = (rows[k][1] == " " and "    " or "  " .. rows[k][1] .. " ") .. rows[k][2] end
      n = last + 1
    else
      n = n + 1
    end
  end
  return concat(out, "\n")
end

local function isContainer(value) return type(value) == "userdata" and value.kind ~= nil and value.isVisible ~= nil end

-- The picture of the whole hierarchy a container is in.
local function pictureOf(value)
  if isApp(value) then return value:tree() end
  if isContainer(value) then
    local top = value
    while top.parent or top.presenting do top = top.parent or top.presenting end
    return top:tree()
  end
end

-- The type a matcher names when it gets the wrong kind of value: an object's class, or Lua's type.
local function typeName(value)
  local class = type(value) == "userdata" and getmetatable(value)
  return type(class) == "string" and class or type(value)
end

return { show = show, showTwo = showTwo, serialize = serialize, differenceLines = differenceLines, textDiff = textDiff, pictureOf = pictureOf, typeName = typeName,
         legend = "  - expected\n  + received" }
"""#
}
