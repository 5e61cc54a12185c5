import Foundation

struct Report: Encodable {
    let rows: [Row]
    let failures: [String]
    let machine: String
}

/// The report as a table, a line per figure.
enum Table {
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func line(_ row: Row) -> String {
        let ratio = row.ratio > 0 ? String(format: "%.2f×", row.ratio) : "-"
        let baseline = row.baseline > 0 ? "\(row.baseline.formatted(row.unit)) \(row.baselineName)" : row.baselineName
        var text = pad(row.name, 46) + pad(row.measured.formatted(row.unit), 14) + pad(baseline, 52) + pad(ratio, 8)
            + pad(row.target, 32) + (row.met ? "met" : "MISSED")
        if !row.note.isEmpty {
            text += "\n" + String(repeating: " ", count: 4) + row.note
        }
        return text
    }

    static func footer(_ rows: [Row], machine: String) -> String {
        let met = rows.filter(\.met).count
        return "\n\(met) of \(rows.count) targets met. Machine: \(machine)"
    }
}

enum Machine {
    static func describe() -> String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }
}
