-- The sandbox's guards against what Lua 5.4.4 itself would do to the host.

-- coroutine.close inside a __close handler that closes the one before, 20,000 deep: 5.4.4
-- does not count these C calls, and the C stack overflowed (a crashed worker; with
-- --in-process, a crashed host). The sandbox's coroutine.close stops them 100 deep.
scenario("closes nested in closes stop 100 deep instead of overflowing the C stack", function()
  local coro = false
  for _ = 1, 20000 do
    local previous = coro
    coro = coroutine.create(function()
      local closing <close> = setmetatable({}, { __close = function()
        if previous then assert(coroutine.close(previous)) end
      end })
      coroutine.yield()
    end)
    assert(coroutine.resume(coro))
  end
  local ok, err = coroutine.close(coro)
  expect(ok):toBe(false)
  expect(err):toMatch("C stack overflow %(coroutine%.close nested more than 100 deep%)$")
  -- Closes one inside another below the bound are Lua's own, results and errors alike.
  local inner = coroutine.create(function() local _ <close> = setmetatable({}, { __close = function() error("inner", 0) end }) coroutine.yield() end)
  coroutine.resume(inner)
  expect({ coroutine.close(inner) }):toEqual { false, "inner" }
  expect({ coroutine.close(coroutine.create(print)) }):toEqual { true }
  expect(function() coroutine.close(coroutine.running()) end):toFail("sandbox_spec%.lua:%d+: cannot close a running coroutine$")
  -- Lua's own refusals keep their name and their line.
  expect(function() coroutine.close(1) end):toFail("sandbox_spec%.lua:%d+: bad argument #1 to 'close' %(thread expected, got number%)$")
end)

-- table.sort is the sandbox's (it charges the work of a sort without a comparison), and calls
-- Lua's from C: its errors name 'sort' and the script line, as Lua's own sort's do.
scenario("table.sort's errors name sort and the script line", function()
  expect(function() table.sort(nil) end):toFail("sandbox_spec%.lua:%d+: bad argument #1 to 'sort' %(table expected, got nil%)$")
  expect(function() table.sort({ 3, 2, 1 }, 5) end):toFail("sandbox_spec%.lua:%d+: bad argument #2 to 'sort' %(function expected, got number%)$")
  -- What its comparisons raise in C is placed by the runner when it ends the scenario
  -- (hostile cases 79 and 80); a pcall gets it unplaced, as from Lua's own sort.
  -- What sorts as Lua's sort does: one element and an empty table need no comparison.
  local one = { 1 }
  table.sort(one, 5)
  expect(one):toEqual { 1 }
  local sorted = { 3, 1, 2 }
  table.sort(sorted, function(a, b) return a > b end)
  expect(sorted):toEqual { 3, 2, 1 }
end)

scenario("require gives the standard libraries the sandbox keeps, as stock Lua does, and no others", function()
  expect(require "string"):toBe(string)
  expect(require "table"):toBe(table)
  expect(require "math"):toBe(math)
  expect(require "utf8"):toBe(utf8)
  expect(require "coroutine"):toBe(coroutine)
  expect(require "_G"):toBe(_G)
  expect((require "os").execute):toBe(nil)
  expect(require "os"):toBe(os)
  for _, hidden in ipairs { "io", "debug", "package" } do
    expect(function() require(hidden) end):toFail("module '" .. hidden .. "' not found")
  end
end)
