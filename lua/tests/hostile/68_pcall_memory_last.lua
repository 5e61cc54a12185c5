-- Hostile case: A memory bomb inside pcall as the scenario's last act: no instruction is left
-- for the hook to raise the limit, and the scenario must still fail with it.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded (16 MiB)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    pcall(function() local t = {} while true do t[#t + 1] = {} end end)
  end)

  require "support.clean" (Feed)
end)
