-- Hostile case: A callback that navigates from inside a navigation, without end.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: C stack overflow
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app()
    local function go() return app:navigate(nav.route():get(function() assert(go()) end)) end
    assert(go())
  end)

  require "support.clean" (Feed)
end)
