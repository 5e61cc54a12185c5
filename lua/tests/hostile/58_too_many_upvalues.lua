-- Hostile case: A function with too many upvalues.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: too many upvalues
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local outer, inner = {}, {}
    for i = 1, 150 do outer[i] = 'a' .. i; inner[i] = 'b' .. i end
    local all = table.concat(outer, ' + ') .. ' + ' .. table.concat(inner, ' + ')
    local source = 'local ' .. table.concat(outer, ', ') .. ' return function() local ' .. table.concat(inner, ', ')
      .. ' return function() return ' .. all .. ' end end'
    assert(load(source))
  end)

  require "support.clean" (Feed)
end)
