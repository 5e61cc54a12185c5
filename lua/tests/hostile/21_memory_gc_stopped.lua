-- Hostile case: The collector stopped, then strings kept piling up: the cap still holds.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    collectgarbage('stop')
    local keep = {}
    while true do keep[#keep + 1] = string.rep('z', 1000) .. #keep end
  end)

  require "support.clean" (Feed)
end)
