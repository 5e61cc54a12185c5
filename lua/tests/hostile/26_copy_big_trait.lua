-- Hostile case: A trait of a mebibyte: a key is not a store.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: value too large to copy (more than 65536 bytes of strings)
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    Feed { big = string.rep('x', 1 << 20) }
  end)

  require "support.clean" (Feed)
end)
