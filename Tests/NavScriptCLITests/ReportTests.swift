import Foundation
import Testing

/// The pictures of navigation: the HTML report opened in a real browser, `navscript draw`
/// against golden drawings, the navigation map, and merged shards.
@Suite struct ReportTests {
    static let suite: [String: String] = [
        "routes/screens.lua": """
            local S = {}
            S.Feed, S.Chat, S.Settings, S.Onboarding = nav.screen("Feed"), nav.screen("Chat"), nav.screen("Settings"), nav.screen("Onboarding")
            return S
            """,
        "scenarios/chat.lua": """
            local S = require "routes.screens"
            local here = nav.route():top(nav.container)
            describe("chat", { tags = { "chat" } }, function()
              scenario("opens and closes", function()
                local app = nav.app { root = nav.stack { S.Feed() } }
                expect(app:navigate(nav.route():top(nav.stack):push(S.Chat { id = 7 }))):toSucceed()
                expect(app:top().name):toBe("Chat")
                app:navigate(here:present(S.Settings():withModalPresentationStyle("fullScreen")))
                app:navigate(here:presenting():dismiss())
                expect(app:top().name):toBe("Chat")
              end)
              scenario("fails on purpose", function()
                local app = nav.app { root = nav.stack { S.Feed() } }
                app:navigate(nav.route():top(nav.stack):push(S.Chat { id = 1 }))
                expect(app:top().name):toBe("Settings")
              end)
            end)
            """,
    ]

    /// Runs a tool with its output in files (a browser writes a lot to standard error).
    static func tool(_ path: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, errors: String) {
        let out = folder.appendingPathComponent("tool-\(UUID().uuidString).out"), err = folder.appendingPathComponent("tool-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "", (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Chromium or Chrome on PATH, or macOS's Google Chrome app, if there is one.
    static let browser: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            if let found = paths.map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
                return found
            }
        }
        let app = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
        return FileManager.default.isExecutableFile(atPath: app) ? app : nil
    }()

    static var browserRequired: Bool { ProcessInfo.processInfo.environment["NAVSCRIPT_REQUIRE_BROWSER"] == "1" }

    @Test func theHTMLReportIsOneFolderThatNeedsNothingFromOutside() throws {
        let fixture = try Fixture(Self.suite)
        let run = try navscript(["run", ".", "--reporter", "html=report", "--seed", "3", "--color", "never"], in: fixture.root)
        #expect(run.status == 1)
        let html = try fixture.read("report/index.html")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("report").path) == ["index.html"])
        for outside in [#"src="http"#, #"href="http"#, "src='http", "@import", "url(http", "<link"] {
            #expect(!html.contains(outside), "the report loads \(outside)")
        }
        #expect(html.contains("Content-Security-Policy"))
        #expect(html.contains("navscript run . --reporter html=report --seed 3 --color never"))
        // The data: both scenarios, the failing one's steps with their lines and pictures.
        #expect(html.contains("scenarios/chat.lua:10"))
        #expect(html.contains(#""kind":"expect""#))
        #expect(html.contains("push stack [Feed] -> [Feed, Chat(id=7)] animated"))
        #expect(html.contains("<svg"))
        // A file that does not load fails the page as it fails the run, whatever passed.
        let fine = try Fixture(["scenarios/fine.lua": "scenario('fine', function() end)", "scenarios/broken.lua": "scenario('x', function() end"])
        let broken = try navscript(["run", ".", "--reporter", "html=report", "--color", "never"], in: fine.root)
        #expect(broken.status == 2)
        #expect(broken.output.contains("1 passed, 0 failed, 0 skipped, 1 file did not load in "), "\(broken.output)")
        #expect(try fine.read("report/index.html").contains("<title>✗ NavScript report</title>"))
    }

    /// A failure raised without a place (`error("plain", 0)`) is placed where it was raised,
    /// the first script line of its traceback, not at the scenario's definition.
    @Test func aFailureWithoutAPlaceIsPlacedWhereItWasRaised() throws {
        let fixture = try Fixture(["plain_spec.lua": """
            scenario("plain", function()
              local y = 2
              error("plain", 0)
            end)
            """])
        let junit = try navscript(["run", ".", "--reporter", "junit"], in: fixture.root)
        #expect(junit.output.contains(#"<failure message="plain_spec.lua:3: plain""#), "\(junit.output)")
        // A failure's message attribute is its first line, whatever ends it ("\r\n" too).
        try fixture.write("crlf_spec.lua", "scenario('crlf', function() error('first\\r\\nsecond\\rthird', 0) end)")
        let crlf = try navscript(["run", "crlf_spec.lua", "--reporter", "junit"], in: fixture.root)
        #expect(crlf.output.contains(#"<failure message="crlf_spec.lua:1: first" type="error">"#), "\(crlf.output)")
        // A lone "\r" is shown as the body shows it; a message that starts with a line break
        // gives its first line with text.
        try fixture.write("crlf_spec.lua", "scenario('cr', function() error('x\\ry', 0) end)\nscenario('lead', function() error('\\n\\nnext', 0) end)")
        let cr = try navscript(["run", "crlf_spec.lua", "--reporter", "junit"], in: fixture.root)
        #expect(cr.output.contains(#"<failure message="crlf_spec.lua:1: x\x0dy" type="error">"#), "\(cr.output)")
        #expect(cr.output.contains(#"<failure message="crlf_spec.lua:2: next" type="error">"#), "\(cr.output)")
        let tap = try navscript(["run", ".", "--reporter", "tap"], in: fixture.root)
        #expect(tap.output.contains("file: 'plain_spec.lua'\n    line: 3\n"), "\(tap.output)")
    }

    /// What a script printed and its messages show control characters as the console does,
    /// `\x1b`: a page would have kept the escape byte and shown `[31m` around it.
    @Test func theHTMLReportShowsControlCharactersVisibly() throws {
        let fixture = try Fixture(["escape_spec.lua": """
            scenario("colours \\27[31m", function()
              print("\\27[31mred\\27[0m\\tand a tab")
              error("\\27[1mbold\\27[0m", 0)
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "html=report", "--color", "never"], in: fixture.root)
        #expect(run.status == 1, "\(run.errors)")
        let html = try fixture.read("report/index.html")
        #expect(html.contains(#"\\x1b[31mred\\x1b[0m\tand a tab"#), "\(html)")
        #expect(html.contains(#"\\x1b[1mbold\\x1b[0m"#), "\(html)")
        #expect(!html.contains(#"\u001b"#) && !html.contains("\u{1b}"))
    }

    @Test(.enabled(if: browser != nil || browserRequired, "no chromium on PATH"))
    func theHTMLReportRendersInABrowserWithoutErrors() throws {
        let browser = try #require(Self.browser, "scripts/test installs chromium; it is missing")
        let fixture = try Fixture(Self.suite)
        _ = try navscript(["run", ".", "--reporter", "html=report", "--color", "never"], in: fixture.root)
        let page = fixture.root.appendingPathComponent("report/index.html").absoluteString
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(fixture.root.path)/profile",
                     "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000"]
        let dom = try Self.tool(browser, flags + ["--dump-dom", page], in: fixture.root)
        #expect(dom.status == 0)
        // The script ran and built the page: the suite, the failure chosen and its steps.
        #expect(dom.output.contains(#"data-ready="true""#))
        #expect(dom.output.contains(#"data-name="chat opens and closes""#))
        #expect(dom.output.contains(#"class="scenario failed selected""#))
        #expect(dom.output.contains("expect(value):toBe(expected) failed"))
        #expect(dom.output.contains(#"data-step="3""#))   // nav.app, navigate, the failed expect
        // The failed expect's step says where its failure is, not just the matcher's name.
        #expect(dom.output.contains("expect(value):toBe(...) failed: the failure is shown above"), "\(dom.output.prefix(4000))")
        #expect(dom.output.contains("UINavigationController"))
        #expect(!dom.errors.contains("Uncaught"), "console errors: \(dom.errors.split(separator: "\n").filter { $0.contains("CONSOLE") })")
        #expect(!dom.errors.contains("Refused to"), "the policy refused something: \(dom.errors)")
        // A step of a scenario, by its address, as a picture.
        let shot = fixture.root.appendingPathComponent("step.png")
        let screenshot = try Self.tool(browser, flags + ["--window-size=1200,800", "--screenshot=\(shot.path)", page + "#1.1.5"], in: fixture.root)
        #expect(screenshot.status == 0)
        let size = (try? FileManager.default.attributesOfItem(atPath: shot.path)[.size] as? Int) ?? 0
        #expect(size > 10_000)
        let stepDOM = try Self.tool(browser, flags + ["--dump-dom", page + "#1.1.5"], in: fixture.root)
        #expect(stepDOM.output.contains("step 5 of 7"))
        #expect(stepDOM.output.contains("Step 5: "))
        #expect(stepDOM.output.contains("present stack [] -&gt; [Settings] animated"))
        // An address changed in the open page goes to its step (a page that read it only as
        // it loaded stayed where it was).
        let moved = try String(contentsOf: fixture.root.appendingPathComponent("report/index.html"), encoding: .utf8)
            .replacingOccurrences(of: "</body>", with: "<script>setTimeout(function () { location.hash = '#1.1.2'; }, 100);</script></body>")
        try moved.write(to: fixture.root.appendingPathComponent("report/moved.html"), atomically: true, encoding: .utf8)
        let movedDOM = try Self.tool(browser, flags + ["--dump-dom", fixture.root.appendingPathComponent("report/moved.html").absoluteString + "#1.1.5"],
                                     in: fixture.root)
        #expect(movedDOM.output.contains("step 2 of 7"), "\(movedDOM.output.prefix(3000))")
        // A drawing shrinks to fit its box down to 60 % of its width, then scrolls.
        #expect(stepDOM.output.contains(#"style="min-width: "#) && stepDOM.output.contains("px;"), "\(stepDOM.output.prefix(3000))")
        // A diff's lines are told apart, "- expected" green and "+ received" red.
        // A context line that starts with "- " is not marked.
        let diff = try Fixture(["diff_spec.lua": "it('diff', function() expect('a\\n- b\\nb'):toBe('a\\n- b\\nc') end)"])
        _ = try navscript(["run", ".", "--reporter", "html=report", "--color", "never"], in: diff.root)
        let diffDOM = try Self.tool(browser, flags + ["--dump-dom", diff.root.appendingPathComponent("report/index.html").absoluteString], in: diff.root)
        #expect(diffDOM.output.contains(#"<span class="expected">"#) && diffDOM.output.contains(#"<span class="received">"#), "\(diffDOM.output.prefix(4000))")
        #expect(diffDOM.output.contains("\n    - b\n"), "\(diffDOM.output.prefix(4000))")
        // A script error's traceback is shown folded under its message, whether or not the
        // scenario took a step.
        let boom = try Fixture(["boom_spec.lua": "local function deep() local x = nil; return x.y end\nit('boom', function() deep() end)"])
        _ = try navscript(["run", ".", "--reporter", "html=report", "--color", "never"], in: boom.root)
        let boomDOM = try Self.tool(browser, flags + ["--dump-dom", boom.root.appendingPathComponent("report/index.html").absoluteString], in: boom.root)
        #expect(boomDOM.output.contains("<summary>stack traceback</summary>"), "\(boomDOM.output.prefix(4000))")
        #expect(boomDOM.output.contains("boom_spec.lua:1: in upvalue 'deep'") || boomDOM.output.contains("boom_spec.lua:1: in local 'deep'"),
                "\(boomDOM.output.prefix(4000))")
    }

    /// The example app's hierarchies, drawn, against golden files (NAVSCRIPT_UPDATE_GOLDEN=1
    /// rewrites them).
    @Test(arguments: [
        ("launch", "scenarios/launch.lua", "launch shows the tab bar with four tabs, Search selected", 2),
        ("bottom-sheet", "scenarios/modals.lua", "modals a second modal goes on top of the first", 3),
        ("page-sheet", "scenarios/system.lua", "sharing a chat Forward shows the app's chat picker in place of the sheet", -1),
        ("full-screen", "scenarios/chats.lua", "chats the photo viewer is presented full screen from the tab bar", -1),
        ("sign-in-stack", "scenarios/modals.lua", "modals sign in is full screen, in its own stack, with a close button", -1),
        ("alert", "scenarios/system.lua", "signing out asks first, and Sign Out signs out and goes back to the profile", 4),
    ])
    func drawingsMatchTheGoldenFiles(name: String, file: String, scenario: String, step: Int) throws {
        let app = Binary.packageRoot.appendingPathComponent("lua/examples/app")
        let drawn = try navscript(["draw", file, "--scenario", scenario, "--step=\(step)"], in: app)
        #expect(drawn.status == 0, "\(drawn.errors)")
        let golden = Binary.packageRoot.appendingPathComponent("Tests/NavScriptCLITests/Golden/\(name).svg")
        if ProcessInfo.processInfo.environment["NAVSCRIPT_UPDATE_GOLDEN"] == "1" {
            try drawn.output.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(drawn.output == expected, "navscript draw differs from \(golden.lastPathComponent); NAVSCRIPT_UPDATE_GOLDEN=1 rewrites it")
    }

    @Test func drawSaysWhatIsWrong() throws {
        let fixture = try Fixture(Self.suite)
        let many = try navscript(["draw", "scenarios/chat.lua"], in: fixture.root)
        #expect(many.status == 2)
        #expect(many.errors.contains("has 2 scenarios; name one with --scenario"))
        let far = try navscript(["draw", "scenarios/chat.lua", "--scenario", "chat opens and closes", "--step", "9"], in: fixture.root)
        // Numbered as the report numbers them: nav.app, push, its expect, expect, present, dismiss, expect.
        #expect(far.errors.contains("--step 9 is out of range: the scenario has 7 steps"))
        // A negative step counts from the end, written with a space too (`--step -2`).
        let fromEnd = try navscript(["draw", "scenarios/chat.lua", "--scenario", "opens and closes", "--step", "-2"], in: fixture.root)
        #expect(fromEnd.status == 0 && fromEnd.output.contains("· step 6 "), "\(fromEnd.errors)")
        // An expect is drawn as the hierarchy it looked at: step 4 (expect) is step 2's picture (push).
        let expectStep = try navscript(["draw", "scenarios/chat.lua", "--scenario", "opens and closes", "--step", "4"], in: fixture.root)
        let pushStep = try navscript(["draw", "scenarios/chat.lua", "--scenario", "opens and closes", "--step", "2"], in: fixture.root)
        #expect(expectStep.status == 0 && expectStep.output.contains("· step 4 expect</text>"), "\(expectStep.output)")
        #expect(pushStep.output.contains("· step 2 navigate</text>"), "\(pushStep.output)")
        // The same picture under its title.
        #expect(expectStep.output.components(separatedBy: "</text>").dropFirst() == pushStep.output.components(separatedBy: "</text>").dropFirst())
        let failed = try navscript(["draw", "scenarios/chat.lua", "--scenario", "chat fails on purpose", "-o", "f.svg"], in: fixture.root)
        #expect(failed.status == 1)
        #expect(fixture.exists("f.svg"))
        // A part of one name alone names it; a missing folder is made, as for reports.
        let part = try navscript(["draw", "scenarios/chat.lua", "--scenario", "opens and", "-o", "pictures/new/part.svg"], in: fixture.root)
        #expect(part.status == 0, "\(part.errors)")
        #expect(fixture.exists("pictures/new/part.svg"))
        #expect(part.errors.contains("navscript: made the folder "))
        let both = try navscript(["draw", "scenarios/chat.lua", "--scenario", "chat"], in: fixture.root)
        #expect(both.status == 2)
        #expect(both.errors.contains("2 scenarios of scenarios/chat.lua have 'chat' in their names; name one of them:"))
    }

    @Test func mergeReportsSaysWhatIsNotABlob() throws {
        let fixture = try Fixture(["blobs/odd.json": #"{"a": 1}"#, "blobs/text.json": "not json", "empty/.keep": ""])
        let odd = try navscript(["merge-reports", "blobs/odd.json"], in: fixture.root)
        #expect(odd.status == 2)
        #expect(odd.errors.contains("blobs/odd.json is not a blob report (no field 'version')"))
        let text = try navscript(["merge-reports", "blobs/text.json"], in: fixture.root)
        #expect(text.errors.contains("is not a blob report (not JSON)"))
        // A blob edited: a field named by its path, a number past range, and a FIFO.
        try fixture.write("a_spec.lua", "scenario('a', function() print('x') end)")
        #expect(try navscript(["run", "a_spec.lua", "--reporter", "blob=real/b.json"], in: fixture.root).status == 0)
        let blob = try fixture.read("real/b.json")
        try fixture.write("edited/b.json", blob.replacingOccurrences(of: #""output":"x\n""#, with: #""output":5"#))
        let edited = try navscript(["merge-reports", "edited/b.json"], in: fixture.root)
        #expect(edited.errors.contains("is not a blob report (field 'files[0].results[0].output' is not what a blob holds)"), "\(edited.errors)")
        try fixture.write("range/b.json", blob.replacingOccurrences(of: #""seed":0"#, with: #""seed":1e300"#))
        #expect(try navscript(["merge-reports", "range/b.json"], in: fixture.root).errors.contains("is not a blob report (a number out of range)"))
        #expect(mkfifo(fixture.root.appendingPathComponent("fifo.json").path, 0o644) == 0)
        let fifo = try navscript(["merge-reports", "fifo.json"], in: fixture.root)
        #expect(fifo.status == 2 && fifo.errors.contains("fifo.json cannot be read (not a regular file (a FIFO))"), "\(fifo.errors)")
        let empty = try navscript(["merge-reports", "empty"], in: fixture.root)
        #expect(empty.status == 2)
        #expect(empty.errors.contains("no blob files in empty"))
        // As run: two reporters left on standard output would interleave.
        let both = try navscript(["merge-reports", "empty", "--reporter", "tap", "--reporter", "junit"], in: fixture.root)
        #expect(both.status == 2)
        #expect(both.errors.contains("reporters tap and junit would both write to standard output; give all but one a file (kind=path)"), "\(both.errors)")
    }

    @Test func theMapHasEveryMoveBetweenScreensAndTheScreensNoScenarioShowed() throws {
        var suite = Self.suite
        // A module no scenario requires: its screens are known from its text.
        suite["routes/later.lua"] = "local Later = nav.screen('Later')\nreturn { Later = Later }\n"
        let fixture = try Fixture(suite)
        _ = try navscript(["run", ".", "--reporter", "map=out/map.dot", "--color", "never"], in: fixture.root)
        let dot = try fixture.read("out/map.dot")
        #expect(!dot.contains("(launch)"))   // each app starts with its hierarchy: no move led there
        #expect(dot.contains(#""Feed" -> "Chat" [label="push ×2""#))
        #expect(dot.contains(#""Chat" -> "Settings" [label="present ×1""#))
        #expect(dot.contains(#""Settings" -> "Chat" [label="dismiss ×1""#))
        #expect(dot.contains("subgraph cluster_uncovered"))
        #expect(dot.contains(#""Onboarding" [fillcolor"#))
        #expect(dot.contains(#""Later" [fillcolor"#))
        if Self.browserRequired || Self.browser != nil {
            #expect(try fixture.read("out/map.svg").contains("<svg"))
        }
    }

    /// A tab bar's screen is never on top: it is joined to the screens it holds (a tab's
    /// stack by its root) by dotted lines, only to those shown.
    @Test func theMapJoinsATabBarsScreenToTheScreensItHolds() throws {
        let fixture = try Fixture(["scenarios/tabs_spec.lua": """
            local Feed, Inbox, Later = nav.screen("Feed"), nav.screen("Inbox"), nav.screen("Later")
            local Home = nav.screen("Home", { container = "tabs", build = function(tabs, navigator)
              tabs:setChildren({ Feed():withStackContainer(), Inbox(), Later() }, navigator)
            end })
            scenario("tabs", function()
              local app = nav.app { root = Home() }
              assert(app:navigate(nav.route():top(nav.tabs):selectTab(2)))
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let dot = try fixture.read("map.dot")
        #expect(dot.contains(#""Home" -> "Feed" [style=dotted, arrowhead=none, tooltip="holds"];"#), "\(dot)")
        #expect(dot.contains(#""Home" -> "Inbox" [style=dotted"#), "\(dot)")
        #expect(!dot.contains(#""Home" -> "Later""#), "\(dot)")
    }

    /// Two apps in one scenario: each app's moves start from its own screens.
    @Test func theMapDrawsTheMovesOfTwoAppsApart() throws {
        let fixture = try Fixture(["scenarios/two_spec.lua": """
            local Feed, Chat, Inbox, Message = nav.screen("Feed"), nav.screen("Chat"), nav.screen("Inbox"), nav.screen("Message")
            scenario("two apps", function()
              local first, second = nav.app { root = nav.stack { Feed() } }, nav.app { root = nav.stack { Inbox() } }
              assert(first:navigate(nav.route():top(nav.stack):push(Chat())))
              assert(second:navigate(nav.route():top(nav.stack):push(Message())))
              assert(first:navigate(nav.route():top(nav.stack):pop()))
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let dot = try fixture.read("map.dot")
        #expect(dot.contains(#""Feed" -> "Chat" [label="push ×1""#), "\(dot)")
        #expect(dot.contains(#""Inbox" -> "Message" [label="push ×1""#), "\(dot)")
        #expect(dot.contains(#""Chat" -> "Feed" [label="pop ×1""#), "\(dot)")
        #expect(!dot.contains(#""Chat" -> "Message""#) && !dot.contains(#""Message" -> "Feed""#), "\(dot)")
    }

    /// A dismissal still under way after its step is drawn from the step that ends it, to
    /// the screen it uncovers (it was a loop on the dismissed screen, the real move missing);
    /// one never ended is drawn where it started.
    @Test func theMapDrawsADismissalWhereItEnds() throws {
        let fixture = try Fixture(["scenarios/mid_spec.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            scenario("ends later", function()
              local app = nav.app { root = nav.stack { A() }, presented = B() }
              app.navigator:navigate(nav.route():root():dismiss())
              app:advance(0.1)
              expect(app:top().presentationPhase):toBe("dismissing")
              app:settle()
            end)
            scenario("never ends", function()
              local app = nav.app { root = nav.stack { A() }, presented = B() }
              app.navigator:navigate(nav.route():root():dismiss())
              app:advance(0.1)
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let dot = try fixture.read("map.dot")
        #expect(dot.contains(#""B" -> "A" [label="dismiss ×1""#), "\(dot)")
        #expect(dot.contains(#""B" -> "B" [label="dismiss ×1""#), "\(dot)")
    }

    /// A deeplink manager's methods that navigate are steps too: their moves are drawn from
    /// where they started, not folded into the next app method's step.
    @Test func theMapDrawsTheMovesOfADeeplinkManager() throws {
        let fixture = try Fixture(["scenarios/push_spec.lua": """
            local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
            local ChatLink = nav.deeplinkType("ChatDeeplink", {
              notification = function(n) return { id = n.userInfo.chat_id } end,
              navigate = function(values) return nav.route():top(nav.stack):push(Chat { chatId = values.id }) end,
            })
            scenario("a notification opens a chat", function()
              local app = nav.app { root = nav.stack { Feed() } }
              local deeplinks = nav.deeplinkManager { types = { ChatLink }, navigator = app.navigator }
              local other = nav.app { root = nav.stack { Chat() } }   -- a later app: the steps stay the manager's app's
              deeplinks:activate()
              assert(deeplinks:handleNotificationIfPossible { userInfo = { chat_id = 8 } })
              assert(app:navigate(nav.route():top(nav.stack):pop()))
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--reporter", "html=page", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let dot = try fixture.read("map.dot")
        #expect(dot.contains(#""Feed" -> "Chat" [label="push ×1""#), "\(dot)")
        #expect(dot.contains(#""Chat" -> "Feed" [label="pop ×1""#), "\(dot)")
        let page = try fixture.read("page/index.html")
        #expect(page.contains(#""kind":"activate""#) && page.contains(#""kind":"handleNotification""#))
        #expect(page.components(separatedBy: #""kind":"handleNotification""#).count == 2, "one step")
    }

    @Test func fourShardsMergeIntoTheReportOfOneRun() throws {
        // A copy of the example app: coverage is written where the run is.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let app = scratch.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Binary.packageRoot.appendingPathComponent("lua/examples/app"), to: app)
        for shard in 1...4 {
            _ = try navscript(["run", ".", "--shard", "\(shard)/4", "--coverage", "--reporter", "blob=../blobs/\(shard).json", "--color", "never"], in: app)
        }
        let merged = try navscript(["merge-reports", "../blobs", "--reporter", "json=../merged.json",
                                    "--reporter", "map=../merged.dot", "--reporter", "html=../page", "--color", "never"], in: app)
        #expect(merged.status == 0, "\(merged.errors)")
        // The command that repeats the whole run: a shard's, without its shard and its blob.
        let page = try String(contentsOf: scratch.appendingPathComponent("page/index.html"), encoding: .utf8)
        let command = page.components(separatedBy: #""command":""#).dropFirst().first?.prefix { $0 != "\"" }
        #expect(command.map { $0.hasPrefix("navscript run . --coverage") && !$0.contains("blob") && !$0.contains("--shard") } == true,
                "\(String(describing: command))")
        let mergedCoverage = try String(contentsOf: app.appendingPathComponent("coverage/lcov.info"), encoding: .utf8)
        _ = try navscript(["run", ".", "--coverage", "--reporter", "json=../one.json", "--reporter", "map=../one.dot", "--color", "never"], in: app)
        #expect(try String(contentsOf: app.appendingPathComponent("coverage/lcov.info"), encoding: .utf8) == mergedCoverage)
        #expect(mergedCoverage.contains("SF:routes/navigation.lua"))
        #expect(try String(contentsOf: scratch.appendingPathComponent("merged.dot"), encoding: .utf8)
                == String(contentsOf: scratch.appendingPathComponent("one.dot"), encoding: .utf8))
        func scenarios(_ file: String) throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.appendingPathComponent(file))) as? [String: Any]
            let files = json?["files"] as? [[String: Any]] ?? []
            return files.flatMap { file in (file["scenarios"] as? [[String: Any]] ?? []).map { "\(file["path"] ?? ""): \($0["name"] ?? "") \($0["status"] ?? "")" } }.sorted()
        }
        let one = try scenarios("one.json")
        #expect(one.count > 40)
        #expect(try scenarios("merged.json") == one)
        // A blob given twice counts once; per-file times stay within what the scenarios took,
        // though the shards ran one after another.
        let twice = try navscript(["merge-reports", "../blobs", "../blobs/1.json", "--reporter", "json=../twice.json", "--color", "never"], in: app)
        #expect(twice.errors.contains("is the same blob as"))
        #expect(try scenarios("twice.json") == one)
        #expect(!merged.output.contains(" s)"), "\(merged.output)")
        // Away from the scripts it counted, coverage would be 100 % of nothing: refused.
        let away = try navscript(["merge-reports", "blobs", "--color", "never"], in: scratch)
        #expect(away.status == 2 && away.errors.contains("which cannot be read from"), "\(away.errors)")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("coverage/lcov.info").path))
    }
}
