-- Hostile case: A memory bomb inside pcall, then going on as if nothing happened.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded (16 MiB)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local ok = pcall(function()
      local t = {}
      for i = 1, 1e8 do t[i] = ("x"):rep(100) .. i end
    end)
    assert(not ok)
    for i = 1, 1e6 do LEAKED = i end   -- the limit is not swallowed: the next instructions raise it
  end)

  require "support.clean" (Feed)
end)
