-- Hostile case: a snapshot nested 5,000 deep given to restore.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: table nested too deeply
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local s, cur = { kind = "window", children = {} }, nil
    cur = s
    for _ = 1, 5000 do local n = { kind = "modal", children = {} }; cur.children = { n }; cur = n end
    nav.app { restore = s }
  end)

  require "support.clean" (Feed)
end)
