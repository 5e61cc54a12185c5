/// A result as compact text (`CompactWriter`): how a worker process sends it to the runner.
/// A recorded run sends thousands of steps and coverage counts; through Foundation's JSON
/// coders that was half of what a worker did and a third of what the runner did.
extension ScenarioResult {
    /// `hierarchies`: what the channel the text came on has said so far.
    public init(compact reader: inout CompactReader, hierarchies: CompactHierarchies? = nil) throws {
        let index = try reader.int(), name = try reader.string(), tags = try reader.strings(), location = try reader.string()
        let isPending = try reader.bool(), isFocused = try reader.bool()
        var scenario = ScenarioInfo(index: index, name: name, tags: tags, location: location, isPending: isPending, isFocused: isFocused)
        scenario.skipReason = try reader.optional()
        if try reader.bool() {
            scenario.describePath = try reader.strings()
        }
        guard let status = Status(rawValue: try reader.string()) else { throw CompactReader.Failure() }
        self.init(scenario: scenario,
                  status: status, message: try reader.optional(), traceback: try reader.optional(), isExpectationFailure: try reader.bool(),
                  output: try reader.string(), expectations: try reader.int(), duration: try reader.double())
        started = try reader.double()
        snapshots = try (0..<reader.int()).map { _ in ScenarioSnapshots.Check(name: try reader.string(), text: try reader.optional()) }
        if try reader.bool() {
            steps = try (0..<reader.int()).map { _ in try ScenarioStep(compact: &reader, hierarchies: hierarchies) }
        }
        if try reader.bool() {
            definedScreens = try reader.strings()
        }
        if try reader.bool() {
            var coverage: [String: [Int: Int]] = [:]
            for _ in 0..<(try reader.int()) {
                let chunk = try reader.string()
                var lines: [Int: Int] = [:]
                for _ in 0..<(try reader.int()) {
                    lines[try reader.int()] = try reader.int()
                }
                coverage[chunk] = lines
            }
            self.coverage = coverage
        }
        if try reader.bool() {
            var counts: [String: Int] = [:]
            for _ in 0..<(try reader.int()) {
                counts[try reader.string()] = try reader.int()
            }
            routeCoverage = counts
        }
    }

    /// `hierarchies`: what the channel the text goes on has said so far.
    public func writeCompact(_ writer: inout CompactWriter, hierarchies: CompactHierarchies? = nil) {
        writer.int(scenario.index)
        writer.string(scenario.name)
        writer.strings(scenario.tags)
        writer.string(scenario.location)
        writer.bool(scenario.isPending)
        writer.bool(scenario.isFocused)
        writer.optional(scenario.skipReason)
        writer.bool(scenario.describePath != nil)
        if let describePath = scenario.describePath { writer.strings(describePath) }
        writer.string(status.rawValue)
        writer.optional(message)
        writer.optional(traceback)
        writer.bool(isExpectationFailure)
        writer.string(output)
        writer.int(expectations)
        writer.double(duration)
        writer.double(started)
        writer.int(snapshots.count)
        for check in snapshots {
            writer.string(check.name)
            writer.optional(check.text)
        }
        writer.bool(steps != nil)
        if let steps {
            writer.int(steps.count)
            for step in steps { step.writeCompact(&writer, hierarchies: hierarchies) }
        }
        writer.bool(definedScreens != nil)
        if let definedScreens { writer.strings(definedScreens) }
        writer.bool(coverage != nil)
        if let coverage {
            writer.int(coverage.count)
            for (chunk, lines) in coverage {
                writer.string(chunk)
                writer.int(lines.count)
                for (line, count) in lines {
                    writer.int(line)
                    writer.int(count)
                }
            }
        }
        writer.bool(routeCoverage != nil)
        if let routeCoverage {
            writer.int(routeCoverage.count)
            for (name, count) in routeCoverage {
                writer.string(name)
                writer.int(count)
            }
        }
    }
}

/// The hierarchies one channel (a worker's answers) has carried, by number: a step names a
/// hierarchy sent before instead of writing it again. Most steps of a suite show a few
/// hierarchies over and over; the runner then reads each once.
///
/// Numbers are given in the order hierarchies are first sent, and a hierarchy is always
/// sent before it is named, so the reader keeps whatever a number was last sent with: a
/// copy of a worker (`WorkerFork`) numbers from where its worker was, and the worker, which
/// never learns what the copy sent, gives the same numbers again later.
public final class CompactHierarchies {
    /// Past this many, the writer starts numbering again from 0.
    static let bound = 4_096

    /// The writer's: each hierarchy's number.
    private var numbers: [ScenarioHierarchy: Int] = [:]
    /// The reader's: each number's hierarchy.
    private var known: [Int: ScenarioHierarchy] = [:]

    /// A table with no hierarchy numbered yet, for one channel's writer or reader.
    public init() {}

    func write(_ hierarchy: ScenarioHierarchy?, _ writer: inout CompactWriter) {
        guard let hierarchy else {
            writer.optional(nil)
            return
        }
        if let number = numbers[hierarchy] {
            writer.int(number)
            writer.bool(false)
            return
        }
        if numbers.count == Self.bound { numbers.removeAll(keepingCapacity: true) }
        let number = numbers.count
        numbers[hierarchy] = number
        writer.int(number)
        writer.bool(true)
        hierarchy.write(&writer)
    }

    func read(_ reader: inout CompactReader) throws -> ScenarioHierarchy? {
        guard let number = try reader.optionalInt() else { return nil }
        if try reader.bool() {
            known[number] = try ScenarioHierarchy(&reader)
        }
        guard let hierarchy = known[number] else { throw CompactReader.Failure() }
        return hierarchy
    }
}
