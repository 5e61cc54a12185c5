import ScreenKit

/// How a snapshot file writes what it holds as text: names in natural order, lines split at
/// LF alone, and names on their header lines escaped so that any name round-trips.
extension ScenarioSnapshots {
    /// Whether `a` comes before `b` with runs of digits compared as numbers.
    static func naturallyBefore(_ a: String, _ b: String) -> Bool {
        var left = a.unicodeScalars[...], right = b.unicodeScalars[...]
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        while let x = left.first, let y = right.first {
            if isDigit(x) && isDigit(y) {
                let numberA = left.prefix(while: isDigit).drop { $0 == "0" }, numberB = right.prefix(while: isDigit).drop { $0 == "0" }
                if numberA.count != numberB.count { return numberA.count < numberB.count }
                if !numberA.elementsEqual(numberB) { return String(String.UnicodeScalarView(numberA)) < String(String.UnicodeScalarView(numberB)) }
                left = left.drop(while: isDigit)
                right = right.drop(while: isDigit)
            } else {
                if x != y { return x.value < y.value }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        return left.isEmpty && !right.isEmpty || (left.isEmpty && right.isEmpty && a < b)
    }

    /// Lines split at each LF alone: a CR before it stays in its line, so that text with
    /// Windows line ends round-trips (Swift's "\r\n" is one Character, not split at "\n").
    static func lines(_ text: String) -> [Substring] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// A name on its header line: a newline in it (a scenario's name may hold one) would
    /// end the line, a NUL make git take the file for binary, and an escape sequence would
    /// run when the file is shown in a terminal (`cat`, `git diff`), so newlines, NULs and
    /// backslashes are written as `\n`, `\r`, `\0` and `\\`, and other control characters
    /// (but a tab) as `VisibleText` writes them (`\x1b`, `\u{FFFE}`).
    static func escape(_ name: String) -> String {
        guard name.contains("\\") || VisibleText.of(name, keepingTabs: true) != name else { return name }
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\0": out.append(contentsOf: "\\0".unicodeScalars)
            default: out.append(contentsOf: VisibleText.of(String(scalar), keepingTabs: true).unicodeScalars)
            }
        }
        return String(out)
    }

    static func unescape(_ header: Substring) -> String {
        guard header.contains("\\") else { return String(header) }
        var name = String.UnicodeScalarView()
        var scalars = header.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                name.append(scalar)
                continue
            }
            switch next {
            case "n": name.append("\n")
            case "r": name.append("\r")
            case "0": name.append("\0")
            case "x", "u":
                // `\x` and two hex digits, or `\u{...}`, as VisibleText writes them; anything
                // else is kept as it was.
                var digits = String.UnicodeScalarView()
                if next == "x" {
                    for _ in 0..<2 { if let digit = scalars.next() { digits.append(digit) } }
                } else if let open = scalars.next() {
                    digits.append(open)
                    while let digit = scalars.next() {
                        digits.append(digit)
                        if digit == "}" || digits.count > 8 { break }
                    }
                }
                let hex = next == "x" ? String(digits) : String(String(digits).dropFirst().dropLast())
                if (next == "x" ? digits.count == 2 : digits.first == "{" && digits.last == "}"),
                   let value = UInt32(hex, radix: 16), let code = Unicode.Scalar(value) {
                    name.append(code)
                } else {
                    name.append(next)
                    name.append(contentsOf: digits)
                }
            default: name.append(next)
            }
        }
        return String(name)
    }
}
