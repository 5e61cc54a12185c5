-- Hostile case: a yield outside any coroutine, which Lua raises unplaced, from C; the error
-- is placed at the script line, as its other errors are.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: 74_yield_outside.lua:13: attempt to yield from outside a coroutine
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local value = 1
    coroutine.yield(value)
  end)

  require "support.clean" (Feed)
end)
