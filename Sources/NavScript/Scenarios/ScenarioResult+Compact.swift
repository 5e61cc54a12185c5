/// A result as compact text (`CompactWriter`): how a worker process sends it to the runner.
/// A recorded run sends thousands of steps and coverage counts; through Foundation's JSON
/// coders that was half of what a worker did and a third of what the runner did.
extension ScenarioResult {
    public init(compact reader: inout CompactReader) throws {
        let index = try reader.int(), name = try reader.string(), tags = try reader.strings(), location = try reader.string()
        let isPending = try reader.bool(), isFocused = try reader.bool()
        guard let status = Status(rawValue: try reader.string()) else { throw CompactReader.Failure() }
        self.init(scenario: ScenarioInfo(index: index, name: name, tags: tags, location: location, isPending: isPending, isFocused: isFocused),
                  status: status, message: try reader.optional(), traceback: try reader.optional(), isExpectationFailure: try reader.bool(),
                  output: try reader.string(), expectations: try reader.int(), duration: try reader.double())
        started = try reader.double()
        snapshots = try (0..<reader.int()).map { _ in ScenarioSnapshots.Check(name: try reader.string(), text: try reader.optional()) }
        if try reader.bool() {
            steps = try (0..<reader.int()).map { _ in try ScenarioStep(compact: &reader) }
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

    public func writeCompact(_ writer: inout CompactWriter) {
        writer.int(scenario.index)
        writer.string(scenario.name)
        writer.strings(scenario.tags)
        writer.string(scenario.location)
        writer.bool(scenario.isPending)
        writer.bool(scenario.isFocused)
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
            for step in steps { step.writeCompact(&writer) }
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
