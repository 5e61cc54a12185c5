import ArgumentParser
import Foundation
import NavScript

/// `navscript draw <file> --scenario <name>`: runs one scenario and writes the picture of the
/// hierarchy after one of its steps (the last by default) as SVG, the drawing the HTML
/// report shows, for READMEs and docs.
struct Draw: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Run one scenario and draw the hierarchy after one of its steps, as SVG.",
        discussion: """
            The steps are the HTML report's, numbered from 1: nav.app (the hierarchy an app \
            starts with), the app methods that navigate or run the clock (navigate, open, \
            settle, advance, tap, answer, resumeDeeplinks) and the expects (drawn as the \
            hierarchy they looked at); --step=-1 is the last (the default), --step=-2 the one \
            before. `navscript draw app/scenarios/chats.lua --scenario "showChat opens the chat" \
            -o chat.svg` (the scenario's full name, or a part of it that names one alone). Exit status: 0 when the picture was written, 1 when the scenario \
            failed (the picture is still written, up to the failure), 2 for a usage error, a \
            script that does not load, or a scenario stuck in a C function past its time limit \
            (a long pattern search: it cannot be stopped, and no picture is written). A \
            snapshot the scenario checks is compared, never written.
            """
    )

    @Argument(help: "The scenario file, or file.lua:LINE for the scenario defined at (or holding) that line.")
    var file: String

    @Option(help: ArgumentHelp("The scenario's full name (its describe blocks' names and its own), or a part of it that no other scenario's name has; needed when the file has more than one.", valueName: "name"))
    var scenario: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Which step's hierarchy: 1 is the first, -1 the last.", valueName: "n"))
    var step = -1

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Where to write the SVG (standard output by default).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("The folder `require` loads modules from.", valueName: "folder"))
    var root: String?

    /// A path named for another picture format (`step.png`) would hold SVG, and one that
    /// names a folder (or nothing) no picture: refused before the scenario runs.
    func validate() throws {
        if output == "" { throw ValidationError("-o takes the picture's file (-o step.svg); an empty path names none") }
        var isFolder: ObjCBool = false
        if let output, output.hasSuffix("/") || FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue {
            throw ValidationError("the picture's path \(output) is a folder; give it a file (-o \(output.hasSuffix("/") ? output : output + "/")step.svg)")
        }
        let other = ["png", "jpg", "jpeg", "gif", "pdf", "webp", "heic", "tiff", "bmp"]
        if let output, other.contains(URL(fileURLWithPath: output).pathExtension.lowercased()) {
            throw ValidationError("draw writes SVG, and \(output) names another format: write it as .svg (then convert it, e.g. rsvg-convert -o step.png step.svg)")
        }
        if let output, let work = ScenarioFileWriter.work(at: output) {
            throw ValidationError("draw would write over \(output), which names \(work): write the picture as .svg (-o step.svg)")
        }
    }

    /// Ends the drawing if the scenario is stuck in a C function past its time limit.
    private static let watchdog = Watchdog(command: "draw")

    func run() throws {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        // file.lua:LINE (and :COL, left out), as run takes it: what tells apart two scenarios
        // of one name.
        var path = self.file, line: Int?
        if !FileManager.default.fileExists(atPath: path), let place = SuiteOptions.fileAndLine(path) {
            (path, line) = place
            if scenario != nil { throw ValidationError("give the scenario by its line or by --scenario, not both (the file alone with --scenario)") }
        }
        let file = try ScenarioFile.one(path, root: root, what: "scenario file")
        let options = file.luaOptions(limits: LuaLimits())
        let runner: ScenarioFileRunner
        let scenarios: [ScenarioInfo]
        do {
            // A missing snapshot is written in memory only: draw saves none, and fails none
            // that run would write.
            runner = try ScenarioFileRunner(file: file.url, displayPath: file.displayPath, options: options, snapshotMode: .normal)
            scenarios = try Self.watchdog.watch("loading \(file.displayPath)", seconds: options.limits.seconds) { try runner.list() }
        } catch {
            StandardStreams.error("\(Format.loadError(error))\n")
            throw ExitCode(2)
        }
        runner.recordsSteps = true
        let chosen: ScenarioInfo
        if let line {
            // As run reads the line: defined at it, else the one whose body holds it, else those
            // of the innermost describe that does.
            let at = ScenarioSelection.scenarios(at: [line], of: scenarios).sorted().map { scenarios[$0] }
            guard let found = at.first else {
                throw ValidationError("no scenario at \(file.displayPath):\(line); it has:\n" + scenarios.map { "  \($0.location): \(Format.visible($0.name))" }.joined(separator: "\n"))
            }
            // A loop defines several at one line, a describe holds several: name one.
            guard at.count == 1 else {
                let defined = at.allSatisfy { $0.location.hasSuffix(":\(line)") }
                throw ValidationError("\(at.count) scenarios are \(defined ? "defined" : "in the block") at \(file.displayPath):\(line); name one with --scenario, giving the file alone:\n"
                                      + at.map { "  \(Format.visible($0.name))" }.joined(separator: "\n"))
            }
            chosen = found
        } else if let name = scenario {
            // The full name, or a part of one name alone (as --filter takes a part).
            let matching = scenarios.contains { $0.name == name } ? scenarios.filter { $0.name == name } : scenarios.filter { $0.name.contains(name) }
            guard let found = matching.first else {
                throw ValidationError("no scenario '\(name)' in \(file.displayPath); it has:\n" + scenarios.map { "  \(Format.visible($0.name))" }.joined(separator: "\n"))
            }
            guard matching.count == 1 else {
                throw ValidationError("\(matching.count) scenarios of \(file.displayPath) have '\(name)' in their names; name one of them:\n"
                                      + matching.map { "  \(Format.visible($0.name))" }.joined(separator: "\n"))
            }
            chosen = found
        } else {
            guard !scenarios.isEmpty else { throw ValidationError("\(file.displayPath) defines no scenario to draw") }
            guard scenarios.count == 1, let only = scenarios.first else {
                throw ValidationError("\(file.displayPath) has \(scenarios.count) scenarios; name one with --scenario:\n" + scenarios.map { "  \(Format.visible($0.name))" }.joined(separator: "\n"))
            }
            chosen = only
        }
        // The file's loading with the before hooks and the body, then the after hooks: two budgets.
        let result = Self.watchdog.watch("the scenario '\(Format.visible(chosen.name))'", seconds: 2 * options.limits.seconds) { runner.run(chosen) }
        // Numbered as the report numbers them, expects too: an expect's picture is the
        // hierarchy it looked at, the last step's before it.
        let steps = result.steps ?? []
        guard steps.contains(where: { $0.hierarchy != nil }) else {
            // A scenario that failed before its first step says why, as it does after one.
            let focus = chosen.isFocused ? nil : scenarios.first(where: \.isFocused)
            let skipReason = focus.map { "skipped, or left out by the .only at \($0.focusedAt ?? $0.location)" } ?? result.skipText
            let failure = switch result.status {
            case .failed: "; it failed first: \(Format.visibleLines(result.message ?? ""))"
            case .skipped where !chosen.isPending && focus == nil: ": it called pending(\(result.message.map { "'\($0)'" } ?? "")) before it"
            case .skipped: ": it was not run (\(skipReason))"
            case .passed: " (no nav.app, app:navigate, open, settle, advance, tap or answer)"
            }
            StandardStreams.error("navscript: the scenario '\(Format.visible(chosen.name))' has no step to draw\(failure)\n")
            throw ExitCode(result.status == .failed ? 1 : 2)
        }
        // Numbered with the steps a long scenario did not keep (its last stands for its end).
        let numbers = steps.numbers, count = numbers.last ?? 0
        let number = step < 0 ? count + 1 + step : step
        guard let index = numbers.firstIndex(of: number) else {
            guard number >= 1 && number <= count else {
                throw ValidationError("--step \(step) is out of range: the scenario has \(count) step\(count == 1 ? "" : "s")")
            }
            let kept = numbers.count - 1
            throw ValidationError("--step \(step) was not kept: of a scenario's \(count) steps, the first \(kept) and the last are (a scenario keeps \(ScenarioStepRecorder.maximumSteps))")
        }
        guard let hierarchy = steps[...index].last(where: { $0.hierarchy != nil })?.hierarchy else {
            throw ValidationError("--step \(step) comes before the scenario's first app: there is nothing to draw yet")
        }
        let chosenStep = steps[index]
        let svg = HierarchyDrawing.svg(hierarchy, title: chosen.name, subtitle: " · step \(number) \(chosenStep.kind.rawValue)")
        if let output {
            let url = URL(fileURLWithPath: output, relativeTo: workingDirectory)
            do {
                try ReportOutput.makeFolder(for: url)
                try ScenarioFileWriter.write(svg, to: url)
            } catch {
                StandardStreams.error("navscript: \(error)\n")
                throw ExitCode(2)
            }
        } else {
            print(svg, terminator: "")
        }
        if result.status == .failed {
            // A script's control characters are written visibly, as run's console writes them.
            StandardStreams.error("navscript: the scenario failed: \(Format.visibleLines(result.message ?? ""))\n")
            throw ExitCode(1)
        }
    }
}

extension ScenarioFile {
    /// The one script file a command takes (`draw`, `explore`), with the root `require`
    /// looks in found as `run` finds it.
    static func one(_ path: String, root: String?, what: String) throws -> ScenarioFile {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: URL(fileURLWithPath: path, relativeTo: workingDirectory).path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("give one \(what), not a folder (\(path) is one)")
        }
        let files: [ScenarioFile]
        do {
            files = try ScenarioDiscovery.files(for: [path], root: root.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) },
                                                workingDirectory: workingDirectory)
        } catch let failure as ScenarioDiscovery.Failure {
            throw SuiteOptions.usageError(failure)
        }
        guard files.count == 1, let file = files.first else {
            throw ValidationError("give one \(what) (\(path) holds \(files.count))")
        }
        return file
    }
}
