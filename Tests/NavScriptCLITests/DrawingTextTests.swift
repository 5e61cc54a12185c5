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
}
