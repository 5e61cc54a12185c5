import Foundation
import Testing

/// What a review of the pictures (the map, the report, drawings, trees) found.
@Suite struct PictureReviewTests {
    /// A navigation started without waiting (`navigator:navigate`) is no step: what it did
    /// belongs to the app's next step, here `settle`, and the map draws its move.
    @Test func movesMadeBetweenStepsGoToTheNextStep() throws {
        let fixture = try Fixture(["started_spec.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            scenario("started, then settled", function()
              local app = nav.app { root = nav.stack { A() } }
              app.navigator:navigate(nav.route():top(nav.stack):push(B()), nil, function() end)
              app:settle()
              expect(app:top()):toShow(B())
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--reporter", "html=page", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try fixture.read("map.dot").contains(#""A" -> "B" [label="push ×1""#))
        let page = try fixture.read("page/index.html")
        #expect(page.contains(#""kind":"settle","location":"started_spec.lua:5","log":["Info: Searching for a top container of UINavigationController type in UIWindow","Info: Setting stack of <UINavigationController> with modifiers:\n  - Push B"]"#), "\(page)")
        #expect(page.contains(#""transitions":["push stack [A] -> [A, B] animated"]"#))
    }

    /// An expect right after a navigation started without waiting is the first step to see
    /// it: drawn as the app is now (B on top, as the failure's own tree says), with the push
    /// among what it changed, and the move on the map; the next step does not take it again.
    @Test func anExpectAfterANavigationStartedWithoutWaitingSeesIt() throws {
        let fixture = try Fixture(["unawaited_spec.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            scenario("started, then looked at", function()
              local app = nav.app { root = nav.stack { A() } }
              app.navigator:navigate(nav.route():top(nav.stack):push(B()))
              expect(app:top()):toShow(B())
              app:settle()
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--reporter", "html=page", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try fixture.read("map.dot").contains(#""A" -> "B" [label="push ×1""#))
        let page = try fixture.read("page/index.html")
        #expect(page.contains(#""kind":"expect","location":"unawaited_spec.lua:5","log":["Info: Searching for a top container"#), "\(page)")
        #expect(page.components(separatedBy: #""transitions":["push stack [A] -> [A, B] animated"]"#).count == 2, "\(page)")
        let drawn = try navscript(["draw", "unawaited_spec.lua", "--step", "2"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains("step 2 expect</text>") && drawn.output.contains(">A › B</text>"), "\(drawn.output)")
    }

    /// A drawing's title keeps the step when the step alone nearly fills the line (one
    /// phone wide): the name is left out, not the step.
    @Test func aTitleKeepsALongStep() throws {
        let fixture = try Fixture(["long_spec.lua": """
            scenario("a scenario whose name is much too long to be drawn whole", function()
              local app = nav.app { root = nav.stack { nav.screen("Feed")() } }
              app:resumeDeeplinks()
            end)
            """])
        let drawn = try navscript(["draw", "long_spec.lua", "--step", "2"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains(">step 2 resumeDeeplinks</text>"), "\(drawn.output)")
    }

    /// A screen that is a container of its own (children `build` gave it) is drawn with its
    /// children side by side: it was one box naming them, the screen pushed into one of
    /// them and the top outline nowhere.
    @Test func aCustomContainerIsDrawnWithItsChildren() throws {
        let fixture = try Fixture(["split_spec.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            local Split = nav.screen("Split", { iterable = true, build = function(c) c:setChildren { A():withStackContainer(), B():withStackContainer() } end })
            scenario("split", function()
              local app = nav.app { root = Split() }
              app:navigate(nav.route():top(nav.stack):push(A { n = 2 }))
            end)
            """])
        let drawn = try navscript(["draw", "split_spec.lua", "--step", "2"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains(">Split</text>") && drawn.output.contains(">A(n=2)</text>"), "\(drawn.output)")
        #expect(drawn.output.contains("<title>top</title>"), "\(drawn.output)")
        #expect(!drawn.output.contains("contains stack, stack"), "\(drawn.output)")
    }

    /// An expect on the second of two apps is drawn as that app's hierarchy, not as the
    /// last one drawn (the other app's).
    @Test func anExpectIsDrawnAsTheAppItLookedAt() throws {
        let fixture = try Fixture(["two_spec.lua": """
            local A, B, E = nav.screen("A"), nav.screen("B"), nav.screen("E")
            scenario("two apps", function()
              local a = nav.app { root = nav.stack { A() } }
              local b = nav.app { root = nav.stack { E() } }
              b:navigate(nav.route():top(nav.stack):push(A()))
              a:navigate(nav.route():top(nav.stack):push(B()))
              expect(b:top()):toShow(A())
              expect(a:top()):toShow(B())
            end)
            """])
        func picture(_ step: Int) throws -> [String] {
            try navscript(["draw", "two_spec.lua", "--step", String(step)], in: fixture.root).output.components(separatedBy: "</text>").dropFirst().map { $0 }
        }
        #expect(try picture(5) == picture(3))
        #expect(try picture(6) == picture(4))
        #expect(try picture(5) != picture(4))
    }

    /// A scenario of more steps than are kept keeps its first ones and its last, numbered
    /// as they ran: `--step=-1` draws the end, an expect after a step not kept is drawn as
    /// that step's hierarchy, and the report counts the steps left out.
    @Test func aLongScenarioKeepsItsLastStep() throws {
        let fixture = try Fixture(["long_spec.lua": """
            local S, F = nav.screen("S"), nav.screen("Final")
            scenario("many", function()
              local app = nav.app { root = nav.stack { S() } }
              for _ = 1, 2100 do app:advance(0) end
              expect(app:navigate(nav.route():top(nav.stack):push(F()))):toSucceed()
            end)
            """])
        let last = try navscript(["draw", "long_spec.lua", "--step=-1"], in: fixture.root)
        #expect(last.status == 0, "\(last.errors)")
        #expect(last.output.contains("· step 2103 expect</text>") && last.output.contains(">Final</text>"), "\(last.output)")
        let kept = try navscript(["draw", "long_spec.lua", "--step", "1999"], in: fixture.root)
        #expect(kept.output.contains("· step 1999 advance</text>") && !kept.output.contains(">Final</text>"))
        let left = try navscript(["draw", "long_spec.lua", "--step", "2050"], in: fixture.root)
        #expect(left.status == 2 && left.errors.contains("--step 2050 was not kept: of a scenario's 2103 steps, the first 1999 and the last are"), "\(left.errors)")
        let run = try navscript(["run", ".", "--reporter", "html=page", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try fixture.read("page/index.html").contains(#""message":"toSucceed","number":2103,"ok":true,"omitted":103"#))
        // An expect on nothing, then one on the app: both are drawn as the app's last step.
        try fixture.write("late_spec.lua", """
            local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
            scenario("late", function()
              local app = nav.app { root = nav.stack { Feed() } }
              for i = 1, 2100 do app:navigate(nav.route():top(nav.stack):replace(Chat { n = i })) end
              expect(1):toBe(1)
              expect(app):toBeTruthy()
            end)
            """)
        let late = try navscript(["draw", "late_spec.lua", "--step=-1"], in: fixture.root)
        #expect(late.output.contains(">Chat(n=2100)</text>"), "\(late.output)")
    }

    /// The report says why a scenario did not run, as the console does, in the skip's colour.
    @Test func theReportSaysWhyAScenarioDidNotRun() throws {
        let fixture = try Fixture(["skips_spec.lua": """
            it.todo("write me")
            scenario.skip("later", function() end)
            scenario("stopped", function() pending("not yet") end)
            """])
        _ = try navscript(["run", ".", "--reporter", "html=page"], in: fixture.root)
        let page = try fixture.read("page/index.html")
        for reason in ["todo", "skipped", "pending: not yet"] {
            #expect(page.contains(#""message":"\#(reason)","name":"#), "\(reason)")
        }
        // The JSON report's skipReason says the same, and draw names it.
        _ = try navscript(["run", ".", "--reporter", "json=report.json"], in: fixture.root)
        let json = try fixture.read("report.json")
        for reason in ["todo", "skipped", "pending: not yet"] {
            #expect(json.contains(#""skipReason" : "\#(reason)""#) || json.contains(#""skipReason":"\#(reason)""#), "\(json)")
        }
        let drawn = try navscript(["draw", "skips_spec.lua", "--scenario", "write me"], in: fixture.root)
        #expect(drawn.errors.contains("has no step to draw: it was not run (todo)"), "\(drawn.errors)")
        #expect(page.contains("'class': 'failure status-' + status"))
    }

    /// A screen named "(launch)" is not the start, and control characters in a name are
    /// written visibly: Graphviz copies them into the SVG, where XML refuses them. A line
    /// break in a name is one of them, as a tab is: a label's own lines are its name's and
    /// its count's, a tooltip's its scenarios'.
    @Test func theMapKeepsOddNamesApart() throws {
        let fixture = try Fixture(["odd_spec.lua": """
            local Launch, Odd, Entity = nav.screen("(launch)"), nav.screen("ctl\\27[31m\\u{FFFE}"), nav.screen("&nbsp;")
            local Broken = nav.screen("two\\nlines\\tand a tab")
            scenario("odd names", function()
              local app = nav.app()
              assert(app:navigate(nav.route():setRoot(Launch():withStackContainer())))
              assert(app:navigate(nav.route():top(nav.stack):push(Odd())))
              assert(app:navigate(nav.route():top(nav.stack):push(Entity())))
            end)
            scenario("a broken\\nname", function()
              local app = nav.app()
              assert(app:navigate(nav.route():setRoot(Broken():withStackContainer())))
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let dot = try fixture.read("map.dot")
        #expect(dot.contains(#"  "((launch))" [shape=circle, label="start""#), "\(dot)")
        #expect(dot.contains(#""((launch))" -> "(launch)" [label="setRoot ×1""#), "\(dot)")
        #expect(dot.contains(#""(launch)" -> "ctl\\x1b[31m\\u{FFFE}" [label="push ×1""#), "\(dot)")
        #expect(!dot.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0xFFFE })
        // An entity's `&` is written `&amp;`: Graphviz copies entities into the SVG as they are.
        #expect(dot.contains(#"-> "&amp;nbsp;" [label="push ×1""#), "\(dot)")
        #expect(dot.contains(#"  "two\\x0alines\\x09and a tab" [label="two\\x0alines\\x09and a tab\n1 scenario", tooltip="odd_spec.lua: a broken\\x0aname"];"#), "\(dot)")
        // A drawing writes the noncharacter visibly too: XML does not allow it.
        let drawn = try navscript(["draw", "odd_spec.lua", "--scenario", "odd names", "-o", "odd.svg"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        let svg = try fixture.read("odd.svg")
        #expect(svg.contains("\\u{FFFE}") && !svg.unicodeScalars.contains { $0.value == 0xFFFE }, "\(svg)")
    }

    /// A run that showed no screen has no map to draw, whether Graphviz is there or not.
    @Test func anEmptyMapSaysSo() throws {
        let fixture = try Fixture(["none_spec.lua": "scenario('nothing', function() end)"])
        let run = try navscript(["run", ".", "--reporter", "html=page", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try fixture.read("page/index.html").contains(#""map":{"dot":"#) && fixture.read("page/index.html").contains(#""isEmpty":true"#))
    }

    /// The map's picture goes beside a file, never beside a stream: map=/dev/stdout made a
    /// file /dev/stdout.svg.
    @Test func theMapOnStandardOutputHasNoPictureBesideIt() throws {
        let fixture = try Fixture(["a_spec.lua": "local A = nav.screen('A')\nscenario('a', function() nav.app { root = A() } end)"])
        let run = try navscript(["run", ".", "--reporter", "map=/dev/stdout", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("digraph navigation {"))
        #expect(!run.errors.contains(".svg"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: "/dev/stdout.svg"))
    }

    /// A presentation or dismissal under way is marked, as `app:tree()` marks it: its arrow
    /// is dashed and "presenting…" or "dismissing…" stands under its phone; a settled one
    /// has neither.
    @Test func aPresentationUnderWayIsMarked() throws {
        let fixture = try Fixture(["moving_spec.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            scenario("moving", function()
              local app = nav.app { root = nav.stack { A() } }
              app.navigator:navigate(nav.route():top(nav.container):present(B()))
              expect(app:top()):toShow(B())
              app:settle()
              app.navigator:navigate(nav.route():top(nav.stack):dismiss())
              expect(app:top()):toShow(B())
              app:settle()
            end)
            """])
        func drawn(_ step: Int) throws -> String {
            let drawn = try navscript(["draw", "moving_spec.lua", "--step", "\(step)"], in: fixture.root)
            #expect(drawn.status == 0, "\(drawn.errors)")
            return drawn.output
        }
        let presenting = try drawn(2), settled = try drawn(3), dismissing = try drawn(4)
        let dashedArrow = #"stroke-width="1.5" stroke-dasharray="3 3"/>"#
        #expect(presenting.contains(">presenting…</text>") && presenting.contains(dashedArrow), "\(presenting)")
        #expect(dismissing.contains(">dismissing…</text>") && dismissing.contains(dashedArrow), "\(dismissing)")
        #expect(!settled.contains("…</text>") && !settled.contains(dashedArrow), "\(settled)")
    }

    /// A tab bar of more than five tabs is drawn as an iPhone shows it: four tabs and More,
    /// selected when the selected tab is one of the rest; five tabs are drawn all.
    @Test func aTabBarOfManyTabsEndsWithMore() throws {
        let fixture = try Fixture(["tabs_spec.lua": """
            local names = { "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India" }
            local function tabs(count)
              local screens = {}
              for i = 1, count do screens[i] = nav.screen(names[i])() end
              return nav.tabs(screens)
            end
            scenario("nine", function()
              local app = nav.app { root = tabs(9) }
              assert(app:navigate(nav.route():top(nav.tabs):selectTab(7)))
            end)
            scenario("five", function() nav.app { root = tabs(5) } end)
            """])
        func titles(_ scenario: String, step: Int) throws -> [String] {
            let drawn = try navscript(["draw", "tabs_spec.lua", "--scenario", scenario, "--step", "\(step)"], in: fixture.root)
            #expect(drawn.status == 0, "\(drawn.errors)")
            // The tab bar's titles are the first texts in 8 points; the selected one is bold.
            return drawn.output.components(separatedBy: #"font-size="8""#).dropFirst().prefix(5).compactMap { part in
                part.components(separatedBy: ">").dropFirst().first?.components(separatedBy: "<").first
                    .map { part.hasPrefix(#" font-weight="600""#) ? "[\($0)]" : $0 }
            }
        }
        #expect(try titles("nine", step: 1) == ["[Alpha]", "Bravo", "Charlie", "Delta", "More"])
        #expect(try titles("nine", step: 2) == ["Alpha", "Bravo", "Charlie", "Delta", "[More]"])
        #expect(try titles("five", step: 1) == ["[Alpha]", "Bravo", "Charlie", "Delta", "Echo"])
    }

    /// A bottom sheet is drawn at its detent: large as high as a page sheet, medium halfway,
    /// so that a changeBottomSheet step shows a change.
    @Test func aBottomSheetIsDrawnAtItsDetent() throws {
        let fixture = try Fixture(["sheet_spec.lua": """
            local A, S = nav.screen("A"), nav.screen("S")
            scenario("sheet", function()
              local app = nav.app { root = nav.stack { A() } }
              assert(app:navigate(nav.route():top(nav.container):present(S():withBottomSheet { detents = { "medium", "large" }, selectedDetent = "large" })))
              app:navigate(nav.route():top(nav.container):changeBottomSheet { selectedDetent = "medium" })
            end)
            """])
        func sheetTop(_ step: Int) throws -> String? {
            let drawn = try navscript(["draw", "sheet_spec.lua", "--scenario", "sheet", "--step", "\(step)", "-o", "s\(step).svg"], in: fixture.root)
            #expect(drawn.status == 0, "\(drawn.errors)")
            let svg = try fixture.read("s\(step).svg")
            // The sheet's white card, under the grey of its presenter peeking above it.
            return svg.components(separatedBy: "<rect ").first { $0.contains("fill=\"#ffffff\"") && $0.contains("rx=\"10\"") }
                .flatMap { $0.components(separatedBy: "y=\"").dropFirst().first?.prefix { $0 != "\"" } }.map(String.init)
        }
        let large = try sheetTop(2), medium = try sheetTop(3)
        #expect(large != nil && medium != nil && large != medium, "\(String(describing: large)) \(String(describing: medium))")
        #expect(large.flatMap(Double.init) ?? 0 < medium.flatMap(Double.init) ?? 0)
    }

    /// Bar button and tab titles are drawn as the script gave them, quotes and backslashes
    /// included; a navigation bar's title takes what its buttons leave, so a long one is
    /// shortened rather than drawn over the back button; a presenter's label is shortened.
    @Test func titlesAreDrawnAsWrittenAndKeepOutOfTheButtons() throws {
        let fixture = try Fixture(["bars_spec.lua": """
            local List, Settings, Home = nav.screen("ConversationList"), nav.screen("ConversationSettings"), nav.screen("Home")
            local Long = nav.screen(string.rep("Presenter", 40))
            scenario("bars", function()
              local app = nav.app { root = nav.tabs {
                nav.stack { List():withTabBarItem { title = 'Say "hi"' } },
                nav.stack { Home():withTabBarItem { title = 'a\\\\b', image = 'title="no"' } },
              } }
              app:navigate(nav.route():top(nav.stack):push(Settings():withRightBarButton { title = 'x, y="z"}' }))
            end)
            scenario("presented", function()
              local app = nav.app { root = Long() }
              app:navigate(nav.route():top(nav.container):present(Home()))
            end)
            """])
        let bars = try navscript(["draw", "bars_spec.lua", "--scenario", "bars"], in: fixture.root)
        #expect(bars.status == 0, "\(bars.errors)")
        for label in [">Say &quot;hi&quot;</text>", #">a\b</text>"#, ">x, y=&quot;z&quot;}</text>", ">‹ Conversa…</text>", ">Conver…</text>", ">ConversationList › ConversationSettings</text>"] {
            #expect(bars.output.contains(label), "\(label)\n\(bars.output)")
        }
        // The title keeps clear of the back button (`‹ Conversa…` ends where `Conver…` would
        // begin, had it more room), and the trail fits, measured by its letters' widths
        // (`DrawingTextTests` has one that does not).
        let presented = try navscript(["draw", "bars_spec.lua", "--scenario", "presented"], in: fixture.root)
        #expect(presented.status == 0, "\(presented.errors)")
        #expect(!presented.output.contains(String(repeating: "Presenter", count: 40)), "\(presented.output)")
    }

    /// A key too long to show whole shows its traits, its name being the line above.
    @Test func aLongKeyShowsItsTraits() throws {
        let fixture = try Fixture(["key_spec.lua": """
            local Details = nav.screen("ConversationDetailsScreen")
            scenario("key", function()
              nav.app { root = nav.stack { Details { conversationIdentifier = 1234567 } } }
            end)
            """])
        let drawn = try navscript(["draw", "key_spec.lua"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains(">(conversationIdentifier=1234567)</text>"), "\(drawn.output)")
        // Longer than the screen, in monospace cells (0.6 em each at 9 px, in 180 px): cut, the ellipsis counted.
        try fixture.write("key_spec.lua", fixture.read("key_spec.lua").replacingOccurrences(of: "1234567", with: "123456789012345"))
        let cut = try navscript(["draw", "key_spec.lua"], in: fixture.root)
        #expect(cut.output.contains(">(conversationIdentifier=1234567…</text>"), "\(cut.output)")
    }

    /// A HUD, a view over the window (not a container), is drawn over the screen on top with
    /// what it shows, while it is there.
    @Test func aHUDIsDrawnWhileItIsShown() throws {
        let fixture = try Fixture(["hud_spec.lua": """
            local A = nav.screen("A")
            local here = nav.route():top(nav.container)
            scenario("sent", function()
              local app = nav.app { root = nav.stack { A() } }
              app:navigate(here:showHUD({ indicator = "success", message = "Sent" }))
              app:navigate(here:hideHUD())
            end)
            """])
        let shown = try navscript(["draw", "hud_spec.lua", "--step", "2", "-o", "shown.svg"], in: fixture.root)
        #expect(shown.status == 0, "\(shown.errors)")
        let picture = try fixture.read("shown.svg")
        #expect(picture.contains("<title>HUD</title>") && picture.contains(">success · Sent<"), "\(picture)")
        _ = try navscript(["draw", "hud_spec.lua", "--step", "3", "-o", "hidden.svg"], in: fixture.root)
        #expect(try !fixture.read("hidden.svg").contains("<title>HUD</title>"))
    }

    /// Two scenarios of one name are told apart by their lines, as run takes file.lua:LINE.
    @Test func drawTakesAScenarioByItsLine() throws {
        let fixture = try Fixture(["same_spec.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            it("same", function() nav.app { root = A() } end)
            it("same", function() nav.app { root = B() } end)
            """])
        let second = try navscript(["draw", "same_spec.lua:3", "-o", "b.svg"], in: fixture.root)
        #expect(second.status == 0, "\(second.errors)")
        #expect(try fixture.read("b.svg").contains(">B</text>"))
        let none = try navscript(["draw", "same_spec.lua:9"], in: fixture.root)
        #expect(none.status == 2 && none.errors.contains("no scenario at same_spec.lua:9; it has:\n  same_spec.lua:2: same\n  same_spec.lua:3: same (2)"), "\(none.errors)")
        #expect(try navscript(["draw", "same_spec.lua:3", "--scenario", "same"], in: fixture.root).errors.contains("by its line or by --scenario, not both"))
        // A loop defines several at one line: not one picked silently.
        try fixture.write("loop_spec.lua", "for i = 1, 3 do it('n' .. i, function() nav.app {} end) end\n")
        let loop = try navscript(["draw", "loop_spec.lua:1"], in: fixture.root)
        #expect(loop.status == 2 && loop.errors.contains("3 scenarios are defined at loop_spec.lua:1; name one with --scenario, giving the file alone:\n  n1\n  n2\n  n3"), "\(loop.errors)")
    }
}
