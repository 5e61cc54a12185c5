local Feed = nav.screen("Feed")
local Chat = nav.screen("Chat")

describe("smoke", function()
  local app
  before_each(function()
    app = nav.app { root = nav.stack { Feed() } }
  end)

  scenario("pushes a chat", function()
    local ok, err = app:navigate(nav.route():top(nav.stack):push(Chat { chatId = 7 }))
    expect(err):toBe(nil)
    expect(ok):toBe(true)
    expect(app:top()):toShow(Chat { chatId = 7 })
    expect(#app.transitions):toBe(1)
  end)
end)
