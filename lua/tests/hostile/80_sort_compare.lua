-- Hostile case: values that cannot be compared, which Lua's table.sort
-- raises from C, unplaced; the error is placed at the script line, as its other errors are.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: 80_sort_compare.lua:13: attempt to compare string with number
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local values = { 1, "a", 3 }
    table.sort(values)
  end)

  require "support.clean" (Feed)
end)
