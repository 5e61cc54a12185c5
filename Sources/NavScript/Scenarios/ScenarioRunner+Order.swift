import LuaKit

/// How a file's scenarios are ordered and named: the same in every process.
extension ScenarioFileRunner {
    /// The scenarios by where they are made (file, then line), and by name among those made
    /// at one line (in a loop, by a helper; numbers in names as numbers, `case 2` before
    /// `case 10`, as a numeric loop makes them): a loop over `pairs` makes them in another order
    /// in each Lua state (its string hashes are seeded per state), and listings, shards and
    /// reports must be the same in every process. Numbered in that order.
    static func inStableOrder(_ scenarios: [ScenarioInfo]) -> [ScenarioInfo] {
        func place(_ scenario: ScenarioInfo) -> (file: Substring, line: Int) {
            guard let colon = scenario.location.lastIndex(of: ":"), let line = Int(scenario.location[scenario.location.index(after: colon)...]) else {
                return (Substring(scenario.location), 0)
            }
            return (scenario.location[..<colon], line)
        }
        let ordered = scenarios.sorted { first, second in
            let (a, b) = (place(first), place(second))
            return a.file != b.file ? a.file < b.file : a.line != b.line ? a.line < b.line : ScenarioSnapshots.naturallyBefore(first.name, second.name)
        }
        return ordered.enumerated().map { position, scenario in
            var numbered = scenario
            numbered.index = position + 1
            return numbered
        }
    }

    /// Two scenarios of one file with one full name, which the prelude's numbering of
    /// repeated names leaves only when a name is written as a number would make it
    /// (`works (2)` beside two `works`): snapshots, reports and reruns tell scenarios apart
    /// by name, so a file that has them does not load.
    static func refuseDuplicates(_ scenarios: [ScenarioInfo]) throws {
        var seen: [String: String] = [:]
        for scenario in scenarios {
            if let first = seen[scenario.name] {
                throw LuaError(kind: .runtime, message: "\(scenario.location): scenario name '\(scenario.name)' is taken already (at \(first)); give each scenario a name of its own")
            }
            seen[scenario.name] = scenario.location
        }
    }
}
