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
        #expect(root.attribute(forName: "errors")?.stringValue == "0")
        #expect(root.attribute(forName: "skipped") == nil)   // not in Jenkins' schema
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["bad_spec.lua", "chat_spec.lua"])
        for suite in suites {
            for name in ["tests", "failures", "errors", "skipped", "time"] {
                #expect(suite.attribute(forName: name) != nil, "testsuite/@\(name)")
            }
            #expect(suite.attribute(forName: "timestamp") == nil)   // not in Surefire's schema
            let properties = suite.elements(forName: "properties").first?.elements(forName: "property") ?? []
            #expect(properties.map { $0.attribute(forName: "name")?.stringValue } == ["file", "seed"])
            #expect(properties.first?.attribute(forName: "value")?.stringValue == suite.attribute(forName: "name")?.stringValue)
            for testcase in suite.elements(forName: "testcase") {
                #expect(testcase.attribute(forName: "classname") != nil)
                #expect(testcase.attribute(forName: "name") != nil)
                #expect(testcase.attribute(forName: "file") == nil)   // in neither schema
                #expect(Double(testcase.attribute(forName: "time")?.stringValue ?? "x") != nil)
            }
        }
        #expect(suites[0].elements(forName: "testcase").first?.attribute(forName: "classname")?.stringValue == "bad_spec")
        let failure = try #require(suites[0].elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("bad_spec.lua:4: expect(value):toShow(Chat) failed") == true)
        #expect(failure.attribute(forName: "type")?.stringValue == "expectation")
        #expect(failure.stringValue?.contains("└─ modal Feed") == true)
        let skipped = suites[1].elements(forName: "testcase").last?.elements(forName: "skipped")
        #expect(skipped?.count == 1)
        #expect(skipped?.first?.attribute(forName: "message")?.stringValue == "chat_spec.lua:14: pending")
    }

    /// Passing, failing, erroring (with and without a place in the message) and pending
    /// scenarios, printed output and a file that does not load: the whole report is valid
    /// against the JUnit XSD Jenkins' xUnit plugin validates with, and each `testsuite` in
    /// it, on its own as Surefire writes one, against Surefire's 3.0 report schema (whose
    /// only root is `testsuite`). Schemas/README.md says where the schemas come from.
    @Test func junitXMLValidatesAgainstJenkinsAndSurefireSchemas() throws {
        let xmllint = try #require(Self.xmllint(), """
            xmllint is not installed, so the JUnit report cannot be checked against the schemas: \
            install libxml2-utils (Debian and Ubuntu: apt-get install -y libxml2-utils; \
            scripts/test does it when run as root); macOS ships xmllint
            """)
        let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas")
        let jenkins = schemas.appendingPathComponent("junit-10.xsd")
        let surefire = schemas.appendingPathComponent("surefire-test-report-3.0.xsd")
        let fixture = try Fixture([
            "chat_spec.lua": passingSuite,
            "bad_spec.lua": failingSuite,
            "flows/odd_spec.lua": """
                scenario("prints & fails", function() print("<out> ]]> here") error("no place", 0) end)
                scenario("throws a table", function() error({ code = 1 }) end)
                """,
            "broken_spec.lua": "scenario(\"never\", function(\n",
        ])
        let result = try navscript(["run", ".", "--reporter", "junit=reports/junit.xml"], in: fixture.root)
        #expect(result.status == 2)   // a file did not load
        let report = fixture.root.appendingPathComponent("reports/junit.xml")

        // The checks have teeth: what the review found is rejected.
        try fixture.write("reports/bad-jenkins.xml", #"<testsuites skipped="1"><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="b" file="a.lua"/></testsuite></testsuites>"#)
        try fixture.write("reports/bad-surefire.xml", #"<testsuite name="a" tests="0" errors="0" skipped="0" failures="0" timestamp="2024-01-01T00:00:00"/>"#)
        #expect(try Self.run(xmllint, ["--noout", "--schema", jenkins.path, fixture.root.appendingPathComponent("reports/bad-jenkins.xml").path]).status != 0)
        #expect(try Self.run(xmllint, ["--noout", "--schema", surefire.path, fixture.root.appendingPathComponent("reports/bad-surefire.xml").path]).status != 0)

        let whole = try Self.run(xmllint, ["--noout", "--schema", jenkins.path, report.path])
        let text = try fixture.read("reports/junit.xml")
        #expect(whole.status == 0, "junit-10.xsd: \(whole.output)\n\(text)")

        let document = try XMLDocument(contentsOf: report, options: [.nodePreserveCDATA])
        let suites = try #require(document.rootElement()).elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["bad_spec.lua", "chat_spec.lua", "flows/odd_spec.lua", "broken_spec.lua"])
        for (index, suite) in suites.enumerated() {
            let single = XMLDocument(rootElement: try #require(suite.copy() as? XMLElement))
            single.characterEncoding = "UTF-8"
            let file = fixture.root.appendingPathComponent("reports/TEST-\(index).xml")
            try single.xmlData().write(to: file)
            let checked = try Self.run(xmllint, ["--noout", "--schema", surefire.path, file.path])
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(checked.status == 0, "surefire-test-report-3.0.xsd: \(checked.output)\n\(written)")
        }

        // What the schemas allow still says what happened, and where.
        let odd = suites[2].elements(forName: "testcase")
        #expect(odd.map { $0.attribute(forName: "classname")?.stringValue } == ["flows.odd_spec", "flows.odd_spec"])
        #expect(odd.map { $0.elements(forName: "failure").first?.attribute(forName: "message")?.stringValue } == [
            "flows/odd_spec.lua:1: no place", "flows/odd_spec.lua:2: (error object is a table value: {code = 1})",
        ])
        #expect(odd.first?.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "error")
        #expect(odd.first?.elements(forName: "system-out").first?.stringValue == "<out> ]]> here\n")
        let load = try #require(suites[3].elements(forName: "testcase").first)
        #expect(load.attribute(forName: "name")?.stringValue == "load")
        #expect(suites[3].attribute(forName: "errors")?.stringValue == "1")
        #expect(load.elements(forName: "error").first?.attribute(forName: "type")?.stringValue == "load")
        #expect(load.elements(forName: "error").first?.attribute(forName: "message")?.stringValue?.hasPrefix("broken_spec.lua:") == true)
    }

    /// `xmllint` on PATH (or where Debian and macOS put it).
    static func xmllint() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent("xmllint") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs a tool (in `folder`, if given); its standard output and error together.
    static func run(_ tool: URL, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
        // The seed, as JUnit's property gives it, and how to have a shuffled order again.
        #expect(lines.contains("# seed: 0"), "\(result.output)")
        let shuffled = try navscript(["run", ".", "--reporter", "tap", "--shuffle", "--seed", "7"], in: fixture.root)
        #expect(shuffled.output.contains("\n# seed: 7 (shuffled: --shuffle --seed 7 runs this order again)\n"), "\(shuffled.output)")
        #expect(result.output.contains("  ---\n  message: |-\n    bad_spec.lua:4: expect(value):toShow(Chat) failed"))
        // `at` is the failing expect's line, as the message and JUnit give it, not the scenario's.
        #expect(result.output.contains("  at:\n    file: 'bad_spec.lua'\n    line: 4\n  ..."))
        // Control characters are written visibly: YAML forbids them in a block.
        let fixture2 = try Fixture(["esc_spec.lua": "scenario('esc \\27[2J', function() error('bell \\7') end)"])
        let escaped = try navscript(["run", ".", "--reporter", "tap"], in: fixture2.root)
        #expect(escaped.output.contains("not ok 1 - esc_spec.lua › esc \\x1b[2J"), "\(escaped.output)")
        #expect(escaped.output.contains("esc_spec.lua:1: bell \\x07"), "\(escaped.output)")
        // The console moved to standard error, so that standard output is only TAP.
        #expect(result.errors.contains("3 passed, 2 failed, 1 skipped"))
        // A script error's traceback is `stack`, as node-tap writes it; an after_each hook's
        // failure after the scenario's keeps both (the scenario's traceback in the message).
        let hooked = try Fixture(["hook_spec.lua": """
            describe("d", function()
              after_each(function() error("hook") end)
              it("t", function() error("body") end)
            end)
            """])
        let both = try navscript(["run", ".", "--reporter", "tap"], in: hooked.root)
        #expect(both.output.contains("    \thook_spec.lua:3: in function <hook_spec.lua:3>\n    \n    and then an after hook failed:\n    hook_spec.lua:2: hook\n"), "\(both.output)")
        #expect(both.output.contains("    line: 3\n  stack: |-\n    \t[C]: in function 'error'\n    \thook_spec.lua:2: in field 'after_each'\n  ...\n"), "\(both.output)")
        // A file that does not load gives its traceback as `stack` too; what it printed stays in the message.
        let broken = try Fixture(["load_spec.lua": "print('loading')\nlocal function f() error('at load') end\nf()\n"])
        let load = try navscript(["run", ".", "--reporter", "tap"], in: broken.root)
        #expect(load.output.contains("""
            not ok 1 - load_spec.lua does not load
              ---
              message: |-
                load_spec.lua:2: at load
                printed before it failed:
                loading
              severity: fail
              at:
                file: 'load_spec.lua'
                line: 2
              stack: |-
                \t[C]: in function 'error'
                \tload_spec.lua:2: in local 'f'
            """), "\(load.output)")
    }

    /// `tap13` is the same test points under a version 13 line, with messages as YAMLish
    /// reads them, for Perl's `prove` (it refuses 14, and `|-`); where `prove` is installed,
    /// it has to pass a green run and fail a red one without a parse error.
    @Test func tap13IsTheSameReportForProve() throws {
        let fixture = try fixture()
        try fixture.write("odd_spec.lua", #"scenario('quoted', function() error('a "b" \\c\n  d', 0) end)"#)
        _ = try navscript(["run", ".", "--reporter", "tap=14.tap", "--reporter", "tap13=13.tap"], in: fixture.root)
        let fourteen = try fixture.read("14.tap"), thirteen = try fixture.read("13.tap")
        #expect(thirteen.hasPrefix("TAP version 13\n"))
        let points = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.dropFirst() }
        #expect(points(thirteen) == points(fourteen))
        #expect(thirteen.contains(#"  message: "a \"b\" \\c\n  d""#), "\(thirteen)")
        guard let prove = ["/usr/bin/prove", "/usr/local/bin/prove"].first(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        let green = try Fixture(["a_spec.lua": "scenario('one', function() end)\nscenario('later', function() pending('soon') end)"])
        _ = try navscript(["run", ".", "--reporter", "tap13=g.tap"], in: green.root)
        let passed = try Self.run(URL(fileURLWithPath: prove), ["-e", "cat", green.root.appendingPathComponent("g.tap").path])
        #expect(passed.status == 0, "\(passed.output)")
        let failed = try Self.run(URL(fileURLWithPath: prove), ["-e", "cat", fixture.root.appendingPathComponent("13.tap").path])
        #expect(failed.status != 0, "\(failed.output)")
        #expect(failed.output.contains("Failed 3/7 subtests"), "\(failed.output)")
        #expect(!failed.output.contains("Parse errors"), "\(failed.output)")
    }

    /// A message longer than TAP::Parser's YAMLish reads is cut, saying so: whole, it was a
    /// parse error that lost every later point.
    @Test func tap13CutsAMessageYAMLishCannotRead() throws {
        let fixture = try Fixture(["l_spec.lua": "scenario('long', function() error(string.rep('é', 40000), 0) end)\nscenario('after', function() end)"])
        _ = try navscript(["run", ".", "--reporter", "tap13=13.tap"], in: fixture.root)
        let thirteen = try fixture.read("13.tap")
        #expect(thirteen.contains(#"é … (cut at 30000 bytes of 80000, as TAP 13's YAMLish reads no longer text: the tap, json and junit reports keep it whole)""#))
        #expect(thirteen.contains("ok 2 - l_spec.lua › after"))
        guard let prove = ["/usr/bin/prove", "/usr/local/bin/prove"].first(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        let failed = try Self.run(URL(fileURLWithPath: prove), ["-e", "cat", fixture.root.appendingPathComponent("13.tap").path])
        #expect(failed.output.contains("Failed 1/2 subtests") && !failed.output.contains("Parse errors"), "\(failed.output)")
    }

    /// XML cannot hold control characters even escaped: they are written as TAP writes
    /// them, so that two names that differ only there stay two.
    @Test func junitWritesControlCharactersVisibly() throws {
        let fixture = try Fixture(["c_spec.lua": "scenario('n\\1', function() end)\nscenario('n', function() end)"])
        _ = try navscript(["run", ".", "--reporter", "junit=j.xml"], in: fixture.root)
        let document = try XMLDocument(contentsOf: fixture.root.appendingPathComponent("j.xml"))
        let names = try document.nodes(forXPath: "//testcase/@name").map { $0.stringValue }
        #expect(names == ["n\\x01", "n"])
    }

    /// Two files whose class names would be one (`a/b_spec.lua`, `a.b_spec.lua`) keep their
    /// paths as class names, as CI tools keep one test of a class name and name; the others
    /// keep the dotted form.
    @Test func junitClassNamesOfTwoFilesStayApart() throws {
        let fixture = try Fixture(["a/b_spec.lua": "scenario('same', function() error('x') end)",
                                   "a.b_spec.lua": "scenario('same', function() end)", "c/d_spec.lua": "scenario('other', function() end)"])
        _ = try navscript(["run", ".", "--reporter", "junit=j.xml"], in: fixture.root)
        let document = try XMLDocument(contentsOf: fixture.root.appendingPathComponent("j.xml"))
        let names = try document.nodes(forXPath: "//testcase/@classname").map { $0.stringValue ?? "" }
        #expect(names.sorted() == ["a.b_spec", "a/b_spec", "c.d_spec"], "\(names)")
        // Shards, and a filtered run, give each file the class name the whole suite gives it.
        var sharded: [String] = []
        for shard in ["1/3", "2/3", "3/3"] {
            _ = try navscript(["run", ".", "--shard", shard, "--reporter", "junit=s.xml"], in: fixture.root)
            sharded += try XMLDocument(contentsOf: fixture.root.appendingPathComponent("s.xml"))
                .nodes(forXPath: "//testcase/@classname").map { $0.stringValue ?? "" }
        }
        #expect(sharded.sorted() == names.sorted(), "\(sharded)")
        _ = try navscript(["run", ".", "--filter", "other", "--reporter", "junit=f.xml"], in: fixture.root)
        let filtered = try XMLDocument(contentsOf: fixture.root.appendingPathComponent("f.xml")).nodes(forXPath: "//testcase/@classname")
        #expect(filtered.map { $0.stringValue ?? "" } == ["c.d_spec"])
    }

    /// A message keeps its lines (CR LF ends one too), and only them: the other line breaks
    /// XML and YAML know (CR, NEL, U+2028) and VT and FF are escapes, so that a parser reads
    /// the text back.
    @Test func onlyANewlineBreaksAMessage() throws {
        let fixture = try Fixture(["c_spec.lua": #"scenario("s", function() error("a\vb\fc\rd\r\ne\194\133f\226\128\168g\nh", 0) end)"#])
        _ = try navscript(["run", ".", "--reporter", "junit=j.xml", "--reporter", "tap=t.tap"], in: fixture.root)
        let expected = #"a\x0bb\x0cc\x0dd"# + "\n" + #"e\x85f\u{2028}g"# + "\nh"
        let document = try XMLDocument(contentsOf: fixture.root.appendingPathComponent("j.xml"))
        let failure = try #require(try document.nodes(forXPath: "//failure").first?.stringValue)
        #expect(failure.hasPrefix("c_spec.lua:1: " + expected + "\nstack traceback:"), "\(failure)")
        #expect(try fixture.read("t.tap").contains("  message: |-\n    " + expected.replacingOccurrences(of: "\n", with: "\n    ") + "\n"))
        // A test line is one line, its other breaks escaped as in messages; a todo is a TODO
        // point that is not ok (node-tap's), and the other skips say why.
        try fixture.write("c_spec.lua", #"""
            scenario("name\r\nwith crlf", function() end)
            scenario("pend", function() pending("why\r\nnot\226\128\168x") end)
            scenario.todo("todo\194\133x")
            scenario.skip("skipped", function() end)
            """#)
        let tap = try navscript(["run", ".", "--reporter", "tap"], in: fixture.root).output
        #expect(tap.contains("ok 1 - c_spec.lua › name with crlf\n"), "\(tap)")
        #expect(tap.contains("ok 2 - c_spec.lua › pend # SKIP pending: why not\\u{2028}x\n"), "\(tap)")
        #expect(tap.contains("not ok 3 - c_spec.lua › todo\\x85x # TODO\n"), "\(tap)")
        #expect(tap.contains("ok 4 - c_spec.lua › skipped # SKIP skipped\n"), "\(tap)")
    }

    /// A path with a space keeps its `file:line` once (JUnit wrote it twice), and YAML gets
    /// no character outside its printable set (C1 controls, U+FFFE: TAP let them through).
    @Test func reportsOfAFolderWithASpaceAndOddCharacters() throws {
        let fixture = try Fixture(["my suite/a_spec.lua": "scenario('x', function() expect(1):toBe(2) end)\nscenario('y', function() error('a\\u{9b}b\\u{FFFE}c') end)"])
        let result = try navscript(["run", "my suite", "--reporter", "junit=j.xml", "--reporter", "tap=t.tap"], in: fixture.root)
        #expect(result.status == 1)
        let junit = try fixture.read("j.xml"), tap = try fixture.read("t.tap")
        #expect(junit.contains("message=\"my suite/a_spec.lua:1: expect"), "\(junit)")
        #expect(!junit.contains("my suite/a_spec.lua:1: my suite"), "\(junit)")
        #expect(tap.contains("    my suite/a_spec.lua:2: a\\x9bb\\u{FFFE}c\n"), "\(tap)")
        #expect(tap.contains("    file: 'my suite/a_spec.lua'\n    line: 1\n"), "\(tap)")
        #expect(junit.contains("a\\x9bb\\u{FFFE}c"), "\(junit)")
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

    /// Each scenario of the JSON report, and of `--list`'s, gives the `describe` names around
    /// it and its own name apart (Jest's `ancestorTitles` and `title`), beside the full name:
    /// a name with spaces cannot be split back. The same from workers, in one process, from
    /// a pending scenario and through merged shards.
    @Test func jsonGivesEachScenariosDescribeNames() throws {
        let fixture = try Fixture(["d_spec.lua": """
            describe("chat list", function()
              describe("deep link", function()
                for i = 1, 2 do it("opens it", function() expect(i):toBe(i) end) end
                pending("waits")
              end)
              it("in chat list", function() end)
            end)
            it("alone", function() end)
            """])
        let expected: [[String]] = [["chat list deep link opens it", "chat list|deep link", "opens it"],
                                    ["chat list deep link opens it (2)", "chat list|deep link", "opens it (2)"],
                                    ["chat list deep link waits", "chat list|deep link", "waits"],
                                    ["chat list in chat list", "chat list", "in chat list"],
                                    ["alone", "", "alone"]]
        func named(_ scenarios: Any?) throws -> [[String]] {
            try #require(scenarios as? [[String: Any]]).map { scenario in
                [scenario["name"] as? String ?? "?", (scenario["ancestorTitles"] as? [String] ?? ["?"]).joined(separator: "|"),
                 scenario["title"] as? String ?? "?"]
            }
        }
        func report(_ path: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(try fixture.read(path).utf8)) as? [String: Any])
        }
        for arguments in [["-j2"], ["--in-process"]] {
            let run = try navscript(["run", ".", "--reporter", "json=r.json"] + arguments, in: fixture.root)
            #expect(run.status == 0, "\(run.errors)")
            let files = try #require(try report("r.json")["files"] as? [[String: Any]])
            #expect(try named(files.first?["scenarios"]) == expected, "\(arguments)")
        }
        let listed = try navscript(["run", ".", "--list", "--reporter", "json"], in: fixture.root)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
        #expect(try named(list["scenarios"]) == expected)
        for index in 1...2 {
            _ = try navscript(["run", ".", "--shard", "\(index)/2", "--reporter", "blob=blobs/\(index).json"], in: fixture.root)
        }
        _ = try navscript(["merge-reports", "blobs", "--reporter", "json=merged.json"], in: fixture.root)
        let merged = try #require(try report("merged.json")["files"] as? [[String: Any]])
        #expect(try named(merged.first?["scenarios"]) == expected)
    }

    @Test func severalReportersAtOnce() throws {
        let fixture = try fixture()
        let result = try navscript(["run", ".", "--reporter", "junit", "--reporter", "tap", "--output", "a.xml", "--output", "b.tap", "--reporter", "json=c.json"], in: fixture.root)
        #expect(result.status == 1)
        #expect(try fixture.read("a.xml").hasPrefix("<?xml"))
        #expect(try fixture.read("b.tap").hasPrefix("TAP version 14"))
        #expect(try fixture.read("c.json").contains("\"version\" : 1"))
        #expect(result.output.contains("3 passed, 2 failed, 1 skipped"))
        // --output goes to the next reporter given without a path, of any kind.
        let pictures = try navscript(["run", ".", "--reporter", "html", "--output", "page", "--reporter", "map", "--output", "m.dot"], in: fixture.root)
        #expect(pictures.status == 1)
        #expect(fixture.exists("page/index.html"))
        #expect(fixture.exists("m.dot"))
        // The console takes an --output last: the file is JUnit's, the console stays on screen.
        let console = try navscript(["run", ".", "--reporter", "console,junit", "--output", "j.xml", "--color", "never"], in: fixture.root)
        #expect(try fixture.read("j.xml").hasPrefix("<?xml"))
        #expect(console.output.contains("3 passed, 2 failed, 1 skipped"), "\(console.output)")
        _ = try navscript(["run", ".", "--reporter", "console", "--output", "run.txt", "--color", "never"], in: fixture.root)
        #expect(try fixture.read("run.txt").contains("3 passed, 2 failed, 1 skipped"))
    }
}
