-- Hostile case: A route whose work is all in Swift: the navigator charges it to the budget.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local r = nav.route()
    for i = 1, 20000 do r = r:makeKey() end
    local app = nav.app()
    for _ = 1, 30 do app:navigate(r) end
  end)

  require "support.clean" (Feed)
end)
