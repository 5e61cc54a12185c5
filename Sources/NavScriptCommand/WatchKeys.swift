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

/// The terminal in key-at-a-time mode while the watch runs (no echo, no line editing), and
/// back as it was when it ends. Standard input only: a watch without a terminal (CI, a pipe)
/// answers no keys.
final class WatchTerminal {
    private var saved = termios()
    private(set) var isActive = false

    init() {
        guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        isActive = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
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

    /// A key pressed within `seconds`, or nil.
    func key(within seconds: Double) -> Character? {
        guard isActive else {
            usleep(useconds_t(max(seconds, 0) * 1_000_000))
            return nil
        }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return nil }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
        return Character(UnicodeScalar(byte))
    }

    /// A line typed after `prompt` (echoed while it is typed); nil on Escape.
    func line(_ prompt: String) -> String? {
        FileHandle.standardOutput.write(Data(prompt.utf8))
        var text = ""
        while let key = key(within: 3600) {
            switch key {
            case "\n", "\r":
                FileHandle.standardOutput.write(Data("\n".utf8))
                return text
            case "\u{1B}":
                FileHandle.standardOutput.write(Data("\n".utf8))
                return nil
            case "\u{7F}", "\u{08}":
                if !text.isEmpty {
                    text.removeLast()
                    FileHandle.standardOutput.write(Data("\u{08} \u{08}".utf8))
                }
            default:
                text.append(key)
                FileHandle.standardOutput.write(Data(String(key).utf8))
            }
        }
        return text
    }
}
