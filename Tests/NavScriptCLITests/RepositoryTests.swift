import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the repository itself must be, wherever a team checks it out.
@Suite struct RepositoryTests {
    /// macOS's default volume ignores case: two tracked paths that differ only by case
    /// would be one there (a folder `navscript` beside `NavScript` merged the command's
    /// files into the library).
    @Test func noTwoTrackedPathsDifferOnlyByCase() throws {
        let listing = try git(["ls-files"])
        var seen: [String: String] = [:]
        var collisions: [String] = []
        for file in listing.split(separator: "\n").map(String.init) {
            var prefix = ""
            for part in file.split(separator: "/") {
                prefix += prefix.isEmpty ? String(part) : "/" + part
                if let other = seen[prefix.lowercased()], other != prefix {
                    collisions.append("\(other) / \(prefix)")
                }
                seen[prefix.lowercased()] = prefix
            }
        }
        #expect(!listing.isEmpty)
        #expect(Set(collisions).sorted() == [])
    }

    /// scripts/lib/prerequisites.sh on a Mac (stand-ins for uname, brew, lipo and pkg-config):
    /// it installs lua@5.4 with brew when the keg is missing, points pkg-config at it, and
    /// says when the keg is another architecture's.
    @Test func onAMacThePrerequisitesComeFromHomebrew() throws {
        let fixture = try Fixture([
            "bin/uname": "#!/bin/sh\necho Darwin\n",
            "bin/swift": "#!/bin/sh\nexit 0\n",
            "bin/pkg-config": "#!/bin/sh\nexit 0\n",
            "bin/brew": """
                #!/bin/sh
                keg="$FAKE_ROOT/opt/lua@5.4"
                case "$1" in
                  --prefix) echo "$keg" ;;
                  install) echo "brew install $2 $3" >> "$FAKE_ROOT/brew.log"; mkdir -p "$keg/lib/pkgconfig"; touch "$keg/lib/pkgconfig/lua5.4.pc" ;;
                esac

                """,
        ])
        for tool in ["uname", "swift", "pkg-config", "brew"] {
            chmod(fixture.root.appendingPathComponent("bin/\(tool)").path, 0o755)
        }
        let path = fixture.root.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        let (status, text, _) = try Self.prerequisites("require_prerequisites && echo \"PKG_CONFIG_PATH=$PKG_CONFIG_PATH\"", path: path, in: fixture)
        #expect(status == 0)
        #expect(text.contains("==> installing lua@5.4 (brew)"), "\(text)")
        #expect(text.contains("PKG_CONFIG_PATH=\(fixture.root.path)/opt/lua@5.4/lib/pkgconfig"), "\(text)")
        #expect(try fixture.read("brew.log") == "brew install lua@5.4 \n")
        // A keg of another architecture (an Intel Homebrew's on Apple Silicon) is said to be
        // one, where the link would fail among the build's lines.
        try fixture.write("bin/uname", "#!/bin/sh\n[ \"$1\" = -m ] && echo arm64 || echo Darwin\n")
        try fixture.write("bin/lipo", "#!/bin/sh\necho x86_64\n")
        try fixture.write("opt/lua@5.4/lib/liblua.dylib", "")
        for tool in ["uname", "lipo"] { chmod(fixture.root.appendingPathComponent("bin/\(tool)").path, 0o755) }
        let intel = try Self.prerequisites("require_prerequisites", path: path, in: fixture)
        #expect(intel.status == 2)
        #expect(intel.errors.contains("/opt/lua@5.4/lib/liblua.dylib is built for x86_64, not arm64: this Homebrew"), "\(intel.errors)")
    }

    /// Runs `functions` of scripts/lib/prerequisites.sh in bash, with `path` as PATH and the
    /// fixture's root as FAKE_ROOT (where stand-ins keep what they were asked).
    static func prerequisites(_ functions: String, path: String, in fixture: Fixture) throws -> (status: Int32, output: String, errors: String) {
        let script = Binary.packageRoot.appendingPathComponent("scripts/lib/prerequisites.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "source '\(script)' && \(functions)"]
        process.environment = ["PATH": path, "FAKE_ROOT": fixture.root.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text, said)
    }

    /// scripts/lib/prerequisites.sh on Debian as root (stand-ins for uname, id, pkg-config,
    /// apt-get and the other test tools, and a PATH with no xmllint): the command's
    /// prerequisites install nothing more, and the tests' install libxml2-utils, for the
    /// tests that check the JUnit reporter with xmllint.
    @Test func onDebianXmllintComesFromAptGetForTheTestsOnly() throws {
        let fixture = try Fixture([
            "bin/uname": "#!/bin/sh\necho Linux\n",
            "bin/id": "#!/bin/sh\necho 0\n",
            "bin/swift": "#!/bin/sh\nexit 0\n",
            "bin/pkg-config": "#!/bin/sh\nexit 0\n",
            "bin/chromium": "#!/bin/sh\nexit 0\n",
            "bin/dot": "#!/bin/sh\nexit 0\n",
            "bin/lcov": "#!/bin/sh\nexit 0\n",
            "bin/apt-get": "#!/bin/sh\necho \"apt-get $*\" >> \"$FAKE_ROOT/apt.log\"\n",
        ])
        for tool in ["uname", "id", "swift", "pkg-config", "chromium", "dot", "lcov", "apt-get"] {
            chmod(fixture.root.appendingPathComponent("bin/\(tool)").path, 0o755)
        }
        func run(_ functions: String) throws -> (status: Int32, text: String) {
            let ran = try Self.prerequisites(functions + " && echo done", path: fixture.root.appendingPathComponent("bin").path, in: fixture)
            return (ran.status, ran.output)
        }
        let command = try run("require_prerequisites")
        #expect(command.status == 0)
        #expect(command.text == "done\n", "\(command.text)")
        #expect(!fixture.exists("apt.log"))
        let tests = try run("require_prerequisites && require_test_tools")
        #expect(tests.status == 0)
        #expect(tests.text == "==> installing libxml2-utils\ndone\n", "\(tests.text)")
        #expect(try fixture.read("apt.log") == "apt-get update -qq\napt-get install -y -qq libxml2-utils\n")
    }

    /// docs/nivelir-parity.md has a row for every public name of Nivelir 1.9.15, each with
    /// a test that exists or a reason.
    @Test func theNivelirParityTableIsComplete() throws {
        let process = Process()
        process.executableURL = Binary.packageRoot.appendingPathComponent("scripts/nivelir-parity")
        process.arguments = ["--check"]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.contains("1411 names"))
    }

    /// Every target names each of the package's modules it imports. SwiftPM rebuilds a
    /// target when a module it names changes; one it imports through another (LuaKit through
    /// NavScript) may change its layout without a rebuild, and the stale binary crashed
    /// (swiftlang/swift#89636).
    @Test func everyTargetNamesTheModulesItImports() throws {
        let manifest = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try Regex(#"\.(target|executableTarget|testTarget)\(name: "([A-Za-z-]+)"(, dependencies: \[([^\]]*)\])?"#)
        var declared: [String: Set<String>] = [:]
        for match in manifest.matches(of: targets) {
            let name = String(match.output[2].substring ?? "")
            let list = match.output[4].substring.map(String.init) ?? ""
            // Unions: the plugin names the command in a `.target(name:)` of its own.
            declared[name, default: []].formUnion(list.matches(of: try Regex(#""([A-Za-z-]+)""#)).compactMap { $0.output[1].substring.map(String.init) })
        }
        #expect(declared.keys.contains("NavScriptCommand") && declared.keys.contains("ScreenKitTests"))
        let importLine = try Regex(#"(?m)^(?:@[A-Za-z_]+ )*import (?:struct |class |enum |protocol |func |typealias )?([A-Za-z]+)"#)
        var missing: [String] = []
        for (target, dependencies) in declared {
            let isTest = target.hasSuffix("Tests")
            let folder = Binary.packageRoot.appendingPathComponent(isTest ? "Tests" : "Sources").appendingPathComponent(target)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for module in Set(text.matches(of: importLine).compactMap({ $0.output[1].substring.map(String.init) }))
                where declared[module] != nil && module != target && !dependencies.contains(module) {
                    missing.append("\(target) imports \(module) (\(file.lastPathComponent))")
                }
            }
        }
        #expect(Set(missing).sorted() == [])
    }

    func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", Binary.packageRoot.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
