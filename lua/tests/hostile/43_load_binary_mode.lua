-- Hostile case: load with mode 'b': text only.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: attempt to load a binary chunk
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    assert(load('\27Lua', 'x', 'b'))
  end)

  require "support.clean" (Feed)
end)
