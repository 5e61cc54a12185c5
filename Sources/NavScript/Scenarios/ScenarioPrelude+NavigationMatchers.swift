extension ScenarioPrelude {
    /// The matchers of navigation: transitions, log lines, a navigation's result, snapshots.
    /// Part of the prelude's one chunk, after `expectSource`, whose locals they use.
    static let navigationMatchersSource = #"""
local transitionKinds, kindNames = {}, concat(host.transitionKinds, ", ")
for _, kind in ipairs(host.transitionKinds) do transitionKinds[kind] = true end

-- expect(app or app.transitions):toHaveTransitions { "push", "present" }: the kinds, in order.
function expectation:toHaveTransitions(kinds)
  local received = self.value
  need(self, "toHaveTransitions needs an App or a list of transitions", isApp(received) or type(received) == "table")
  need(self, "toHaveTransitions needs a list of kinds", type(kinds) == "table", kinds)
  -- A misspelt kind would match nothing, and pass every .never.
  for i, kind in ipairs(kinds) do
    if transitionKinds[kind] ~= true then
      raise(self, format("expect(value)%s:toHaveTransitions(): entry %d, %s, is no transition's kind (%s)",
        self.negated and ".never" or "", i, type(kind) == "string" and format("%q", kind) or type(kind), kindNames), 2)
    end
  end
  local list = isApp(received) and received.transitions or received
  local seen = {}
  for i, t in ipairs(list) do
    seen[i] = type(t) == "table" and t.kind or t
    -- The message is made only for an entry that is not one: a check after every step is a pass over the whole list.
    if type(seen[i]) ~= "string" then need(self, format("toHaveTransitions needs a list of transitions or kinds (entry %d is not one)", i), false, t) end
  end
  return check(self, deepEqual(seen, kinds), "expect(value):toHaveTransitions(kinds) failed", function(r)
    return format("  expected: %s%s\n  received: %s", negation(self), r.show(kinds), r.show(seen))
  end)
end

-- expect(app or app.log):toHaveLogged(pattern): a log line contains the text, or matches it.
function expectation:toHaveLogged(pattern)
  local received = self.value
  need(self, "toHaveLogged needs an App or a list of log lines", isApp(received) or type(received) == "table")
  need(self, "toHaveLogged needs a string as the pattern", type(pattern) == "string", pattern)
  local lines, found = isApp(received) and received.log or received, false
  for i, line in ipairs(lines) do
    if type(line) ~= "string" then need(self, format("toHaveLogged needs a list of log lines (entry %d is not text)", i), false, line) end
    if not found and matches(line, pattern) then found = true end
  end
  return check(self, found, "expect(value):toHaveLogged(pattern) failed", function(r)
    -- An entry of several lines (a stack's modifiers) keeps them under it, indented.
    local shown = {}
    for i, line in ipairs(lines) do shown[i] = (gsub(tostring(line), "\n", "\n      ")) end
    return format("  pattern: %s%s\n  log:\n    %s%s", negation(self), r.show(pattern), #shown == 0 and "(empty)" or concat(shown, "\n    "),
      self.negated and "" or patternNote(pattern))
  end)
end

-- expect(app:navigate(route)):toSucceed(), also for app:open(url) and app:settle().
function expectation:toSucceed(...)
  noExpected(self, "toSucceed", ...)
  -- Negated, anything but true would pass: what is no navigation's result is refused (the
  -- nil a navigator's navigate returns, which reports later).
  if self.negated and type(self.value) ~= "boolean" then
    raise(self, format("expect(value).never:toSucceed(): received %s, not a navigation's result (true, or false and its error)", type(self.value)), 2)
  end
  local ok = self.value == true
  return check(self, ok, "expect(value):toSucceed() failed", function(r)
    local picture = host.lastTree()
    if self.negated then return "  expected a failure, but it succeeded" .. (picture and ("\n\n" .. picture) or "") end
    local reason = self.value == false and type(self.extra) == "string" and self.extra
      or (self.value == false and "received false with no error (a navigation's result carries its error: "
        .. "expect(app:navigate(route)); app:settle() gives false while work is still scheduled)")
      or format("received %s, not a navigation's result", r.show(self.value))
    return "  " .. gsub(reason, "\n", "\n  ") .. (picture and ("\n\n" .. picture) or "")
  end)
end

-- An error value that is a table reads as a scenario's failure shows it: {code = 42, reason = "x"};
-- one whose __tostring fails reads as the runner names it.
local function errorText(err)
  local meta = getmetatable(err)
  if type(err) ~= "table" or type(meta) == "table" and meta.__tostring then
    local ok, text = pcall(tostring, err)
    return ok and text or format("(error object is a %s value whose __tostring failed: %s)", type(err),
      type(text) == "string" and gsub(text, "^[^\n:]+:%d+: ", "") or "?")
  end
  return host.fields(err)
end

-- expect(fn):toFail(pattern), or expect(app:navigate(route)):toFail(pattern)
function expectation:toFail(pattern)
  need(self, "toFail needs a function or a navigation's result", type(self.value) == "function" or type(self.value) == "boolean")
  need(self, "toFail needs a string as the pattern, or none", pattern == nil or type(pattern) == "string", pattern)
  local failed, message
  if type(self.value) == "function" then
    local ok, err = pcall(self.value)
    failed, message = not ok, not ok and errorText(err) or nil
  else
    failed, message = not self.value, self.extra
  end
  -- The message is matched as it is, and without the `file:line: ` an error put before it.
  local text = type(message) == "string" and message or nil
  local bare = text and match(text, "^[^\n:]+:%d+: (.*)$")
  local pass = failed and (pattern == nil or text ~= nil and (matches(text, pattern) or bare ~= nil and matches(bare, pattern))) or false
  return check(self, pass, "expect(value):toFail(pattern) failed", function(r)
    if self.negated then
      return format("  expected no failure%s\n  failed with: %s", pattern and (" matching " .. r.show(pattern)) or "", r.show(message))
    end
    if failed then
      return format("  expected a failure matching: %s\n  failed with: %s%s", r.show(pattern), r.show(message), patternNote(pattern))
    end
    return format("  expected a failure%s, but it succeeded", pattern and (" matching " .. r.show(pattern)) or "")
  end)
end

function expectation:toMatchSnapshot(name)
  if self.negated then
    raise(self, "expect(value).never:toMatchSnapshot(): a snapshot matcher cannot be negated (as in Jest)", 2)
  end
  -- A snapshot is named after the scenario that takes it: while the file loads there is none.
  if not running then
    raise(self, "expect(value):toMatchSnapshot() works while a scenario runs, not while its file loads", 2)
  end
  -- A number names it as Lua writes it (5, 5.0), as Lua's string arguments take one.
  if type(name) == "number" then name = tostring(name) end
  need(self, "toMatchSnapshot needs a name that is a non-empty string, or none", name == nil or type(name) == "string" and name ~= "", name)
  need(self, "toMatchSnapshot needs a name that is UTF-8 text", name == nil or utf8len(name) ~= nil, name)
  local value, text = self.value
  if getmetatable(value) == "Container" then
    text = value:tree()
  elseif isApp(value) then
    local parts = { value:tree(), "", "transitions:" }
    for _, t in ipairs(value.transitions) do
      local line = format("  %s %s%s [%s] -> [%s]%s", t.kind, t.container.kind,
        t.container.key and (" " .. t.container.key) or "", concat(t.before, ", "), concat(t.after, ", "),
        t.animated and (t.animation == "default" and " animated" or (" animated(" .. t.animation .. ")")) or "")
      -- One transition, one line, control characters written as the tree writes them.
      parts[#parts + 1] = gsub(line, "%c", function(c) return format("\\x%02x", byte(c)) end)
    end
    text = concat(parts, "\n")
  elseif type(value) == "string" then
    text = value
  else
    -- A value no snapshot can hold (nested too deep) fails at the expect's line.
    local serialized, problem = pcall(report().serialize, value)
    if not serialized then fail(self, "expect(value):toMatchSnapshot() failed: " .. tostring(problem)) end
    text = problem
  end
  -- A snapshot file is text: bytes that are not UTF-8 would be written as U+FFFD, and
  -- another such string would then match.
  need(self, "toMatchSnapshot needs a value whose text is UTF-8 (a snapshot file is text)", utf8len(text) ~= nil)
  local ok, message, expected = host.snapshot(name, text)
  -- The call as written, as Jest's header gives the hint: toMatchSnapshot("named").
  local call = "expect(value):toMatchSnapshot(" .. (name and gsub(format("%q", name), "\\\n", "\\n") or "") .. ") failed"
  host.count(ok, call, self.where or 2)
  if not ok then
    -- No entry to compare with (CI mode writes none): what would be written, as Jest's
    -- "Received" under its "New snapshot was not written".
    fail(self, call .. (message and (": " .. message) or ""),
      expected and (report().legend .. "\n" .. report().textDiff(expected, text)) or ("  received:\n    " .. gsub(text, "\n", "\n    ")))
  end
  return self
end

"""#
}
