-- Hostile case: A finalizer that would bring its object back.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: __gc metamethods are not available to scripts
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local keep
    setmetatable({}, { __gc = function(o) keep = o end })
  end)

  require "support.clean" (Feed)
end)
