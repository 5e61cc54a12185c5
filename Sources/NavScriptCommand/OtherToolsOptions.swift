/// Options of other test runners a user types out of habit (Jest's `-t`, Playwright's
/// `--grep`, pytest's `-x`), which ArgumentParser would meet with a near spelling of
/// another option (`--grep`: "Did you mean '--seed'?"): the unknown-option error names
/// navscript's own instead.
///
///     navscript run --grep chat
///     -- Error: Unknown option '--grep' (navscript's name filter is --filter text: a part of the full name)
enum OtherToolsOptions {
    static let ours: [String: String] = {
        let filter = "navscript's name filter is --filter text: a part of the full name"
        let failFast = "navscript's is --fail-fast, or --max-failures N"
        return [
            "--grep": filter, "-g": filter, "-t": filter, "--testNamePattern": filter, "-k": filter, "--name": filter,
            "-x": failFast, "--exitfirst": failFast, "--maxfail": "navscript's is --max-failures N",
            "--updateSnapshot": "navscript's is -u, --update-snapshots",
            "--watch": "navscript watch is a command of its own", "--lf": "navscript's is --last-failed",
            "--onlyFailures": "navscript's is --last-failed", "--randomize": "navscript's is --shuffle (with --seed)",
        ]
    }()

    /// `message`, its "Unknown option" line saying what navscript calls that option.
    static func explained(_ message: String) -> String {
        guard let start = message.range(of: "Unknown option '") else { return message }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return message }
        let option = String(rest[..<end])
        guard let ours = ours[option] else { return message }
        let lineEnd = rest[end...].firstIndex(of: "\n") ?? message.endIndex
        return String(message[..<start.lowerBound]) + "Unknown option '\(option)' (\(ours))" + message[lineEnd...]
    }
}
