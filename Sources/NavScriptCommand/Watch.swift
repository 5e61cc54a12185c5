import ArgumentParser
import Foundation
import NavScript

/// `navscript watch <paths>`: runs the scenarios, then, on every save, runs again the
/// scenario files the change affects: the saved scenario file, or every one that required
/// the saved module. A save that does not load shows its error and keeps the last good
/// results of that file.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Run scenarios, then run the affected ones again on every save.",
        discussion: """
            Changes are noticed by polling every --interval seconds, so results follow a save \
            within a few tens of milliseconds. On a terminal, keys narrow the runs as Jest's \
            watch mode does: a all, f failed only, p filter by file, t filter by name, \
            u update snapshots once, Enter run again, q quit. Stop with q or Ctrl-C.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var options: RunOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds between checks for changes.", valueName: "seconds"))
    var interval: Double = 0.02

    func validate() throws {
        try options.checkReports()
        // Below a few milliseconds polling is a busy loop (1e-9 took most of a core).
        if !(interval >= 0.005 && interval <= 60) { throw ValidationError("--interval must be from 0.005 to 60 seconds") }
        // A reporter on standard output would mix with the watch's console; the project
        // file's are left to run.
        if options.reporters != (try ProjectFile.load())?.reporters,
           let kind = options.requestedReporters.first(where: { $0.kind.writesToStandardOutput(path: $0.path) })?.kind {
            throw ValidationError("reporter \(kind.rawValue) would write to standard output, which a watch keeps for its console; give it a file (--reporter \(kind.rawValue)=path)")
        }
    }

    func run() throws {
        if options.list {
            // What would run, as run --list prints it; nothing is watched.
            try RunSession(suite: suite, run: options).listAndExit()
        }
        let session = WatchSession(suite: suite, run: options)
        let terminal = WatchTerminal()
        session.terminal = terminal
        session.interval = interval
        try session.start()
        // A scan of a big tree (a vendored folder of thousands of scripts) is slow: the wait
        // between scans grows to ten times what one takes, so that polling keeps to about a
        // tenth of a core whatever the tree.
        var wait = interval
        while true {
            if let key = terminal.key(within: wait).flatMap(WatchKey.init) {
                if key == .quit {
                    terminal.restore()
                    throw ExitCode(0)
                }
                session.answer(key, terminal: terminal)
            }
            let scanning = DispatchTime.now().uptimeNanoseconds
            session.poll()
            // A scan that found changes also ran scenarios: only quiet ones measure the scan.
            if !session.ranLastPoll {
                wait = max(interval, 10 * Double(DispatchTime.now().uptimeNanoseconds - scanning) / 1e9)
            }
            // Standard output gone (a closed pipe where SIGPIPE is ignored, a full disk):
            // nobody sees the results, so the watch ends as a run does.
            if let reason = StandardStreams.outputFailure {
                terminal.restore()
                StandardStreams.error("navscript: cannot write standard output: \(reason); the watch ends\n")
                throw ExitCode(2)
            }
        }
    }
}
