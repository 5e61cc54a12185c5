-- Hostile case: an observer predicate nested 20,000 deep (the host reads it level by level).
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: predicates nest more than 32 deep
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local p, cur = {}, nil
    cur = p
    for _ = 1, 20000 do local n = {}; cur.satisfiedAny = { n }; cur = n end
    local app = nav.app { root = nav.stack { Feed() } }
    app.navigator:observe("X", {}, p)
  end)

  require "support.clean" (Feed)
end)
