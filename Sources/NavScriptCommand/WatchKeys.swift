import CWorkerCopy
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The keys `navscript watch` answers on a terminal, as Jest's watch mode does.
enum WatchKey: Character {
    case all = "a", failed = "f", fileFilter = "p", nameFilter = "t", updateSnapshots = "u", quit = "q", rerun = "\n"

    static let usage = "Watch: a all, f failed only, p filter by file, t filter by name, u update snapshots, Enter run again, q quit"
}

/// The terminal's settings before the watch changed them, for the signal handler: kept in
/// memory of their own (a global `termios` is laid out smaller than Swift copies it, which
/// AddressSanitizer reports as an overflow).
nonisolated(unsafe) private var terminalBeforeWatch: UnsafeMutablePointer<termios>?
/// The watch's own settings (keys one at a time), to put back when it is continued.
nonisolated(unsafe) private var terminalInWatch: UnsafeMutablePointer<termios>?

/// Ctrl-C, SIGTERM or SIGHUP while the watch runs: the terminal gets its echo and line
/// editing back, then the signal ends the process as it would have (130, 143, 129).
/// `tcsetattr`, `signal` and `raise` are async-signal-safe.
private func restoreTerminalAndEnd(_ signalNumber: Int32) {
    if let settings = terminalBeforeWatch {
        tcsetattr(STDIN_FILENO, TCSANOW, settings)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// Ctrl-Z: the terminal as it was, for the shell, then stopped as the signal would have.
private func restoreTerminalAndStop(_ signalNumber: Int32) {
    if let settings = terminalBeforeWatch {
        tcsetattr(STDIN_FILENO, TCSANOW, settings)
    }
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
}

/// `fg`: keys one at a time again, and Ctrl-Z handled again.
private func resumeTerminal(_ signalNumber: Int32) {
    if let settings = terminalInWatch {
        tcsetattr(STDIN_FILENO, TCSANOW, settings)
    }
    signal(SIGTSTP, restoreTerminalAndStop)
}

/// The terminal in key-at-a-time mode while the watch runs (no echo, no line editing), and
/// back as it was when it ends, by `q` or by a signal, and while Ctrl-Z stops it (`fg`
/// brings the keys back). Standard input only: a watch without
/// a terminal (CI, a pipe) answers no keys. Sendable: what a run's key reader shares is
/// under `lock`; the settings are set once, in `init`.
final class WatchTerminal: @unchecked Sendable {
    private var saved = termios()
    private(set) var isActive = false

    init() {
        guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        isActive = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
        if isActive {
            let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            settings.initialize(to: saved)
            terminalBeforeWatch = settings
            let own = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            own.initialize(to: raw)
            terminalInWatch = own
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, restoreTerminalAndEnd)
            }
            signal(SIGTSTP, restoreTerminalAndStop)
            signal(SIGCONT, resumeTerminal)
            // A parent may hand down these signals blocked (a test harness's threads do):
            // handled, they must reach the watch.
            var handled = sigset_t()
            sigemptyset(&handled)
            for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT] {
                sigaddset(&handled, signalNumber)
            }
            pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        }
    }

    deinit {
        restore()
    }

    func restore() {
        if isActive {
            var saved = saved
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        }
    }

    /// Keys pressed while a run went on, other than `q`: answered after it, in order.
    private var pressed: [Character] = []
    private let lock = NSLock()

    /// Reads a key while a run goes on, waiting at most `seconds`: `q` ends the watch at
    /// once, as Ctrl-C does (the workers end with their runner), where it had waited for the
    /// run to end, up to its time limit; another key is kept for `key(within:)`, and so is a
    /// `q` typed into a `p` or `t` filter ahead of its prompt (`pquick`).
    func readDuringRun(within seconds: Double) {
        guard let key = readKey(within: seconds) else { return }
        let typing = lock.withLock {
            pressed.last { "pt\n\r\u{1B}".contains($0) }.map { $0 == "p" || $0 == "t" } ?? false
        }
        if key == WatchKey.quit.rawValue && !typing {
            restore()
            _exit(0)
        }
        lock.withLock { pressed.append(key) }
    }

    /// A key pressed within `seconds` (or while the last run went on), or nil.
    func key(within seconds: Double) -> Character? {
        if let key = lock.withLock({ pressed.isEmpty ? nil : pressed.removeFirst() }) { return key }
        return readKey(within: seconds)
    }

    private func readKey(within seconds: Double) -> Character? {
        guard isActive else {
            usleep(useconds_t(max(seconds, 0) * 1_000_000))
            return nil
        }
        let waited = terminal_wait_readable(STDIN_FILENO, Int32(seconds * 1000))
        guard waited > 0 else {
            // Nothing to read, at once: a terminal gone. The wait is kept, so that the watch
            // does not spin, and a read never blocks the runs.
            if waited < 0 { usleep(useconds_t(max(seconds, 0) * 1_000_000)) }
            return nil
        }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
        // A character typed in UTF-8 comes as its bytes: the lead byte says how many follow.
        var bytes = [byte]
        let following = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
        for _ in 0..<following {
            guard terminal_wait_readable(STDIN_FILENO, 100) > 0, read(STDIN_FILENO, &byte, 1) == 1 else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).first
    }

    /// A line typed after `prompt` (echoed while it is typed); nil on Escape.
    func line(_ prompt: String) -> String? {
        StandardStreams.output(prompt)
        var text = ""
        while let key = key(within: 3600) {
            switch key {
            case "\n", "\r":
                StandardStreams.output("\n")
                return text
            case "\u{1B}":
                StandardStreams.output("\n")
                return nil
            case "\u{7F}", "\u{08}":
                if !text.isEmpty {
                    text.removeLast()
                    StandardStreams.output("\u{08} \u{08}")
                }
            default:
                text.append(key)
                StandardStreams.output(String(key))
            }
        }
        return text
    }
}
