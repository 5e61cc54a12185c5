import Foundation
import Testing

/// Drawings measure text by each character's width, not its count: a CJK character is
/// about twice a Latin letter, so a trail of five CJK names that its character count let
/// pass was cut at its start, losing the top.
@Suite struct DrawingTextTests {
    @Test func aTrailOfWideNamesKeepsItsTop() throws {
        let fixture = try Fixture(["wide_spec.lua": """
            local S = nav.screen("設定画面")
            scenario("deep", function()
              local app = nav.app { root = nav.stack { S { n = 1 } } }
              for i = 2, 5 do app:navigate(nav.route():top(nav.stack):push(S { n = i })) end
              app:settle()
            end)
            """])
        let drawn = try navscript(["draw", "wide_spec.lua", "--step=-1"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains(">5 screens: … › 設定画面 › 設定画面 › 設定画面</text>"), "\(drawn.output)")
    }

    /// A right-to-left override in a name would draw the rest of its text backwards: the
    /// controls that change direction are written as code points, and control characters
    /// as `\x1b`, as trees write them (a terminal's escape was drawn as a space).
    @Test func controlsInANameAreDrawnVisibly() throws {
        let fixture = try Fixture(["rlo_spec.lua": """
            local S = nav.screen("Chat\\u{202E}txt.exe\\27[31m")
            scenario("one", function() local app = nav.app { root = nav.stack { S() } } app:settle() end)
            """])
        let drawn = try navscript(["draw", "rlo_spec.lua", "--step=-1"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains("Chat\\u{202E}txt.exe\\x1b[31m"), "\(drawn.output)")
        #expect(!drawn.output.unicodeScalars.contains { $0.value == 0x202E })
    }

    /// An alert with more actions than fit keeps Cancel as its last line, under the line that
    /// counts the rest; Cancel was among the actions left out.
    @Test func aCutAlertKeepsItsCancel() throws {
        let fixture = try Fixture(["alert_spec.lua": """
            scenario("many", function()
              local app = nav.app { root = nav.stack { nav.screen("A")() } }
              local actions = { { title = "Cancel", style = "cancel" } }
              for i = 1, 20 do actions[#actions + 1] = { title = "Action " .. i } end
              app:navigate(nav.route():top(nav.container):showAlert { title = "Many", actions = actions })
            end)
            """])
        let drawn = try navscript(["draw", "alert_spec.lua", "--step=-1"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        let texts = drawn.output.components(separatedBy: "</text>").compactMap { $0.components(separatedBy: ">").last }
        let more = try #require(texts.firstIndex { $0.hasSuffix(" more actions") }, "\(texts)")
        #expect(texts[more + 1] == "Cancel", "\(texts)")
        #expect(texts[more - 1].hasPrefix("Action "), "\(texts)")
    }

    /// A full-screen presentation covers every layer below it: a tab bar under a page sheet
    /// under it is dimmed as the page sheet is (it was drawn as if on screen).
    @Test func aFullScreenPresentationDimsEveryLayerItCovers() throws {
        let fixture = try Fixture(["chain_spec.lua": """
            local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")
            scenario("chain", function()
              local app = nav.app { root = nav.tabs { nav.stack { A() } } }
              app:navigate(nav.route():top(nav.container):present(B():withModalPresentationStyle("pageSheet")))
              app:navigate(nav.route():top(nav.container):present(C():withModalPresentationStyle("fullScreen")))
            end)
            """])
        let drawn = try navscript(["draw", "chain_spec.lua", "--step=-1"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.components(separatedBy: "<title>not visible</title>").count - 1 == 2, "\(drawn.output)")
    }

    /// An action sheet is drawn as UIKit shows one: on a phone at the bottom, Cancel in a box
    /// of its own below the rest; on a pad a popover at its anchor, without Cancel. Both were
    /// drawn as an alert, a card in the middle.
    @Test func anActionSheetIsDrawnWhereUIKitShowsIt() throws {
        let scenarios = ["phone", "pad"].map { idiom in """
            scenario("\(idiom)", function()
              local app = nav.app { root = nav.stack { nav.screen("Chat")() } }
              app:setSystem { idiom = "\(idiom)" }
              app:navigate(nav.route():top(nav.container):showActionSheet { title = "Chat", anchor = "more",
                actions = { { title = "Cancel", style = "cancel" }, { title = "Mute" }, { title = "Delete", style = "destructive" } } })
            end)
            """ }
        let fixture = try Fixture(["sheet_spec.lua": scenarios.joined(separator: "\n")])
        // The y of each text, by its content.
        func texts(_ scenario: String) throws -> [String: Double] {
            let drawn = try navscript(["draw", "sheet_spec.lua", "--scenario", scenario, "--step=-1"], in: fixture.root)
            #expect(drawn.status == 0, "\(drawn.errors)")
            var found: [String: Double] = [:]
            for piece in drawn.output.components(separatedBy: "</text>") {
                guard let open = piece.range(of: "<text ", options: .backwards), let y = piece[open.upperBound...].range(of: "y=\"") else { continue }
                let value = piece[y.upperBound...].prefix { $0 != "\"" }
                found[String(piece[open.upperBound...].split(separator: ">", maxSplits: 1).last ?? "")] = Double(value)
            }
            return found
        }
        let phone = try texts("phone")
        let (mute, delete, cancel) = (try #require(phone["Mute"]), try #require(phone["Delete"]), try #require(phone["Cancel"]))
        #expect(mute < delete && delete + 26 < cancel, "\(phone)")
        #expect(cancel > 350, "at the bottom of the phone's screen, which ends at y = 410 (an alert is centred at 226): \(phone)")
        #expect(phone["action sheet · UIAlertController"] != nil, "\(phone)")
        let pad = try texts("pad")
        #expect(pad["Mute"] != nil && pad["Delete"] != nil && pad["↑ more"] != nil, "\(pad)")
        #expect(pad["Cancel"] == nil, "\(pad)")
    }
}
