/// JSON written a value at a time, for the report page's data: the same text JSONEncoder
/// writes with `.sortedKeys` and `.withoutEscapingSlashes` (keys come in the order they are
/// written, so writers write them sorted; a nil field is left out), except that `</` is
/// written `<\/` and `<!` `<\u0021`, so that the text can stand inside a `<script>` element. JSONEncoder built
/// a tree of boxed values for thousands of steps first: a third of the runner's time for a
/// recorded run.
struct JSONText {
    private var bytes: [UInt8] = []
    /// Whether the next value follows another in its object or array.
    private var follows = false

    var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate() {
        if follows { bytes.append(UInt8(ascii: ",")) }
        follows = true
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func object(_ body: (inout JSONText) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        follows = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        follows = true
    }

    mutating func array<Items: Sequence>(_ items: Items, _ body: (inout JSONText, Items.Element) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        follows = false
        for item in items { body(&self, item) }
        bytes.append(UInt8(ascii: "]"))
        follows = true
    }

    /// A key of the object being written; a literal, so never escaped.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: "\":".utf8)
        follows = false
    }

    /// Escapes what JSON must (quote, backslash, control characters), the `/` of `</` and
    /// the `!` of `<!`;
    /// runs of bytes that need nothing are copied whole.
    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices {
                let byte = utf8[index]
                let escape: String
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case UInt8(ascii: "/") where index > 0 && utf8[index - 1] == UInt8(ascii: "<"): escape = "\\/"
                // `<!--` would put the script element's text in its escaped state, where a
                // later `<script>` keeps it open to the end of the page.
                case UInt8(ascii: "!") where index > 0 && utf8[index - 1] == UInt8(ascii: "<"): escape = "\\u0021"
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                append(escape)
                run = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func int(_ value: Int) {
        separate()
        append(String(value))
    }

    /// As JSONEncoder writes a double: its shortest text, without a trailing `.0`.
    mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let written = String(value)
        append(written.hasSuffix(".0") ? String(written.dropLast(2)) : written)
    }

    mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    /// JSON already written (by JSONEncoder for a report's extra section), escaped the same way.
    mutating func raw(_ json: String) {
        separate()
        // `<` is only ever inside a string of JSON, where both escapes read back the same.
        append(json.replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "<!", with: "<\\u0021"))
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        if let value {
            key(name)
            string(value)
        }
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        if let value {
            key(name)
            int(value)
        }
    }

    mutating func field(_ name: StaticString, _ value: Double) {
        key(name)
        double(value)
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    mutating func field(_ name: StaticString, _ values: [String]) {
        key(name)
        array(values) { $0.string($1) }
    }
}
