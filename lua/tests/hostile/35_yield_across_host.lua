-- Hostile case: A yield from inside a host callback.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: attempt to yield across a C-call boundary
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    local app = nav.app()
    local co = coroutine.wrap(function() return app:navigate(nav.route():get(function() coroutine.yield(1) end)) end)
    local ok, err = co()
    error(err)
  end)

  require "support.clean" (Feed)
end)
