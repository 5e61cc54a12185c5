-- Hostile case: A chain of screens presenting screens, 30,000 plain tables deep: the depth
-- was checked on the way back up, after the Swift stack had overflowed.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: hierarchy deeper than 99 containers
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local node = Feed()
    for _ = 1, 30000 do node = { Feed(), presented = node } end
    nav.app { root = node }
  end)

  require "support.clean" (Feed)
end)
