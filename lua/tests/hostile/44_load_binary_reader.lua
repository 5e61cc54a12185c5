-- Hostile case: A binary chunk through a reader function.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: attempt to load a binary chunk
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local sent = false
    assert(load(function() if sent then return nil end sent = true return '\27LuaT' end))
  end)

  require "support.clean" (Feed)
end)
