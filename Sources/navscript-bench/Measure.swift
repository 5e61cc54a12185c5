import Foundation

/// Wall-clock timing: the median of several runs, so that one slow run on a busy machine
/// does not decide.
enum Measure {
    /// What `--scale` multiplies iteration counts by: below 1 for a quick run under a
    /// profiler (`valgrind --tool=callgrind navscript-bench --only calls --scale 0.05`).
    nonisolated(unsafe) static var scale = 1.0

    static func count(_ count: Int) -> Int {
        max(1, Int(Double(count) * scale))
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The fastest of `rounds` runs of each body, the bodies taking turns: on a busy machine
    /// noise only ever adds time, and taking turns spreads it over all of them alike.
    static func fastest(rounds: Int = 7, _ bodies: [() throws -> Void]) throws -> [Double] {
        var best = Array(repeating: Double.infinity, count: bodies.count)
        for _ in 0..<rounds {
            for (position, body) in bodies.enumerated() {
                best[position] = min(best[position], try seconds(body))
            }
        }
        return best
    }

    static func median(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(try seconds(body))
        }
        return times.sorted()[times.count / 2]
    }
}

/// One line of the report: a figure, what it is measured against, and their ratio.
struct Row: Encodable {
    let name: String
    let measured: Double
    let baseline: Double
    let unit: String
    let baselineName: String
    let ratio: Double
    let target: String
    let met: Bool
    var note: String = ""
}

extension Double {
    func formatted(_ unit: String) -> String {
        switch unit {
        case "ns": return String(format: "%.1f ns", self)
        case "µs": return String(format: "%.2f µs", self)
        case "ms": return String(format: "%.1f ms", self)
        case "KiB": return String(format: "%.1f KiB", self)
        case "/s": return String(format: "%.0f /s", self)
        default: return String(format: "%.3g %@", self, unit)
        }
    }
}
