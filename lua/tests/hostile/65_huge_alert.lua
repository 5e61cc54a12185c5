-- Hostile case: an alert with 20,000 actions.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: has more than 10000 items
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local actions = {}
    for i = 1, 20000 do actions[i] = { title = "a" .. i } end
    nav.route():top(nav.container):showAlert { title = "x", actions = actions }
  end)

  require "support.clean" (Feed)
end)
