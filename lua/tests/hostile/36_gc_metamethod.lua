-- Hostile case: A finalizer, which would run outside the budget's reach.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: __gc metamethods are not available to scripts
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    setmetatable({}, { __gc = function() while true do end end })
  end)

  require "support.clean" (Feed)
end)
