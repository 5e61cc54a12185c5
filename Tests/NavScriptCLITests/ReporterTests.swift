import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct ReporterTests {
    func fixture() throws -> Fixture {
        try Fixture(["chat_spec.lua": passingSuite, "bad_spec.lua": failingSuite])
    }

    @Test func junitXMLParsesAndFollowsTheSchema() throws {
        let fixture = try fixture()
        let result = try navscript(["run", ".", "--reporter", "junit=reports/junit.xml"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("3 passed, 2 failed, 1 skipped"))   // the console still reports
        let document = try XMLDocument(data: Data(try fixture.read("reports/junit.xml").utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "6")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["bad_spec.lua", "chat_spec.lua"])
        for suite in suites {
            for name in ["tests", "failures", "errors", "skipped", "time", "timestamp"] {
                #expect(suite.attribute(forName: name) != nil, "testsuite/@\(name)")
            }
            for testcase in suite.elements(forName: "testcase") {
                #expect(testcase.attribute(forName: "classname") != nil)
                #expect(testcase.attribute(forName: "name") != nil)
                #expect(Double(testcase.attribute(forName: "time")?.stringValue ?? "x") != nil)
            }
        }
        let failure = try #require(suites[0].elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("bad_spec.lua:4: expect(value):toShow(Chat) failed") == true)
        #expect(failure.stringValue?.contains("└─ modal Feed") == true)
        let skipped = suites[1].elements(forName: "testcase").last?.elements(forName: "skipped")
        #expect(skipped?.count == 1)
    }

    @Test func tapIsValid() throws {
        let fixture = try fixture()
        let result = try navscript(["run", ".", "--reporter", "tap"], in: fixture.root)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "TAP version 14")
        #expect(lines[1] == "1..6")
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == 6)
        for (index, point) in points.enumerated() {
            #expect(point.hasPrefix("ok \(index + 1) - ") || point.hasPrefix("not ok \(index + 1) - "), "\(point)")
        }
        #expect(points.contains("ok 6 - chat_spec.lua › chat shares # SKIP pending"))
        #expect(result.output.contains("  ---\n  message: |-\n    bad_spec.lua:4: expect(value):toShow(Chat) failed"))
        #expect(result.output.contains("  at:\n    file: 'bad_spec.lua'\n    line: 2\n  ..."))
        // The console moved to standard error, so that standard output is only TAP.
        #expect(result.errors.contains("3 passed, 2 failed, 1 skipped"))
    }

    @Test func jsonIsVersionedAndComplete() throws {
        let fixture = try fixture()
        let result = try navscript(["run", ".", "--reporter", "json", "--output", "out/report.json"], in: fixture.root)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try fixture.read("out/report.json").utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 3)
        #expect(summary["failed"] as? Int == 2)
        #expect(summary["exitCode"] as? Int == 1)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 2)
        let scenario = try #require((files[0]["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["status"] as? String == "failed")
        #expect(scenario["location"] as? String == "bad_spec.lua:2")
    }

    @Test func severalReportersAtOnce() throws {
        let fixture = try fixture()
        let result = try navscript(["run", ".", "--reporter", "junit", "--reporter", "tap", "--output", "a.xml", "--output", "b.tap", "--reporter", "json=c.json"], in: fixture.root)
        #expect(result.status == 1)
        #expect(try fixture.read("a.xml").hasPrefix("<?xml"))
        #expect(try fixture.read("b.tap").hasPrefix("TAP version 14"))
        #expect(try fixture.read("c.json").contains("\"version\" : 1"))
        #expect(result.output.contains("3 passed, 2 failed, 1 skipped"))
    }
}
