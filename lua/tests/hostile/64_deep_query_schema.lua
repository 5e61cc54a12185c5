-- Hostile case: a deeplink query schema nested 20,000 deep.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: a schema nests more than 32 deep
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local q, cur = {}, nil
    cur = q
    for _ = 1, 20000 do local n = {}; cur.a = n; cur = n end
    cur.a = "integer"
    nav.deeplinkType("T", { url = function() end, navigate = function() end, query = q })
  end)

  require "support.clean" (Feed)
end)
