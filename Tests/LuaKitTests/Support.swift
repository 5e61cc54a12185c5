import Foundation
import LuaKit
import Testing

/// A state whose print goes into `printed`.
final class Harness {
    let lua: LuaState
    var printed: [String] = []

    init(limits: LuaLimits = LuaLimits(), root: URL? = nil, displayRoot: String? = nil, moduleFiles: LuaModuleFiles? = nil) throws {
        var options = LuaOptions(limits: limits, root: root, displayRoot: displayRoot)
        options.moduleFiles = moduleFiles
        lua = try LuaState(options: options)
        lua.output = { [unowned self] in self.printed.append($0) }
    }

    /// Runs a chunk named `@test.lua`; returns the error message, or nil when it ran.
    @discardableResult
    func run(_ source: String, chunk: String = "@test.lua") -> LuaError? {
        do {
            try lua.execute(source, chunkName: chunk)
            return nil
        } catch let error as LuaError {
            return error
        } catch {
            return LuaError(kind: .runtime, message: "\(error)")
        }
    }

    /// Runs a chunk and returns its result.
    func value(_ source: String) throws -> LuaValue {
        try lua.execute(source, chunkName: "@test.lua")
    }
}

/// A scratch folder of script files, removed afterwards.
final class ScriptFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("luakit-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
