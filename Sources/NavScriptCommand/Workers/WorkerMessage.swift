import Foundation
import NavScript

/// What the runner asks a worker process, one JSON object per line on its standard input.
struct WorkerRequest: Codable {
    enum Operation: String, Codable {
        /// Load the file and list its scenarios.
        case list
        /// Run these scenarios of the file, one after another.
        case run
        /// Require the file as the route module `module` of its root (`check`): listed with
        /// no scenarios when it loads.
        case require
    }

    let operation: Operation
    let file: ScenarioFile
    var scenarios: [ScenarioInfo] = []
    var module: String? = nil
}

/// What a worker answers, a line each on the channel it was given: a letter for the event,
/// then, for the events that carry something, that as JSON. What comes with every scenario
/// costs no JSON: `A` carries nothing, a print is `O` and its text as a compact field (a
/// scenario may print in a loop), a plain pass is `P<expectations> <seconds> <started>`
/// (the runner knows which scenario it was), and any other result is `R` and the result
/// as compact text (`ScenarioResult.writeCompact`, naming the hierarchies the channel
/// carried before by number), then the modules.
struct WorkerReply: Codable {
    enum Event: String, Codable {
        /// The file's scenarios (`scenarios`), or why it does not load (`message`).
        case listed, loadError
        /// A scenario's after_each hooks started (a new budget). Scenarios start as the
        /// request arrives and as each result goes out, so no event says so.
        case afterHooks
        /// A scenario's result, with `modules`: those the file required that the request's
        /// results did not send yet, or, when a copy of the worker ran it, those it required
        /// that its file's loading did not.
        case result
        /// The request is done; `modules` are the modules the file required.
        case done
        /// What the running scenario printed (`message`), as it printed it.
        case printed
    }

    let event: Event
    var scenarios: [ScenarioInfo]? = nil
    var message: String? = nil
    var result: ScenarioResult? = nil
    var modules: [String]? = nil
    /// A plain pass's figures, when `result` is nil.
    var expectations: Int? = nil
    var duration: Double? = nil
    var started: Double? = nil

    /// A pass with nothing to tell but its figures.
    var isPlainPass: Bool {
        guard event == .result, let result else { return false }
        return result.status == .passed && result.output.isEmpty && result.snapshots.isEmpty && result.steps == nil && result.coverage == nil
            && modules == nil
    }

    private static let letters: [Event: UInt8] = [
        .listed: UInt8(ascii: "L"), .loadError: UInt8(ascii: "E"),
        .afterHooks: UInt8(ascii: "A"), .result: UInt8(ascii: "R"), .done: UInt8(ascii: "D"),
        .printed: UInt8(ascii: "O"),
    ]
    private static let events = Dictionary(uniqueKeysWithValues: letters.map { ($1, $0) })

    /// The reply as a line, with its newline.
    /// `hierarchies`: the ones this worker's channel has carried.
    func line(_ encoder: JSONEncoder, _ hierarchies: CompactHierarchies) -> Data {
        if isPlainPass, let result {
            return Data("P\(result.expectations) \(result.duration) \(result.started)\n".utf8)
        }
        var data = Data([Self.letters[event] ?? UInt8(ascii: "?")])
        if event == .result, let result {
            var writer = CompactWriter()
            result.writeCompact(&writer, hierarchies: hierarchies)
            writer.bool(modules != nil)
            if let modules { writer.strings(modules) }
            data.append(contentsOf: writer.utf8)
        } else if event == .printed {
            var writer = CompactWriter()
            writer.string(message ?? "")
            data.append(contentsOf: writer.utf8)
        } else if event != .afterHooks, let body = try? encoder.encode(self) {
            data.append(body)
        }
        data.append(0x0A)
        return data
    }

    /// What a result the runner cannot read fails with: a defect of the runner, never of
    /// the scenario, said so that it is not taken for a scenario that did not run.
    static let unreadable = "navscript could not read this scenario's result from its worker process, a defect of navscript; "
        + "please report it. With --in-process the scenario runs without a worker."

    /// A reply from its line; nil for a line that is not one. A result that does not read is
    /// a result with `unreadable` as its message.
    /// `hierarchies`: the ones the worker's channel has carried.
    static func parse(_ line: Substring.UTF8View, _ decoder: JSONDecoder, _ hierarchies: CompactHierarchies) -> WorkerReply? {
        guard let letter = line.first else { return nil }
        if letter == UInt8(ascii: "P") {
            let figures = String(decoding: line.dropFirst(), as: UTF8.self).split(separator: " ")
            guard figures.count == 3, let expectations = Int(figures[0]), let duration = Double(figures[1]),
                  let started = Double(figures[2]) else { return nil }
            return WorkerReply(event: .result, expectations: expectations, duration: duration, started: started)
        }
        guard let event = events[letter] else { return nil }
        if event == .afterHooks {
            return WorkerReply(event: event)
        }
        if event == .printed {
            var reader = CompactReader(utf8: line.dropFirst())
            return (try? reader.string()).map { WorkerReply(event: event, message: $0) }
        }
        if event == .result {
            var reader = CompactReader(utf8: line.dropFirst())
            guard let result = try? ScenarioResult(compact: &reader, hierarchies: hierarchies), let hasModules = try? reader.bool() else {
                return WorkerReply(event: event, message: unreadable)
            }
            return WorkerReply(event: event, result: result, modules: hasModules ? try? reader.strings() : nil)
        }
        return try? decoder.decode(WorkerReply.self, from: Data(line.dropFirst()))
    }
}

/// How a worker process ends on purpose: past its memory limit.
enum WorkerExit {
    static let memoryLimit: Int32 = 86
    /// The runner is gone (no one reads this status).
    static let orphaned: Int32 = 87
}
