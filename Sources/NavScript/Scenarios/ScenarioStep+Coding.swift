/// Steps travel from worker processes to the runner and into blob reports as one compact
/// string each, not as nested JSON: Foundation's coders spend most of a recorded run's time
/// on thousands of small objects otherwise. Fields are separated by U+E000 (private use:
/// JSON leaves it as it is, where it would escape a control character in six bytes); nil is
/// U+E001; those two, the escape U+E002 and the newline are escaped inside text, so that a
/// compact text is always one line.
extension ScenarioStep {
    /// Decodes a step from the one compact string `encode(to:)` writes.
    public init(from decoder: Decoder) throws {
        var reader = CompactReader(try decoder.singleValueContainer().decode(String.self))
        try self.init(compact: &reader)
    }

    /// Encodes the step as one compact string (see above), not as nested JSON.
    public func encode(to encoder: Encoder) throws {
        var writer = CompactWriter()
        writeCompact(&writer)
        var container = encoder.singleValueContainer()
        try container.encode(writer.text)
    }

    init(compact reader: inout CompactReader, hierarchies: CompactHierarchies? = nil) throws {
        guard let kind = Kind(rawValue: try reader.string()) else { throw CompactReader.Failure() }
        self.kind = kind
        location = try reader.optional()
        time = try reader.double()
        ok = try reader.bool()
        message = try reader.optional()
        transitions = try (0..<reader.int()).map { _ in
            ScenarioTransition(kind: try reader.string(), container: try reader.string(), before: try reader.strings(), after: try reader.strings(),
                               animated: try reader.bool(), description: try reader.string())
        }
        log = try reader.strings()
        if let hierarchies {
            hierarchy = try hierarchies.read(&reader)
        } else {
            hierarchy = try reader.bool() ? try ScenarioHierarchy(&reader) : nil
        }
        // Added last: a step of an older blob (read alone, not in a channel) has no app, nor
        // a count of steps not kept.
        app = hierarchies == nil && reader.isAtEnd ? 0 : try reader.int()
        omitted = hierarchies == nil && reader.isAtEnd ? 0 : try reader.int()
    }

    func writeCompact(_ writer: inout CompactWriter, hierarchies: CompactHierarchies? = nil) {
        writer.string(kind.rawValue)
        writer.optional(location)
        writer.double(time)
        writer.bool(ok)
        writer.optional(message)
        writer.int(transitions.count)
        for transition in transitions {
            writer.string(transition.kind)
            writer.string(transition.container)
            writer.strings(transition.before)
            writer.strings(transition.after)
            writer.bool(transition.animated)
            writer.string(transition.description)
        }
        writer.strings(log)
        if let hierarchies {
            hierarchies.write(hierarchy, &writer)
        } else {
            writer.bool(hierarchy != nil)
            hierarchy?.write(&writer)
        }
        writer.int(app)
        writer.int(omitted)
    }
}

extension ScenarioHierarchy {
    init(_ reader: inout CompactReader) throws {
        let kind = try reader.string(), name = try reader.optional(), key = try reader.optional(), typeName = try reader.string()
        var attributes: [String: String] = [:]
        for _ in 0..<(try reader.int()) {
            attributes[try reader.string()] = try reader.string()
        }
        let isVisible = try reader.bool(), isTop = try reader.bool()
        let selectedIndex = try reader.optional().flatMap { Int($0) }
        let phase = try reader.optional(), systemText = try reader.strings()
        // A deep stack's count is written `-` and its count, then the screens it left out.
        let isCut = reader.skipMinus()
        let childCount = try reader.int(), omitted = isCut ? try reader.int() : 0, presentedCount = try reader.int()
        var children: [ScenarioHierarchy] = []
        for _ in 0..<childCount { children.append(try ScenarioHierarchy(&reader)) }
        var presented: [ScenarioHierarchy] = []
        for _ in 0..<presentedCount { presented.append(try ScenarioHierarchy(&reader)) }
        self.init(kind: kind, name: name, key: key, typeName: typeName, attributes: attributes, isVisible: isVisible, isTop: isTop,
                  selectedIndex: selectedIndex, presentationPhase: phase, systemText: systemText, children: children, presented: presented,
                  omittedChildren: omitted)
    }

    func write(_ writer: inout CompactWriter) {
        writer.string(kind)
        writer.optional(name)
        writer.optional(key)
        writer.string(typeName)
        writer.int(attributes.count)
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            writer.string(value)
        }
        writer.bool(isVisible)
        writer.bool(isTop)
        writer.optional(selectedIndex.map(String.init))
        writer.optional(presentationPhase)
        writer.strings(systemText)
        if omittedChildren > 0 {
            writer.string("-\(children.count)")
            writer.int(omittedChildren)
        } else {
            writer.int(children.count)
        }
        writer.int(presented.count)
        for child in children { child.write(&writer) }
        for node in presented { node.write(&writer) }
    }
}

/// Writes the compact text of steps and results: a field at a time, in an order its reader
/// knows. It is built as UTF-8 bytes: U+E000, U+E001 and U+E002 are `EE 80 80`, `EE 80 81`
/// and `EE 80 82`, and `EE` is never a continuation byte, so text is checked and copied a
/// byte run at a time.
public struct CompactWriter {
    /// What was written, as UTF-8 bytes.
    public private(set) var utf8: [UInt8] = []
    /// Whether a field was written (the first may be empty text).
    private var started = false

    /// An empty writer.
    public init() {}

    /// What was written, as text: always one line.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    private mutating func separate() {
        if started { utf8 += [0xEE, 0x80, 0x80] }
        started = true
    }

    /// Writes a text field, escaping the separators and newlines in it.
    public mutating func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { bytes in
            var run = 0, index = 0
            while index < bytes.count {
                let escape: [UInt8]
                if bytes[index] == 0x0A {
                    escape = [UInt8(ascii: "n")]
                } else if bytes[index] == 0xEE, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] <= 0x82 {
                    escape = [[UInt8(ascii: "a")], [UInt8(ascii: "b")], [0xEE, 0x80, 0x82]][Int(bytes[index + 2] - 0x80)]
                } else {
                    index += 1
                    continue
                }
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                utf8 += [0xEE, 0x80, 0x82] + escape
                index += bytes[index] == 0x0A ? 1 : 3
                run = index
            }
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }

    /// Writes a text field, or the nil mark for nil.
    public mutating func optional(_ value: String?) {
        if let value {
            string(value)
        } else {
            separate()
            utf8 += [0xEE, 0x80, 0x81]
        }
    }

    /// Writes a whole number as its digits.
    public mutating func int(_ value: Int) { string(String(value)) }
    /// Writes `1` or `0`.
    public mutating func bool(_ value: Bool) {
        separate()
        utf8.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    }
    /// Writes a number as Swift prints it (`0.25`), which reads back exactly.
    public mutating func double(_ value: Double) { string(String(value)) }

    /// Writes the count, then each text.
    public mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }
}

/// Reads what a `CompactWriter` wrote, in the same order; a text that is not one fails.
public struct CompactReader {
    /// A text that is not what a `CompactWriter` writes: a field missing or malformed.
    public struct Failure: Error, CustomStringConvertible {
        /// The message a report shows for it.
        public var description: String { "the recorded steps are not in the form navscript writes (a field is missing or malformed)" }
    }

    private let bytes: [UInt8]
    /// Where the next field starts; past the end once the last is read.
    private var position = 0

    /// A reader of `text`, from its first field.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether every field has been read.
    public var isAtEnd: Bool { position > bytes.count }

    /// A reader of the UTF-8 bytes of a compact text, from its first field.
    public init<Bytes: Sequence>(utf8: Bytes) where Bytes.Element == UInt8 {
        bytes = Array(utf8)
    }

    /// The next field's bytes, raw (escapes left in).
    private mutating func field() throws -> Range<Int> {
        guard position <= bytes.count else { throw Failure() }
        let start = position
        var index = start
        while index < bytes.count {
            if bytes[index] == 0xEE, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 {
                position = index + 3
                return start..<index
            }
            index += 1
        }
        position = bytes.count + 1
        return start..<bytes.count
    }

    /// Reads a text field, or nil where the writer wrote nil.
    public mutating func optional() throws -> String? {
        let field = try field()
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            let raw = UnsafeBufferPointer(rebasing: buffer[field])
            if raw.count == 3 && raw[0] == 0xEE && raw[1] == 0x80 && raw[2] == 0x81 { return nil }
            var out: [UInt8] = [], run = 0, index = 0
            while index < raw.count {
                guard raw[index] == 0xEE, index + 3 < raw.count, raw[index + 1] == 0x80, raw[index + 2] == 0x82 else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: raw[run..<index]))
                let escaped = index + 3
                switch raw[escaped] {
                case UInt8(ascii: "a"): out += [0xEE, 0x80, 0x80]
                case UInt8(ascii: "b"): out += [0xEE, 0x80, 0x81]
                case UInt8(ascii: "n"): out.append(0x0A)
                default:
                    // An escaped escape (or anything else) stands for itself.
                    run = escaped
                    index = escaped + (raw[escaped] == 0xEE ? 3 : 1)
                    continue
                }
                index = escaped + 1
                run = index
            }
            if out.isEmpty && run == 0 { return String(decoding: raw, as: UTF8.self) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: raw[run...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Reads a text field; nil there fails.
    public mutating func string() throws -> String {
        guard let value = try optional() else { throw Failure() }
        return value
    }

    /// A count or a line: digits only.
    public mutating func int() throws -> Int {
        let field = try field()
        guard !field.isEmpty, field.count < 19 else { throw Failure() }
        var value = 0
        for index in field {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw Failure() }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Whether the next field starts with `-`, which is skipped: a count so marked.
    mutating func skipMinus() -> Bool {
        guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "-") else { return false }
        position += 1
        return true
    }

    /// A count, or nil where the writer wrote nil.
    public mutating func optionalInt() throws -> Int? {
        let start = position
        let field = try field()
        if field.count == 3 && bytes[field.lowerBound] == 0xEE && bytes[field.lowerBound + 1] == 0x80 && bytes[field.lowerBound + 2] == 0x81 {
            return nil
        }
        position = start
        return try int()
    }

    /// Reads a boolean: `1` is true, anything else false.
    public mutating func bool() throws -> Bool {
        let field = try field()
        return field.count == 1 && bytes[field.lowerBound] == UInt8(ascii: "1")
    }

    /// Reads a number; a field that is none fails.
    public mutating func double() throws -> Double {
        guard let value = Double(try string()) else { throw Failure() }
        return value
    }

    /// Reads a count, then that many texts.
    public mutating func strings() throws -> [String] {
        try (0..<int()).map { _ in try string() }
    }
}
