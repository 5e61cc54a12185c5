-- Hostile case: close a coroutine the instruction limit stopped, whose __close loops: the
-- hook raised inside it, so its hooks stay off and the loop would escape every limit.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: instruction limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local co = coroutine.create(function()
      local x <close> = setmetatable({}, { __close = function() while true do end end })
      while true do end
    end)
    coroutine.resume(co)
    coroutine.close(co)
  end)

  require "support.clean" (Feed)
end)
