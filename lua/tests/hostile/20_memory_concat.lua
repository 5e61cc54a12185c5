-- Hostile case: Strings piling up.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local parts = {} while true do parts[#parts + 1] = string.rep('y', 4096) end
  end)

  require "support.clean" (Feed)
end)
