/// The files `navscript init` writes: the tutorial's suite, and the editor set-up for it.
enum StarterSuite {
    /// Paths (relative to the folder) and contents, in the order they are written.
    static var files: [(path: String, text: String)] {
        [
            ("routes/chat.lua", routes),
            ("scenarios/chat.lua", scenarios),
            ("types/nav.d.lua", NavDefinitions.text + "\n"),
            (".luarc.json", luarc),
            (".luacheckrc", luacheckrc),
        ]
    }

    static let routes = """
        -- Screens and routes. A route is a value: a list of navigation steps that runs only
        -- when performed. Scenarios require this module as "routes.chat".
        local M = {}

        M.Feed = nav.screen("Feed")
        M.ChatList = nav.screen("ChatList")
        M.Chat = nav.screen("Chat")

        -- Show a chat: bring it forward if it is open; else push it onto the top stack.
        function M.showChat(id)
          return nav.route():last(M.Chat { chatId = id }):makeVisible()
            :fallback(nav.route():top(nav.stack):push(M.Chat { chatId = id }))
        end

        return M

        """

    static let scenarios = """
        -- Scenarios: each starts an app in a known state, navigates, and checks the result.
        -- Run them with: navscript run .
        local M = require "routes.chat"        -- modules load from the suite's root

        describe("chat", function()
          local app
          before_each(function()
            app = nav.app { root = nav.tabs { nav.stack { M.Feed() }, nav.stack { M.ChatList() } } }
          end)

          scenario("opens a chat that is not open yet", function()
            expect(app:navigate(M.showChat(7))):toSucceed()
            expect(app:top()):toShow(M.Chat { chatId = 7 })
          end)

          scenario("brings an open chat forward", function()
            app:navigate(M.showChat(7))
            app:navigate(nav.route():top(nav.tabs):selectTab(2))   -- the chat list: the chat is under the feed tab
            expect(app:navigate(M.showChat(7))):toSucceed()
            expect(app:top()):toShow(M.Chat { chatId = 7 })
          end)
        end)

        """

    /// LuaLS: Lua 5.4, the sandbox's libraries, the definitions, the scenario globals.
    static let luarc = """
        {
          "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
          "runtime": {
            "version": "Lua 5.4",
            "builtin": { "io": "disable", "debug": "disable", "package": "disable", "ffi": "disable", "bit32": "disable", "jit": "disable" }
          },
          "workspace": { "library": ["types"], "checkThirdParty": false },
          "diagnostics": {
            "globals": \(globalsJSON),
            "disable": ["lowercase-global"]
          }
        }

        """

    /// luacheck: the sandbox's standard library and the scenario globals.
    static let luacheckrc = """
        -- luacheck set-up for NavScript scripts: Lua 5.4 as the sandbox gives it (no io,
        -- debug, package, dofile, loadfile or string.dump; of os, the clock and dates), plus
        -- the `nav` module and the scenario runtime's globals.
        stds.sandbox = {
          read_globals = {
            "_G", "_VERSION", "assert", "collectgarbage", "error", "getmetatable", "ipairs", "load", "next", "pairs",
            "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select", "setmetatable",
            "tonumber", "tostring", "type", "warn", "xpcall",
            string = { fields = { "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack",
                                  "packsize", "rep", "reverse", "sub", "unpack", "upper" } },
            table = { fields = { "concat", "insert", "move", "pack", "remove", "sort", "unpack" } },
            math = { other_fields = true },
            utf8 = { other_fields = true },
            coroutine = { other_fields = true },
            os = { fields = { "clock", "date", "difftime", "time" } },
          },
        }
        std = "sandbox"
        read_globals = { \(globals.filter { $0 == "nav" }.map { "\"\($0)\"" }.joined(separator: ", ")) }
        globals = { \(globals.filter { $0 != "nav" }.map { "\"\($0)\"" }.joined(separator: ", ")) }
        exclude_files = { "types/*.lua" }

        """

    /// What scripts have besides Lua's own: the module and the scenario runtime.
    static let globals = ["nav", "describe", "context", "insulate", "expose", "scenario", "it", "test", "spec", "pending", "before_each", "after_each",
                          "before_all", "after_all", "setup", "teardown", "lazy_setup", "strict_setup", "lazy_teardown",
                          "strict_teardown", "finally", "expect", "explore", "fit", "fdescribe", "xit", "xtest", "xdescribe"]

    private static var globalsJSON: String {
        "[" + globals.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}
