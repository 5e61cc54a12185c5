-- Hostile case: An error object that is a table: its fields show.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: (error object is a table value: {code = 42})
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    error({ code = 42 })
  end)

  require "support.clean" (Feed)
end)
