-- Hostile case: A fallback of a fallback, five thousand deep: run without recursion.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: fell back to first
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app()
    local r = nav.route():fail('first')
    for i = 1, 5000 do r = nav.route():fail('again'):fallback(r) end
    local ok, err = app:navigate(r)
    error('fell back to ' .. err)
  end)

  require "support.clean" (Feed)
end)
