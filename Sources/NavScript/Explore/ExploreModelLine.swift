/// The line of a model file that calls `explore.model`: `return explore.model { ... }` is a
/// tail call, which leaves the errors it raises no line of their own.
enum ExploreModelLine {
    /// The one line whose code (not its comments or strings) calls `explore.model`, or nil
    /// when none does or several do.
    static func find(in script: [UInt8]) -> Int? {
        let lines = codeLines(script)
        let calls = lines.indices.filter { lines[$0].contains("explore.model") }
        return calls.count == 1 ? calls[0] + 1 : nil
    }

    /// The file's lines with comments and string literals blanked, as Lua's lexer reads them.
    static func codeLines(_ script: [UInt8]) -> [String] {
        var code = [UInt8](), index = 0
        code.reserveCapacity(script.count)
        // Copies what a comment or string spans as spaces, keeping its line breaks.
        func blank(to end: Int) {
            while index < end {
                let byte = script[index]
                code.append(LuaLines.isBreak(byte) ? byte : UInt8(ascii: " "))
                index += 1
            }
        }
        // The end (past the closing bracket) of a long bracket opening at `start` (`[`, `[==[`), or nil.
        func longBracketEnd(at start: Int) -> Int? {
            var level = 0, position = start + 1
            while position < script.count, script[position] == UInt8(ascii: "=") { level += 1; position += 1 }
            guard position < script.count, script[position] == UInt8(ascii: "[") else { return nil }
            let closing = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
            var search = position + 1
            while search + closing.count <= script.count {
                if script[search] == UInt8(ascii: "]"), Array(script[search..<search + closing.count]) == closing {
                    return search + closing.count
                }
                search += 1
            }
            return script.count
        }
        // Where a short string closes (its quote), or the line break that ends it unclosed.
        // An escape takes the next character, a line break too (`\` then CRLF, two), and
        // `\z` the white space after it, line breaks included, as Lua's lexer reads them.
        func stringEnd(from start: Int, quote: UInt8) -> Int {
            var end = start
            while end < script.count, script[end] != quote, !LuaLines.isBreak(script[end]) {
                guard script[end] == UInt8(ascii: "\\"), end + 1 < script.count else {
                    end += 1
                    continue
                }
                let escaped = script[end + 1]
                end += 2
                if LuaLines.isBreak(escaped), end < script.count, LuaLines.isBreak(script[end]), script[end] != escaped {
                    end += 1
                } else if escaped == UInt8(ascii: "z") {
                    while end < script.count, [9, 10, 11, 12, 13, 32].contains(script[end]) { end += 1 }
                }
            }
            return end
        }
        while index < script.count {
            let byte = script[index]
            if byte == UInt8(ascii: "-"), index + 1 < script.count, script[index + 1] == UInt8(ascii: "-") {
                if index + 2 < script.count, script[index + 2] == UInt8(ascii: "["), let end = longBracketEnd(at: index + 2) {
                    blank(to: end)
                } else {
                    blank(to: script[index...].firstIndex(where: LuaLines.isBreak) ?? script.count)
                }
            } else if byte == UInt8(ascii: "["), let end = longBracketEnd(at: index) {
                blank(to: end)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                blank(to: min(stringEnd(from: index + 1, quote: byte) + 1, script.count))
            } else {
                code.append(byte)
                index += 1
            }
        }
        return LuaLines.split(code)
    }
}
