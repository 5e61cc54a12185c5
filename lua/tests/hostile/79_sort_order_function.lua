-- Hostile case: a comparison that says every pair is in order, which Lua's table.sort
-- raises from C, unplaced; the error is placed at the script line, as its other errors are.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: 79_sort_order_function.lua:13: invalid order function for sorting
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local values = {} for i = 1, 100 do values[i] = i % 7 end
    table.sort(values, function() return true end)
  end)

  require "support.clean" (Feed)
end)
