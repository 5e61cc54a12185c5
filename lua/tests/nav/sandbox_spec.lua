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
