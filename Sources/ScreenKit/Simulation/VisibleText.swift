/// Control characters written as `\x1b`, so that text from a script shows as what it is: a
/// name's newline would start a line of a tree picture of its own, the console would obey a
/// terminal's escape, and XML and YAML refuse them.
///
///     VisibleText.of("Line1\nLine2")             // "Line1\x0aLine2"
///     VisibleText.of("a\tb", keepingTabs: true)  // "a\tb"
public enum VisibleText {
    public static func of(_ text: String, keepingTabs: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && !(keepingTabs && scalar == "\t")) || scalar.value == 0x7F
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\x\(scalar.value < 0x10 ? "0" : "")\(String(scalar.value, radix: 16))".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
