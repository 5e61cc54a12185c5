import Foundation
@testable import NavScript
@testable import ScreenKit
import Testing

/// Results travel from worker processes as one line of compact text: every field comes back
/// as it went, whatever the text holds.
@Suite struct CompactCodingTests {
    static let awkward = "line one\nline two\r\n sep \u{E000} nil \u{E001} escape \u{E002}a \u{E002} é 🧭 \"quoted\""

    static func result(_ text: String) -> ScenarioResult {
        let hierarchy = ScenarioHierarchy(kind: "stack", name: nil, key: text, typeName: "UINavigationController", attributes: ["style": text, "a": ""],
                                          isVisible: true, isTop: false, selectedIndex: 2, presentationPhase: nil, systemText: [text, ""],
                                          children: [], presented: [])
        let step = ScenarioStep(kind: .navigate, location: "scenarios/a.lua:3", time: 0.35, ok: false, message: text,
                                transitions: [ScenarioTransition(kind: "push", container: "stack", before: ["Feed"], after: ["Feed", text],
                                                                 animated: true, description: text)],
                                log: [text, ""], hierarchy: hierarchy, app: 2)
        var result = ScenarioResult(scenario: ScenarioInfo(index: 3, name: text, tags: [text, ""], location: "scenarios/a.lua:2", isPending: false, isFocused: true),
                                    status: .failed, message: text, traceback: nil, isExpectationFailure: true, output: text, expectations: 4,
                                    duration: 1e-05, snapshots: [ScenarioSnapshots.Check(name: text, text: nil), ScenarioSnapshots.Check(name: "b", text: text)])
        result.started = 12345.678901
        result.steps = [step, ScenarioStep(kind: .expect, location: nil, time: 0, ok: true, message: nil, transitions: [], log: [], hierarchy: nil)]
        result.definedScreens = ["Feed", text]
        result.coverage = ["routes/a.lua": [1: 2, 10: 1], text: [:]]
        result.routeCoverage = ["myapp://chat/:id": 3, text: 0]
        return result
    }

    static func json(_ result: ScenarioResult) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(result), as: UTF8.self)
    }

    /// A step of a blob written before steps named their app reads as of no app.
    @Test func aStepWithoutItsAppReadsAsOfNone() throws {
        let step = try #require(Self.result("plain").steps?.first)
        let encoded = String(decoding: try JSONEncoder().encode(step), as: UTF8.self)
        #expect(try JSONDecoder().decode(ScenarioStep.self, from: Data(encoded.utf8)) == step)
        // The fields added last, the app and the count of steps not kept, read as none when
        // an older blob has no such field.
        let older = try #require(encoded.range(of: "\u{E000}2\u{E000}0\"", options: .backwards))
        let read = try JSONDecoder().decode(ScenarioStep.self, from: Data((encoded[..<older.lowerBound] + "\"").utf8))
        #expect(read.app == 0 && read.omitted == 0)
        #expect(read.hierarchy == step.hierarchy && read.log == step.log)
        let withApp = try JSONDecoder().decode(ScenarioStep.self, from: Data((encoded[..<older.lowerBound] + "\u{E000}2\"").utf8))
        #expect(withApp.app == 2 && withApp.omitted == 0)
    }

    /// A deep stack keeps its root and its top screens, and says how many it left out
    /// between; that count comes back through compact text, and reads as 0 where none.
    @Test func aDeepStackKeepsItsRootAndTop() throws {
        let stack = ScreenContainer(kind: .stack)
        let screens = (0...100).map { ScreenContainer(kind: .modal, key: ScreenKey(name: "S\($0)")) }
        stack.children = screens
        let hierarchy = ScenarioHierarchy(stack, top: screens.last)
        #expect(hierarchy.children.map(\.name) == ["S0"] + (77...100).map { "S\($0)" })
        #expect(hierarchy.omittedChildren == 76 && hierarchy.children.last?.isTop == true)
        let step = ScenarioStep(kind: .navigate, location: nil, time: 0, ok: true, message: nil, transitions: [], log: [], hierarchy: hierarchy, app: 1)
        for hierarchies in [nil, CompactHierarchies()] {
            var writer = CompactWriter()
            step.writeCompact(&writer, hierarchies: hierarchies)
            var reader = CompactReader(writer.text)
            let read = try ScenarioStep(compact: &reader, hierarchies: hierarchies.map { _ in CompactHierarchies() })
            #expect(read == step && read.hierarchy?.omittedChildren == 76)
            #expect(read.hierarchy?.children.first?.omittedChildren == 0)
        }
        let short = ScreenContainer(kind: .stack)
        short.children = Array(screens.prefix(26))
        #expect(ScenarioHierarchy(short, top: nil).children.count == 26)
    }

    @Test(arguments: [awkward, "", "plain"])
    func aResultComesBackAsItWent(text: String) throws {
        for result in [Self.result(text), ScenarioResult(scenario: ScenarioInfo(index: 1, name: text, tags: [], location: "a.lua:1", isPending: true),
                                                         status: .skipped, message: nil, traceback: text, isExpectationFailure: false, output: "",
                                                         expectations: 0, duration: 0)] {
            var writer = CompactWriter()
            result.writeCompact(&writer)
            writer.string(text)
            #expect(!writer.text.contains("\n"), "a compact text is one line")
            var reader = CompactReader(writer.text)
            let read = try ScenarioResult(compact: &reader)
            #expect(try Self.json(read) == (try Self.json(result)))
            #expect(try reader.string() == text)
        }
    }

    @Test func aTextThatIsNotOneFails() {
        var writer = CompactWriter()
        Self.result("x").writeCompact(&writer)
        var reader = CompactReader(String(writer.text.prefix(40)))
        #expect(throws: CompactReader.Failure.self) { try ScenarioResult(compact: &reader) }
    }
}

extension CompactCodingTests {
    /// A channel sends each hierarchy once and names it by number after; a reader that
    /// missed what a copy of the worker sent still reads what the worker sends next.
    @Test func aChannelSendsEachHierarchyOnce() throws {
        let writing = CompactHierarchies(), reading = CompactHierarchies()
        func line(_ result: ScenarioResult, _ hierarchies: CompactHierarchies) -> String {
            var writer = CompactWriter()
            result.writeCompact(&writer, hierarchies: hierarchies)
            return writer.text
        }
        func read(_ text: String) throws -> ScenarioResult {
            var reader = CompactReader(text)
            return try ScenarioResult(compact: &reader, hierarchies: reading)
        }
        let first = Self.result("a"), second = Self.result("b")
        let firstLine = line(first, writing)
        #expect(try Self.json(read(firstLine)) == (try Self.json(first)))
        let again = line(first, writing)
        #expect(again.utf8.count < firstLine.utf8.count, "the hierarchy is named, not written again")
        #expect(try Self.json(read(again)) == (try Self.json(first)))
        // A copy of the worker numbers from where the worker was; the worker gives the same
        // number to another hierarchy later, and the reader keeps the latest.
        let copy = CompactHierarchies()
        _ = line(first, copy)
        let fromCopy = line(second, copy)
        let fromWorker = line(second, writing)
        #expect(try Self.json(read(fromCopy)) == (try Self.json(second)))
        #expect(try Self.json(read(fromWorker)) == (try Self.json(second)))
        // A number never sent fails.
        var unknown = CompactReader(again)
        #expect(throws: CompactReader.Failure.self) { try ScenarioResult(compact: &unknown, hierarchies: CompactHierarchies()) }
    }
}
