-- Hostile case: Apps of 9,000 screens, made again and again and kept: the containers the host
-- makes count against the script's memory cap, or the machine's memory would run out first.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded (16 MiB)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local screens = {}
    for i = 1, 9000 do screens[i] = Feed { i = i } end
    local apps = {}
    for j = 1, 100000 do apps[j] = nav.app { root = nav.stack(screens) } end
  end)

  require "support.clean" (Feed)
end)
