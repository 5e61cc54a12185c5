import Foundation
import Testing

/// A build against a Lua that is not 5.4 stops at compile time and says what to install:
/// the check's header compiled against a stand-in `lua.h` of each version.
@Suite struct LuaVersionTests {
    static let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CLua/lua_version.h")

    /// Compiles the check with `lua.h` saying `version`; the compiler's status and messages.
    func compile(_ version: Int) throws -> (status: Int32, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lua-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "#define LUA_VERSION_NUM \(version)\n".write(to: folder.appendingPathComponent("lua.h"), atomically: true, encoding: .utf8)
        try "#include <lua.h>\n#include \"\(Self.header.path)\"\nint main(void) { return 0; }\n"
            .write(to: folder.appendingPathComponent("check.c"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-fsyntax-only", "-I", folder.path, folder.appendingPathComponent("check.c").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func lua54Builds() throws {
        let result = try compile(504)
        #expect(result.status == 0, "\(result.errors)")
    }

    @Test(arguments: [503, 505])
    func anotherLuaStopsTheBuildWithWhatToInstall(version: Int) throws {
        let result = try compile(version)
        #expect(result.status != 0)
        #expect(result.errors.contains("NavScript needs Lua 5.4"))
        #expect(result.errors.contains("brew install lua@5.4"))
    }
}
