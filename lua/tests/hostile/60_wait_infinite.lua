-- Hostile case: A wait of infinite seconds: it never ends, as Dispatch's distant future,
-- and the navigation fails as never completed instead of hanging the host.
-- Run by Tests/NavScriptCLITests/HostileCorpusTests.swift through the binary, never by a
-- folder run: the attack must fail with the message below, and the next scenario (support/clean.lua)
-- start clean.
-- expect: The action never completed for:
--   ScreenWaitAction<UIWindow>(duration: inf) is the rest of the message.
local Feed = nav.screen("Feed")

describe("hostile", function()
  scenario("attack", function()
    LEAKED = true
    assert(nav.app():navigate(nav.route():wait(math.huge)))
  end)

  require "support.clean" (Feed)
end)
