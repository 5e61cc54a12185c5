/// What a good reload warns of: a script that gave routes and gives none now, and one left
/// out of the load by its name or passed over (a link, a name that is not UTF-8).
extension NavEngine {
    /// A script that gave routes and now gives none (a lost `return M`, a table of routes
    /// returned from inside an `if`), or is gone (deleted, or renamed: its routes have other
    /// names now): a load that succeeds, whose routes the host would otherwise miss only
    /// when it asks for one.
    func lostRoutes(from old: NavRuntime, to fresh: NavRuntime) -> [String] {
        old.routeScripts.keys.sorted().compactMap { path in
            guard let gone = old.routeScripts[path], !gone.isEmpty, fresh.routeScripts[path]?.isEmpty != false else { return nil }
            let names = gone.sorted().joined(separator: ", ")
            guard fresh.routeScripts[path] != nil else { return "\(displayRoot)/\(path) is gone (deleted or renamed), and its routes with it: \(names)" }
            return "\(displayRoot)/\(path) gives no routes now (it gave \(names)): does it still return its table of route functions?"
        }
    }

    /// Scripts left out because no module name names them, or passed over by the scan (a
    /// link: scripts are files), new since the last load or saved since: a `chat-list.lua`
    /// or a linked `profile.lua` gave no routes, and `route(_:)` only said there was none.
    func leftOut(from old: NavRuntime, to fresh: NavRuntime, changed: [String]) -> [String] {
        fresh.leftOutScripts.filter { !old.leftOutScripts.contains($0) || changed.contains($0) }.map { path in
            "\(displayRoot)/\(path) is left out: require names a module by letters, digits and _ (chat_list.lua, not chat-list.lua)"
        } + fresh.skippedScripts.filter { note in
            // A note starts with its path: `routes/profile.lua, a link (...)`. One the load
            // leaves out anyway (a scenario file, a link to a folder) is no news.
            let end = [", a link", ", not a regular file", " (a file whose name"].compactMap { note.range(of: $0)?.lowerBound }.min() ?? note.endIndex
            let path = note[..<end]
            return path.hasSuffix(".lua") && !ScenarioDiscovery.isScenario(String(path)) && path != ScenarioDiscovery.projectFileName
                && (!old.skippedScripts.contains(note) || changed.contains { note.hasPrefix($0 + ",") || note.hasPrefix($0 + " (") })
        }.map { "left out \(displayRoot)/\($0)" }
    }
}
