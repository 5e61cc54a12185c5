/// Control characters written as `\x1b`, so that text from a script shows as what it is: a
/// name's newline would start a line of a tree picture of its own, the console would obey a
/// terminal's escape (C1's `\x9b` is one too), and XML and YAML refuse them; the two
/// noncharacters XML refuses are written `\u{FFFE}` and `\u{FFFF}`, and so are the
/// controls that change the direction of the text after them (U+202A–U+202E, U+2066–U+2069:
/// a right-to-left override in a name would show the rest of a tree's line backwards, as
/// compilers warn of them in source).
///
///     VisibleText.of("Line1\nLine2")             // "Line1\x0aLine2"
///     VisibleText.of("a\tb", keepingTabs: true)  // "a\tb"
///     VisibleText.of("Chat\u{202E}txt")          // "Chat\u{202E}txt"
public enum VisibleText {
    /// `text` with each control character written as an escape (tabs kept when `keepingTabs`).
    public static func of(_ text: String, keepingTabs: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && !(keepingTabs && scalar == "\t")) || (0x7F...0x9F).contains(scalar.value)
        }
        func isWrittenAsCodePoint(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value == 0xFFFE || scalar.value == 0xFFFF || isDirectionControl(scalar)
        }
        guard text.unicodeScalars.contains(where: { isControl($0) || isWrittenAsCodePoint($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\x\(scalar.value < 0x10 ? "0" : "")\(String(scalar.value, radix: 16))".unicodeScalars)
            } else if isWrittenAsCodePoint(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `scalar` changes the direction of the text after it: an embedding, an override
    /// or an isolate, or the end of one (what the bidirectional algorithm's explicit levels are).
    public static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
