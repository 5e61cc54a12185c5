import Foundation
import LuaKit

/// Listing a file's scenarios: the file loaded once in a fresh state, its definitions read
/// back as `ScenarioInfo`, checked for names used twice and put in a stable order.
extension ScenarioFileRunner {
    /// Loads the file and lists its scenarios; a file that does not load throws.
    public func list() throws -> [ScenarioInfo] {
        let context = ScenarioContext(snapshots: snapshots)
        do {
            return try list(in: context)
        } catch {
            // With the name it may have meant (Jest's it.each); what the file printed before
            // it failed tells how far it got.
            let error = (error as? LuaError).map(NavNameSuggestion.hinted) ?? error
            guard !context.printed.isEmpty else { throw error }
            throw ScenarioLoadFailure(error: error, printed: context.output)
        }
    }

    private func list(in context: ScenarioContext) throws -> [ScenarioInfo] {
        let start = DispatchTime.now().uptimeNanoseconds
        let runtime = try makeRuntime()
        defer { runtime.lua.close() }
        let runner = try runtime.lua.withBudget { try prepare(runtime, context, target: nil) }
        notePreparation(since: start)
        noteModules(of: runtime.lua)
        return try runtime.lua.withStack { call in
            try runner.push(on: call)
            call.field(-1, "list")
            do {
                try runtime.lua.pcall(call, arguments: 0, results: 1)
            } catch let error as LuaError where error.kind == .memory && !error.message.hasPrefix(displayPath) {
                // The runner's own list of a file of tens of thousands of scenarios: no line of
                // the file is to blame.
                throw LuaError(kind: .memory, message: "\(displayPath): \(error.message) while its scenarios were listed: "
                    + "a file of this many scenarios needs a higher --memory-limit (memoryLimit in navscript.lua), or to be split")
            }
            // The prelude's own list, of any length: no script data bounds apply.
            guard let list = try call.value(-1, depth: 4, limits: LuaCopyLimits(values: .max, bytes: .max)).array else { return [] }
            let defined = list.map { entry in
                var info = ScenarioInfo(index: 0, name: entry["name"]?.string ?? "?",
                                        tags: entry["tags"]?.array?.compactMap(\.string) ?? [],
                                        location: entry["line"]?.string ?? displayPath,
                                        isPending: entry["pending"]?.boolean ?? false, focusedAt: entry["only"]?.string)
                info.bodyPrint = entry["print"]?.string
                info.skipReason = entry["skip"]?.string
                info.leftOutAt = entry["leftOut"]?.string
                info.describePath = entry["path"]?.array?.compactMap(\.string)
                if let line = info.line, let last = entry["last"]?.integer, last >= line { info.span = line...Int(last) }
                let bounds = entry["blocks"]?.array?.compactMap(\.integer).map(Int.init) ?? []
                info.blocks = stride(from: 0, to: bounds.count - 1, by: 2).compactMap { bounds[$0] <= bounds[$0 + 1] ? bounds[$0]...bounds[$0 + 1] : nil }
                return (info, entry["placeholder"]?.boolean == true)
            }
            // A pending placeholder (`pending("name")`, no body) never runs: it may repeat a name.
            try Self.refuseDuplicates(defined.filter { !$0.1 }.map(\.0))
            return Self.inStableOrder(defined.map(\.0))
        }
    }
}
