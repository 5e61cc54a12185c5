-- A suite that fails on purpose: NavScriptTestingTests checks where the failure is recorded.
local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
describe("fixture", function()
  scenario("shows the wrong screen", { tags = { "fixture" } }, function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:top()):toShow(Chat { chatId = 7 })
  end)

  scenario("passes", function() expect(1):toBe(1) end)
end)
