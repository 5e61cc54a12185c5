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
        "\(cpu ?? "unknown CPU"), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }

    /// The CPU's name: /proc/cpuinfo on Linux, sysctl on macOS.
    private static var cpu: String? {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var name = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &name, &size, nil, 0) == 0 else { return nil }
        return String(cString: name)
        #else
        return (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) }
        #endif
    }
}
