import ArgumentParser
import NavScript
import Foundation

/// `navscript`: runs navigation scenarios written in Lua against the simulated hierarchy.
struct NavScriptCommand: ParsableCommand {
    static let version = navScriptVersion

    static let configuration = CommandConfiguration(
        commandName: "navscript",
        abstract: "Run navigation scenarios written in Lua against a simulated screen hierarchy.",
        discussion: """
            Scenario files are `*_spec.lua` files, and any `.lua` file in a folder named \
            `scenarios`. Each scenario runs in a fresh sandboxed Lua state, in virtual time.

            Examples:
              navscript run lua/examples/app                   run a whole suite
              navscript run app --filter deeplink --tag smoke  run some scenarios
              navscript run app --reporter junit=report.xml    write JUnit XML for CI
              navscript watch app                              re-run on every save
              navscript check app                              load everything, run nothing

            Exit status: 0 when everything passed, 1 when a scenario failed (or, in CI \
            mode, a snapshot is missing or obsolete), 2 for a usage error, a script that \
            does not load or no scenario selected, 128 + the signal when Ctrl-C (130) or \
            SIGTERM (143) stopped the run.
            """,
        version: version,
        // Each names itself (`commandName:`): ArgumentParser otherwise derives a name from its
        // type with `String(describing:)`, whose protocol look-ups were a quarter of the
        // instructions of `navscript --version`, and every worker starts the same way.
        subcommands: [Run.self, Watch.self, Check.self, Draw.self, Explore.self, MergeReports.self, Init.self, Types.self, WorkerCommand.self]
    )
}

/// Parses and runs, with the exit statuses the command promises: usage errors exit 2
/// (ArgumentParser's own would be 64).
@main
enum Main {
    static func main() {
        StandardStreams.openClosedOnes()
        // A process started from a thread that blocks signals inherits the mask; make sure
        // Ctrl-C and SIGTERM stop `navscript watch`.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        let arguments = Array(CommandLine.arguments.dropFirst())
        // No command, or help for one that is not there: a usage error, with the help on
        // standard error (ArgumentParser would print it on standard output and exit 0).
        let commands = NavScriptCommand.configuration.subcommands.map { $0._commandName } + ["test"]
        // A first word that is no command: said so, with what was likely meant.
        if let first = arguments.first, !first.hasPrefix("-"), first != "help", !commands.contains(first) {
            let hint = first == "list" ? " (navscript run --list lists what would run)"
                : first.hasSuffix(".lua") || FileManager.default.fileExists(atPath: first)
                    ? " (navscript run \(first.contains(where: { $0.isWhitespace || "'\"$&;|<>()*?".contains($0) }) ? "'\(first)'" : first) runs it)" : ""
            StandardStreams.error("Error: no command '\(first)'\(hint)\n" + NavScriptCommand.helpMessage() + "\n")
            exit(2)
        }
        if arguments.isEmpty || (arguments.first == "help" && arguments.dropFirst().contains { !$0.hasPrefix("-") && !commands.contains($0) }) {
            if let unknown = arguments.dropFirst().first(where: { !$0.hasPrefix("-") && !commands.contains($0) }) {
                StandardStreams.error("Error: no command '\(unknown)'\n")
            }
            StandardStreams.error(NavScriptCommand.helpMessage() + "\n")
            exit(2)
        }
        // An error a command's run throws comes with that command's usage, as a parse error does.
        var parsed: ParsableCommand.Type = NavScriptCommand.self
        do {
            var command = try NavScriptCommand.parseAsRoot()
            parsed = type(of: command)
            try command.run()
            exitIfOutputFailed(0)
        } catch {
            let code = parsed.exitCode(for: error)
            // A subcommand's own message names it without its parent: `Usage: run [...]`.
            // Other runners' options are answered with run's own, which only run has.
            var message = ["run", "test"].contains(arguments.first ?? "") ? OtherToolsOptions.explained(parsed.fullMessage(for: error)) : parsed.fullMessage(for: error)
            if parsed != NavScriptCommand.self {
                message = message.replacingOccurrences(of: "\nUsage: ", with: "\nUsage: navscript ")
                    .replacingOccurrences(of: "See '", with: "See 'navscript ")
            }
            // ArgumentParser names the root twice in the top help's last line.
            message = message.replacingOccurrences(of: "See 'navscript navscript ", with: "See 'navscript ")
            if code == .success, !message.isEmpty {
                print(message)
            } else if !message.isEmpty {
                StandardStreams.error(message + "\n")
            }
            let status = code == .validationFailure ? 2 : code.rawValue
            exitIfOutputFailed(status)
            exit(status)
        }
    }

    /// Ends a run whose standard output lost text with status 2, saying why, unless the run
    /// already ends with a status above 1 (a usage error, an interrupt).
    private static func exitIfOutputFailed(_ status: Int32) {
        guard status <= 1, let reason = StandardStreams.outputFailure else { return }
        StandardStreams.error("navscript: cannot write standard output: \(reason)\n")
        exit(2)
    }
}
