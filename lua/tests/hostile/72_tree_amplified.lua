-- Hostile case: one screen with a 60 KB trait in 9,999 containers: its picture is 600 MB of
-- text the host would build outside the script's memory (1.6 GB of the process, the cap
-- passed only after; under a ulimit the host aborted).
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded (16 MiB)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local big, list = Feed { t = ("x"):rep(60000) }, {}
    for i = 1, 9999 do list[i] = big end
    local app = nav.app { root = nav.stack(list) }
    local tree = app:tree()
  end)

  require "support.clean" (Feed)
end)
