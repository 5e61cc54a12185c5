-- Hostile case: a deeplink query nested 100,000 deep (the decoder recursed once a level and
-- crashed the host), then one of 60,000 keys (copied whole at each key: half a minute).
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: survived: nests deeper than 32 levels
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.deeplink("app://x/:id", function() return nav.route() end)
    local app = nav.app { root = nav.stack { Feed() } }
    local ok, err = app:open("app://x/1?a" .. ("[b]"):rep(100000) .. "=1")
    assert(ok == false)
    local keys = {}
    for i = 1, 60000 do keys[i] = "k" .. i .. "=" .. i end
    assert(app:open("app://x/1?" .. table.concat(keys, "&")))
    error("survived: " .. err:match("nests deeper than %d+ levels"), 0)
  end)

  require "support.clean" (Feed)
end)
