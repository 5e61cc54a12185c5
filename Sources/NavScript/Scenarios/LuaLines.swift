/// The lines of a Lua source as Lua's lexer counts them: `\n`, `\r`, `\r\n` and `\n\r` each
/// end one, so that a file saved with Windows (or old Mac) line ends counts as written.
/// Bytes that are not UTF-8 read as U+FFFD.
///
///     LuaLines.split(Array("a\r\nb".utf8))   // ["a", "b"]
public enum LuaLines {
    /// The lines of `bytes` without their line ends; what follows the last line end is a line
    /// too (empty when the text ends with one).
    public static func split(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = [], start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard isBreak(byte) else {
                index += 1
                continue
            }
            lines.append(String(decoding: bytes[start..<index], as: UTF8.self))
            index += 1
            if index < bytes.count, bytes[index] != byte, isBreak(bytes[index]) {
                index += 1
            }
            start = index
        }
        lines.append(String(decoding: bytes[start...], as: UTF8.self))
        return lines
    }

    /// Whether `byte` is a line break to Lua's lexer (`\n` or `\r`).
    static func isBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
