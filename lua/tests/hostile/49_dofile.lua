-- Hostile case: dofile and loadfile.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: attempt to call a nil value (global 'dofile')
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    dofile('/etc/passwd')
  end)

  require "support.clean" (Feed)
end)
