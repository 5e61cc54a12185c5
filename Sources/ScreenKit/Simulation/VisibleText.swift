/// Control characters written as `\x1b`, so that text from a script shows as what it is: a
/// name's newline would start a line of a tree picture of its own, the console would obey a
/// terminal's escape (C1's `\x9b` is one too), and XML and YAML refuse them; the two
/// noncharacters XML refuses are written `\u{FFFE}` and `\u{FFFF}`.
///
///     VisibleText.of("Line1\nLine2")             // "Line1\x0aLine2"
///     VisibleText.of("a\tb", keepingTabs: true)  // "a\tb"
public enum VisibleText {
    /// `text` with each control character written as an escape (tabs kept when `keepingTabs`).
    public static func of(_ text: String, keepingTabs: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && !(keepingTabs && scalar == "\t")) || (0x7F...0x9F).contains(scalar.value)
        }
        func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool { scalar.value == 0xFFFE || scalar.value == 0xFFFF }
        guard text.unicodeScalars.contains(where: { isControl($0) || isNoncharacter($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\x\(scalar.value < 0x10 ? "0" : "")\(String(scalar.value, radix: 16))".unicodeScalars)
            } else if isNoncharacter(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
