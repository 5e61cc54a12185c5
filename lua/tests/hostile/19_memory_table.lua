-- Hostile case: A table that grows without end.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local t = {} for i = 1, 1e9 do t[i] = {i} end
  end)

  require "support.clean" (Feed)
end)
