-- Hostile case: Poisoning the globals' metatable.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: poisoned
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    setmetatable(_G, { __index = function() error('poisoned') end })
    local x = undefined_global
  end)

  require "support.clean" (Feed)
end)
