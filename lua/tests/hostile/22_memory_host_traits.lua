-- Hostile case: Screens whose traits the host keeps in Swift: charged to the cap.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local s = string.rep('x', 60000)
    local keep = {}
    for i = 1, 100000 do keep[i] = Feed { big = s .. i } end
  end)

  require "support.clean" (Feed)
end)
