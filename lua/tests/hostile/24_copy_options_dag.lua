-- Hostile case: An option's value shaped as a DAG: each use counts, so the copy stops early.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: value too large to copy
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local t = {}
    for i = 1, 6 do local n = {} for j = 1, 24 do n[j] = t end t = n end
    nav.route('stack'):push(Feed(), { animation = t })
  end)

  require "support.clean" (Feed)
end)
