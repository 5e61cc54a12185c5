import Foundation
import Testing

/// Every code block of README.md is checked, so that the README stays true. The line before
/// a block says how, in an HTML comment (not shown on GitHub), optionally followed by lines
/// that go before the block (a prelude) and closed by `-->`:
///
///     <!-- check: session -->            `$ command` lines run in the tutorial's folder; the
///                                        output must be what follows (times aside)
///     <!-- check: file PATH -->          the tutorial's file PATH is the block
///     <!-- check: write PATH -->         the block is written to the tutorial's PATH
///     <!-- check: insert PATH -->        the block goes before PATH's last line
///     <!-- check: spec -->               the block is a scenario file that passes
///     <!-- check: scenario -->           the block is the body of a scenario that passes
///     <!-- check: typecheck -->          Swift that type-checks against the built modules
///     <!-- check: commands -->           every `navscript X` is a command of the binary
///     <!-- check: skip REASON -->        not checked, for the reason given
///
/// The tutorial's folder is one for the whole README, so blocks build on the ones above.
@Suite struct ReadmeTests {
    struct Block {
        let line: Int
        let mode: String
        let argument: String
        let prelude: String
        let text: String
    }

    static let readme = Binary.packageRoot.appendingPathComponent("README.md")

    /// The README's code blocks with their directives; a block without one is an error.
    static func blocks() throws -> (blocks: [Block], unchecked: [Int]) {
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [Block] = [], unchecked: [Int] = []
        var index = 0
        var directive: (mode: String, argument: String, prelude: [String])?
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- check: ") {
                var words = line.dropFirst(12).split(separator: " ", maxSplits: 1).map(String.init)
                var prelude: [String] = []
                if words.last?.hasSuffix("-->") == true {
                    words[words.count - 1] = String(words[words.count - 1].dropLast(3)).trimmingCharacters(in: .whitespaces)
                } else {
                    index += 1
                    while index < lines.count, lines[index] != "-->" {
                        prelude.append(lines[index])
                        index += 1
                    }
                }
                directive = (words.first ?? "", words.count > 1 ? words[1] : "", prelude)
            } else if line.hasPrefix("```") {
                let start = index + 1
                index += 1
                var body: [String] = []
                while index < lines.count, !lines[index].hasPrefix("```") {
                    body.append(lines[index])
                    index += 1
                }
                if let directive {
                    blocks.append(Block(line: start, mode: directive.mode, argument: directive.argument,
                                        prelude: directive.prelude.joined(separator: "\n"), text: body.joined(separator: "\n")))
                } else {
                    unchecked.append(start)
                }
                directive = nil
            } else if !line.isEmpty {
                directive = nil
            }
            index += 1
        }
        return (blocks, unchecked)
    }

    @Test func everyCodeBlockSaysHowItIsChecked() throws {
        let (blocks, unchecked) = try Self.blocks()
        #expect(blocks.count >= 20)
        #expect(unchecked.isEmpty, "README.md lines \(unchecked): a code block with no <!-- check: ... --> before it")
        for block in blocks {
            #expect(["session", "file", "write", "insert", "spec", "scenario", "typecheck", "commands", "skip"].contains(block.mode),
                    "README.md:\(block.line): unknown check '\(block.mode)'")
            if ["file", "write", "insert", "skip"].contains(block.mode) {
                #expect(!block.argument.isEmpty, "README.md:\(block.line): '\(block.mode)' needs \(block.mode == "skip" ? "a reason" : "a path")")
            }
        }
    }

    @Test func everyCodeBlockHolds() throws {
        let tutorial = try Fixture([:])
        for block in try Self.blocks().blocks {
            let failure: String?
            switch block.mode {
            case "session": failure = try session(block, in: tutorial)
            case "file": failure = try tutorial.read(block.argument) == block.text + "\n" ? nil
                : "\(block.argument) is not what the README shows:\n" + (try tutorial.read(block.argument))
            case "write": try tutorial.write(block.argument, block.text + "\n"); failure = nil
            case "insert": failure = try insert(block, in: tutorial)
            case "spec": failure = try spec(block.text)
            case "scenario": failure = try spec("scenario(\"README.md:\(block.line)\", function()\n\(block.prelude)\n\(block.text)\nend)")
            case "typecheck":
                // Xcode builds with no SwiftPM manifest to read the compiler's flags from: the
                // blocks are type-checked by `swift test` (scripts/test, CI).
                do {
                    failure = try typecheck(block)
                } catch let missing as ManifestMissing where Self.isXcodeBuild {
                    withKnownIssue("README.md:\(block.line) is type-checked only under swift test: \(missing)") { throw missing }
                    failure = nil
                }
            case "commands": failure = try commands(block)
            default: failure = nil
            }
            if let failure {
                Issue.record(Comment(rawValue: "README.md:\(block.line) (\(block.mode) \(block.argument)): \(failure)"))
            }
        }
    }

    /// Durations change from run to run: `(2 scenarios, 1 ms)` and `in 40 ms` compare as `T`.
    static func normalized(_ text: String) -> String {
        var text = text
        for pattern in [#"(\d+ scenarios?, )\d+(\.\d+)? m?s\)"#, #"( in )\d+(\.\d+)? m?s\b"#] {
            text = text.replacingOccurrences(of: pattern, with: "$1T", options: .regularExpression)
        }
        let lines = text.components(separatedBy: "\n").map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    func session(_ block: Block, in tutorial: Fixture) throws -> String? {
        var commands: [(command: String, expected: [String])] = []
        for line in block.text.components(separatedBy: "\n") {
            if line.hasPrefix("$ ") {
                commands.append((String(line.dropFirst(2)), []))
            } else if !commands.isEmpty {
                commands[commands.count - 1].expected.append(line)
            }
        }
        for (command, expected) in commands {
            let output = try shell(command, in: tutorial.root)
            let want = Self.normalized(expected.joined(separator: "\n")), got = Self.normalized(output)
            if want != got {
                return "$ \(command)\n--- the README shows:\n\(want)\n--- the command printed:\n\(got)"
            }
        }
        return nil
    }

    func insert(_ block: Block, in tutorial: Fixture) throws -> String? {
        var lines = try tutorial.read(block.argument).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty else { return "\(block.argument) is empty" }
        lines.insert(contentsOf: [""] + block.text.components(separatedBy: "\n"), at: lines.count - 1)
        try tutorial.write(block.argument, lines.joined(separator: "\n") + "\n")
        return nil
    }

    func spec(_ text: String) throws -> String? {
        let folder = try Fixture(["readme_spec.lua": text + "\n"])
        let result = try navscript(["run", "readme_spec.lua", "--color", "never"], in: folder.root)
        return result.status == 0 ? nil : "the scenarios did not pass:\n" + result.output + result.errors
    }

    func commands(_ block: Block) throws -> String? {
        let help = try navscript(["--help"]).output
        let listed = Set(help.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { return nil }
            return String(word.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
        })
        let missing = block.text.components(separatedBy: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").map(String.init)
            guard words.first == "navscript", words.count > 1, !words[1].hasPrefix("-"), words[1] != "help" else { return nil }
            return listed.contains(words[1]) ? nil : words[1]
        }
        return missing.isEmpty ? nil : "not commands of navscript: \(missing)"
    }

    /// Type-checks Swift against the modules of this build, as a package depending on
    /// NavScript would compile it: with the flags SwiftPM gave this package's tests (its
    /// build manifest, such as `.build/debug.yaml`, lists them), which on macOS name the SDK and where
    /// Xcode keeps Testing and its macros.
    func typecheck(_ block: Block) throws -> String? {
        let folder = try Fixture(["main.swift": block.prelude + "\n" + block.text + "\n"])
        let flags = try Self.compilerFlags()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [flags.compiler, "-typecheck"] + flags.arguments + [folder.root.appendingPathComponent("main.swift").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "does not type-check:\n" + output
    }

    /// Whether Xcode built the tests (its products go to DerivedData, with no `.build`).
    static var isXcodeBuild: Bool { !Binary.url.resolvingSymlinksInPath().pathComponents.contains(where: { $0.hasPrefix(".build") }) }

    struct ManifestMissing: Error, CustomStringConvertible {
        let description: String
    }

    /// The compiler and the flags SwiftPM compiled the NavScriptTesting tests with that
    /// matter to a type-check: search paths, the SDK, the target, macro plugins, C flags.
    static func compilerFlags() throws -> (compiler: String, arguments: [String]) {
        // <scratch>/<triple>/debug/navscript, and <scratch>/debug.yaml.
        let build = Binary.url.resolvingSymlinksInPath().deletingLastPathComponent()
        let manifest = build.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("\(build.lastPathComponent).yaml")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
            throw ManifestMissing(description: "no build manifest at \(manifest.path): build with `swift build --build-tests` first")
        }
        var lines = text.split(separator: "\n")[...]
        while let line = lines.first, !(line.hasPrefix("  \"C.NavScriptTestingTests-") && line.hasSuffix(".module\":")) {
            lines = lines.dropFirst()
        }
        guard let argsLine = lines.first(where: { $0.hasPrefix("    args: [") }),
              let all = try JSONSerialization.jsonObject(with: Data(argsLine.dropFirst("    args: ".count).utf8)) as? [String],
              let compiler = all.first else {
            throw ManifestMissing(description: "\(manifest.path) has no command that compiles NavScriptTestingTests")
        }
        let paired: Set = ["-sdk", "-F", "-Fsystem", "-I", "-Isystem", "-Xcc", "-target", "-swift-version", "-module-cache-path",
                           "-plugin-path", "-external-plugin-path", "-load-plugin-executable", "-load-plugin-library", "-resource-dir"]
        var arguments: [String] = []
        var rest = all.dropFirst()
        while let flag = rest.popFirst() {
            if paired.contains(flag), let value = rest.popFirst() {
                arguments += [flag, value]
            } else if flag.hasPrefix("-I") || flag.hasPrefix("-F") || flag.hasPrefix("-D") {
                arguments.append(flag)
            }
        }
        return (compiler, arguments)
    }

    /// Runs a command line with the built `navscript` first on PATH, outside CI mode and
    /// without colors; standard output and error together, as a terminal shows them.
    func shell(_ command: String, in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " 2>&1"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["NO_COLOR"] = "1"
        environment["PATH"] = Binary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
