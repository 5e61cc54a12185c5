-- Hostile case: A to-be-closed variable whose __close fails.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: in close
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    do local x <close> = setmetatable({}, { __close = function() error('in close') end }) end
  end)

  require "support.clean" (Feed)
end)
