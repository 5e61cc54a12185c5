-- Hostile case: a screen whose build makes an app of itself, recursing through C until Lua's
-- C stack limit; the error, which Lua raises unplaced, is placed at the script line.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: 73_recursive_build.lua:10: C stack overflow
local Feed = nav.screen("Feed")
local Loop
Loop = nav.screen("Loop", { build = function()
  nav.app { root = nav.stack { Loop() } }
end })

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    nav.app { root = nav.stack { Loop() } }
  end)

  require "support.clean" (Feed)
end)
