-- Hostile case: A screen that presents itself, through a plain table whose presented is the
-- table. Went down the chain for ever and took the worker down with a segfault.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: a screen presents itself: its table is in its own presented chain
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local node = { Feed() }
    node.presented = node
    nav.app { root = node }
  end)

  require "support.clean" (Feed)
end)
