-- Hostile case: Lua recursion without end: its stack grows into the memory cap (at 64 MiB Lua's own
-- limit comes first: stack overflow).
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: memory limit exceeded
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local function f() return 1 + f() end
    f()
  end)

  require "support.clean" (Feed)
end)
