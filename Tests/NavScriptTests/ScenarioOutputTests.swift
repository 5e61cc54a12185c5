@testable import NavScript
import Testing

/// What a scenario printed is kept within 1 MiB: all of it, or its first and last halves
/// on whole lines with a line between that says what was left out.
@Suite struct ScenarioOutputTests {
    @Test func smallOutputIsKeptAsPrinted() {
        var output = ScenarioOutput()
        #expect(output.isEmpty)
        output.append("a\n")
        output.append("b")
        output.append("\n")
        #expect(output.text == "a\nb\n")
        #expect(ScenarioOutput.linesCut(in: output.text) == nil)
    }

    @Test func aLoopOfPrintsKeepsItsStartAndEnd() throws {
        var output = ScenarioOutput()
        var total = 0
        for i in 1...100_000 {
            let line = "line \(i) " + String(repeating: "é", count: i % 17) + "\n"
            total += line.utf8.count
            output.append(line)
        }
        let text = output.text
        #expect(text.utf8.count < ScenarioOutput.limit + 200)
        #expect(text.hasPrefix("line 1 é\nline 2 éé\n"))
        #expect(text.hasSuffix("line 100000 " + String(repeating: "é", count: 100_000 % 17) + "\n"))
        let lines = text.split(separator: "\n")
        let marker = try #require(lines.firstIndex { $0.hasPrefix("[output cut here: ") })
        // Whole lines on both sides, and every line accounted for.
        #expect(lines[marker - 1].hasPrefix("line ") && lines[marker + 1].hasPrefix("line "))
        let last = Int(lines[marker - 1].split(separator: " ")[1])!, next = Int(lines[marker + 1].split(separator: " ")[1])!
        #expect(ScenarioOutput.linesCut(in: text) == next - last - 1)
        #expect(lines.count - 1 + next - last - 1 == 100_000)
        let kept = text.utf8.count - String(lines[marker]).utf8.count - 1
        #expect(lines[marker].contains(" \(total - kept) bytes left out"))
    }

    /// A long line with no break, then small prints: the tail is cut on characters in the
    /// line (it has no break to cut after) and after whole lines once the line is gone.
    @Test func aLongLineThenSmallPrintsKeepsWholeCharacters() throws {
        var output = ScenarioOutput()
        output.append(String(repeating: "h", count: 600_000) + "\n")
        output.append(String(repeating: "é", count: 350_000))
        for i in 1...10_000 { output.append("line \(i)\n") }
        var text = output.text
        #expect(text.utf8.count < ScenarioOutput.limit + 200)
        #expect(text.hasSuffix("line 9999\nline 10000\n"))
        #expect(!text.contains("\u{FFFD}"))
        let marker = "bytes left out; a scenario keeps \(ScenarioOutput.kept) of what it prints]\n"
        let afterCut = text[try #require(text.range(of: marker)).upperBound...]
        #expect(afterCut.hasPrefix("éé") && afterCut.contains("éline 1\n"))
        for i in 10_001...70_000 { output.append("line \(i)\n") }
        text = output.text
        let lastCut = text[try #require(text.range(of: marker)).upperBound...]
        #expect(lastCut.hasPrefix("line ") && !lastCut.contains("é") && text.hasSuffix("line 70000\n"))
        // The end of the first line, and every line before the first kept.
        let firstKept = Int(lastCut.prefix { $0 != "\n" }.split(separator: " ")[1])
        #expect(ScenarioOutput.linesCut(in: text) == firstKept)
    }

    @Test func oneHugePrintKeepsItsStartAndEnd() {
        var output = ScenarioOutput()
        output.append("first\n")
        output.append(String(repeating: "ab", count: 2 << 20) + "\tend\n")
        let text = output.text
        #expect(text.hasPrefix("first\n[output cut here: 0 lines, "))   // the head keeps whole lines
        #expect(text.hasSuffix("abab\tend\n"))
        #expect(text.utf8.count > ScenarioOutput.limit / 2 && text.utf8.count < ScenarioOutput.limit / 2 + 200)
        // Printing on keeps trimming the oldest.
        for _ in 1...3 { output.append(String(repeating: "z", count: 300_000) + "\n") }
        #expect(output.text.hasSuffix(String(repeating: "z", count: 300_000) + "\n"))
        #expect(!output.text.contains("ab\tend"))
        #expect(!output.text.contains("\u{FFFD}"))
    }
}
