import Foundation

// navscript-bench: NavScript's performance bar, every figure measured against its floor or
// peer in the same run. `scripts/bench` builds it in release mode and runs it.
//
//   navscript-bench [--json] [--only name[,name...]] [--scale factor]
//   names: calls, route, state, suite, reload, reports, explore, onefile, startup, scaling

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")

/// The values given to `option`, each split at commas.
func values(of option: String) -> [String] {
    zip(arguments, arguments.dropFirst()).filter { $0.0 == option }.flatMap { $0.1.split(separator: ",").map(String.init) }
}

let only = Set(values(of: "--only"))
if let scale = values(of: "--scale").last.flatMap(Double.init), scale > 0 {
    Measure.scale = scale
}

let benchmarks: [(String, () throws -> [Row])] = [
    ("calls", { [try LuaBenchmarks.propertyCall(), try LuaBenchmarks.pushCall()] }),
    ("route", { try LuaBenchmarks.wholeRoute() }),
    ("state", { try LuaBenchmarks.freshState() }),
    ("suite", { try ProcessBenchmarks.scenarios() }),
    ("reload", { [try ProcessBenchmarks.hotReload()] }),
    ("reports", { [try ProcessBenchmarks.reports()] }),
    ("explore", { [try ProcessBenchmarks.explore()] }),
    ("onefile", { [try SuiteBenchmarks.oneFile()] }),
    ("startup", { try SuiteBenchmarks.startUp() }),
    ("scaling", { try ScalingBenchmarks.rows() }),
]

var rows: [Row] = []
var failures: [String] = []
for (name, run) in benchmarks where only.isEmpty || only.contains(name) {
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
