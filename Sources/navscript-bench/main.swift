import Foundation

// navscript-bench: NavScript's performance bar, every figure measured against its floor or
// peer in the same run. `scripts/bench` builds it in release mode and runs it.
//
//   navscript-bench [--json] [--only name]

let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
let only = arguments.firstIndex(of: "--only").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }

let benchmarks: [(String, () throws -> [Row])] = [
    ("calls", { [try LuaBenchmarks.propertyCall(), try LuaBenchmarks.pushCall()] }),
    ("route", { [try LuaBenchmarks.wholeRoute()] }),
    ("state", { try LuaBenchmarks.freshState() }),
    ("suite", { [try ProcessBenchmarks.scenarios()] }),
    ("reload", { [try ProcessBenchmarks.hotReload()] }),
    ("scaling", { try ScalingBenchmarks.rows() }),
]

var rows: [Row] = []
var failures: [String] = []
for (name, run) in benchmarks where only == nil || only == name {
    do {
        let produced = try run()
        rows += produced
        if !json {
            for row in produced { print(Table.line(row)) }
        }
    } catch {
        failures.append("\(name): \(error)")
        FileHandle.standardError.write(Data("navscript-bench: \(name) failed: \(error)\n".utf8))
    }
}

if json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = (try? encoder.encode(Report(rows: rows, failures: failures, machine: Machine.describe()))) ?? Data()
    print(String(decoding: data, as: UTF8.self))
} else {
    print(Table.footer(rows, machine: Machine.describe()))
}
exit(failures.isEmpty ? 0 : 1)
