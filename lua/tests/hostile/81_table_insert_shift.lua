-- Hostile case: table.insert at position 1 of a table whose __len says 2^50, which Lua's
-- table library shifts element by element in C, out of the hook's reach: it held a scenario
-- (and a host running it on its own thread) for good. Charged an instruction an element.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: 81_table_insert_shift.lua:13: instruction limit exceeded (5000000 instructions)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    table.insert(setmetatable({}, { __len = function() return 2 ^ 50 end }), 1, "x")
  end)

  require "support.clean" (Feed)
end)
