import Foundation
@testable import NavScriptCommand
import Testing

/// The report page's data is written by hand (`JSONText`); it must be the text JSONEncoder
/// writes for the same page, with `</` escaped for the `<script>` element it stands in.
@Suite struct PageDataTests {
    typealias Page = HTMLReporter.Page

    static let awkward = "quote \" backslash \\ slash / </script> <!-- <script> tab\t line\nreturn\r bell\u{07} nul\u{00} é 🧭 \u{2028} \u{E000}"

    static func page(_ text: String) -> Page {
        let step = Page.Step(kind: "navigate", location: "scenarios/a.lua:3", time: 0.35, ok: false, message: text,
                             transitions: ["push stack [Feed] -> [Feed, Chat(id=7)] animated", text], log: [text, ""], picture: 0, number: 1, omitted: 0)
        let bare = Page.Step(kind: "expect", location: nil, time: 0, ok: true, message: nil, transitions: [], log: [], picture: nil, number: 5, omitted: 3)
        let scenario = Page.Scenario(name: text, location: "scenarios/a.lua:2", tags: ["chat", text], status: "failed", duration: 1e-05,
                                     message: text, traceback: text, output: text, steps: [step, bare])
        let passed = Page.Scenario(name: "b", location: "scenarios/a.lua:9", tags: [], status: "passed", duration: 12,
                                   message: nil, traceback: nil, output: "", steps: [])
        return Page(summary: Page.Summary(passed: 1, failed: 1, skipped: 0, notRun: 2, duration: 0.123456789, seed: -4, command: text),
                    files: [Page.File(path: "scenarios/a.lua", scenarios: [scenario, passed]), Page.File(path: "empty.lua", scenarios: [])],
                    loadErrors: [Page.LoadError(path: "bad.lua", message: text)],
                    pictures: ["<svg xmlns=\"http://www.w3.org/2000/svg\"><text>\(text)</text></svg>"],
                    map: Page.Map(isEmpty: false, svg: nil, dot: "digraph { \"a\" -> \"b\" }", uncovered: ["Settings"]))
    }

    static func foundation(_ page: Page, coverage: String?) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var json = String(decoding: try encoder.encode(page), as: UTF8.self)
        if let coverage {
            json = String(json.dropLast()) + ",\"coverage\":" + coverage + "}"
        }
        return json.replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "<!", with: "<\\u0021")
    }

    static func written(_ page: Page, coverage: String?) -> String {
        var json = JSONText()
        json.object { json in
            page.writeFields(&json)
            if let coverage {
                json.key("coverage")
                json.raw(coverage)
            }
        }
        return json.text
    }

    @Test(arguments: [awkward, "", "plain"])
    func theWrittenDataIsWhatJSONEncoderWrites(text: String) throws {
        let page = Self.page(text)
        #expect(Self.written(page, coverage: nil) == (try Self.foundation(page, coverage: nil)))
        let coverage = #"{"files":[{"path":"routes/a.lua","lines":{"1":2}}],"note":"</b> <!-- <script>"}"#
        #expect(Self.written(page, coverage: coverage) == (try Self.foundation(page, coverage: coverage)))
    }

    @Test func theDataNeverEndsItsScriptElement() throws {
        let text = Self.written(Self.page("</script><script>alert(1)</script>"), coverage: nil)
        #expect(!text.contains("</"))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }
}
