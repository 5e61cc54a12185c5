/// Steps travel from worker processes to the runner and into blob reports as one compact
/// string each, not as nested JSON: Foundation's coders spend most of a recorded run's time
/// on thousands of small objects otherwise. Fields are separated by U+E000 (private use:
/// JSON leaves it as it is, where it would escape a control character in six bytes); nil is
/// U+E001; those two and the escape U+E002 are escaped inside text.
extension ScenarioStep {
    public init(from decoder: Decoder) throws {
        var reader = CompactReader(try decoder.singleValueContainer().decode(String.self))
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
        hierarchy = try reader.bool() ? try ScenarioHierarchy(&reader) : nil
    }

    public func encode(to encoder: Encoder) throws {
        var writer = CompactWriter()
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
        writer.bool(hierarchy != nil)
        hierarchy?.write(&writer)
        var container = encoder.singleValueContainer()
        try container.encode(writer.text)
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
        let childCount = try reader.int(), presentedCount = try reader.int()
        var children: [ScenarioHierarchy] = []
        for _ in 0..<childCount { children.append(try ScenarioHierarchy(&reader)) }
        var presented: [ScenarioHierarchy] = []
        for _ in 0..<presentedCount { presented.append(try ScenarioHierarchy(&reader)) }
        self.init(kind: kind, name: name, key: key, typeName: typeName, attributes: attributes, isVisible: isVisible, isTop: isTop,
                  selectedIndex: selectedIndex, presentationPhase: phase, systemText: systemText, children: children, presented: presented)
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
        writer.int(children.count)
        writer.int(presented.count)
        for child in children { child.write(&writer) }
        for node in presented { node.write(&writer) }
    }
}

struct CompactWriter {
    private(set) var text = ""

    mutating func string(_ value: String) {
        if !text.isEmpty { text.unicodeScalars.append("\u{E000}") }
        if value.unicodeScalars.contains(where: { $0 == "\u{E000}" || $0 == "\u{E001}" || $0 == "\u{E002}" }) {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\u{E000}": text += "\u{E002}a"
                case "\u{E001}": text += "\u{E002}b"
                case "\u{E002}": text += "\u{E002}\u{E002}"
                default: text.unicodeScalars.append(scalar)
                }
            }
        } else {
            text += value
        }
    }

    mutating func optional(_ value: String?) {
        if let value { string(value) } else { if !text.isEmpty { text.unicodeScalars.append("\u{E000}") }; text.unicodeScalars.append("\u{E001}") }
    }

    mutating func int(_ value: Int) { string(String(value)) }
    mutating func bool(_ value: Bool) { string(value ? "1" : "0") }
    mutating func double(_ value: Double) { string(String(value)) }

    mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }
}

struct CompactReader {
    struct Failure: Error {}

    /// Split by scalars, not characters: splitting a String by Character walks grapheme
    /// breaks, and was a fifth of the time a report took to read its steps.
    private let fields: [Substring.UnicodeScalarView]
    private var position = 0

    init(_ text: String) {
        fields = text.unicodeScalars.split(separator: "\u{E000}", omittingEmptySubsequences: false)
    }

    mutating func optional() throws -> String? {
        guard position < fields.count else { throw Failure() }
        let field = fields[position]
        position += 1
        if field.count == 1 && field.first == "\u{E001}" { return nil }
        guard field.contains("\u{E002}") else { return String(field) }
        var out = String.UnicodeScalarView(), escaped = false
        for scalar in field {
            if escaped {
                out.append(scalar == "a" ? "\u{E000}" : scalar == "b" ? "\u{E001}" : scalar)
                escaped = false
            } else if scalar == "\u{E002}" {
                escaped = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    mutating func string() throws -> String {
        guard let value = try optional() else { throw Failure() }
        return value
    }

    mutating func int() throws -> Int {
        guard let value = Int(try string()), value >= 0 else { throw Failure() }
        return value
    }

    mutating func bool() throws -> Bool { try string() == "1" }

    mutating func double() throws -> Double {
        guard let value = Double(try string()) else { throw Failure() }
        return value
    }

    mutating func strings() throws -> [String] {
        try (0..<int()).map { _ in try string() }
    }
}
