/// A hierarchy as plain data, for comparisons in tests and for Lua's `app:snapshot()`; an
/// application restores one exactly (`ScreenApplication(restoring:)`), and it reads and
/// writes as JSON (`Codable`), as a Swift host keeps state for iOS state restoration.
public struct ScreenSnapshot: Equatable, Codable, Sendable {
    /// The container's kind.
    public let kind: ScreenContainerKind
    /// The container's key, or nil for a container without one (a bare stack or tabs, the window).
    public let key: ScreenKey?
    /// Its UIKit class, when it is not its kind's (a named stack's, a system screen's).
    public let className: String?
    /// Whether searches walk into its children (a custom container).
    public let isIterable: Bool
    /// The attributes decorators (and `setAttribute`) set, by UIKit property name.
    public let attributes: [String: ScreenValue]
    /// Whether the container was visible (its view in a window that shows).
    public let isVisible: Bool
    /// Whether it was the top container given when the snapshot was taken (Lua's `app:top()`).
    public let isTop: Bool
    /// For tabs, the selected tab's index (0-based in Swift).
    public let selectedIndex: Int?
    /// For tabs while a custom tab animation runs, the index of the tab it brings in (the one
    /// in the window), and when it ends and that tab is selected: a restored application
    /// finishes it then.
    public let incomingIndex: Int?
    /// When the custom tab animation ends, on the application's clock.
    public let selectionEnds: Double?
    /// For a stack while UIKit's push, pop or `setViewControllers` animates, the index of the
    /// screen that was on top if it is still in the stack (its view stays in the window),
    /// and when the transition ends (a popped top is in no tree; the end is written all the
    /// same): a restored application takes it out then, and queues later transitions behind.
    public let outgoingIndex: Int?
    /// When the stack transition taking the old top out ends, on the application's clock.
    public let outgoingEnds: Double?
    /// Where a presentation stands, for a presented container.
    public let presentationPhase: ScreenPresentationPhase?
    /// When the presentation or dismissal under way ends, on the application's clock (only
    /// while one is: a restored application finishes it then).
    public let presentationEnds: Double?
    /// Snapshots of its children: a window's root, a stack's screens bottom to top, the tabs.
    public let children: [ScreenSnapshot]
    /// A snapshot of the container it presents itself, if any: none or one.
    public let presented: [ScreenSnapshot]

    /// A snapshot made of its fields, as a test writes the hierarchy it expects.
    public init(kind: ScreenContainerKind, key: ScreenKey?, className: String? = nil, isIterable: Bool = false,
                attributes: [String: ScreenValue] = [:], isVisible: Bool = true, isTop: Bool = false, selectedIndex: Int? = nil,
                presentationPhase: ScreenPresentationPhase? = nil, presentationEnds: Double? = nil,
                children: [ScreenSnapshot] = [], presented: [ScreenSnapshot] = [],
                incomingIndex: Int? = nil, selectionEnds: Double? = nil, outgoingIndex: Int? = nil, outgoingEnds: Double? = nil) {
        self.kind = kind
        self.key = key
        self.className = className
        self.isIterable = isIterable
        self.attributes = attributes
        self.isVisible = isVisible
        self.isTop = isTop
        self.selectedIndex = selectedIndex
        self.incomingIndex = incomingIndex
        self.selectionEnds = selectionEnds
        self.outgoingIndex = outgoingIndex
        self.outgoingEnds = outgoingEnds
        self.presentationPhase = presentationPhase
        self.presentationEnds = presentationEnds
        self.children = children
        self.presented = presented
    }

    /// The snapshot of `container` and everything it contains and presents.
    public init(_ container: ScreenContainer, top: ScreenContainer? = nil) {
        kind = container.kind
        key = container.key
        className = container.className
        isIterable = container.isIterable
        attributes = container.attributes
        isVisible = container.isVisible
        isTop = container === top
        selectedIndex = container.kind == .tabs ? container.selectedIndex : nil
        incomingIndex = container.incomingTab.flatMap { incoming in container.children.firstIndex { $0 === incoming } }
        selectionEnds = incomingIndex == nil ? nil : container.incomingTabEnd
        outgoingIndex = container.outgoingTop.flatMap { outgoing in container.children.firstIndex { $0 === outgoing } }
        outgoingEnds = container.outgoingTopEnd
        presentationPhase = container.presentationPhase
        presentationEnds = container.presentationPhase == .presenting || container.presentationPhase == .dismissing
            ? container.presentationEnd : nil
        children = container.children.map { ScreenSnapshot($0, top: top) }
        presented = container.presentedContainer.map { [ScreenSnapshot($0, top: top)] } ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case kind, key, className, isIterable, attributes, isVisible, isTop, selectedIndex, incomingIndex, selectionEnds
        case outgoingIndex, outgoingEnds, presentationPhase, presentationEnds, children, presented
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes JSON as the synthesized decoder would, but refuses a field it does not know
    /// (`selectedIndx`), as Lua's `restore` does: a typo would restore something else without a word.
    /// What a restore does not read or reads as nothing may be left out, as in Lua: `isIterable`,
    /// `isVisible`, `isTop`, `attributes`, `children` and `presented`.
    public init(from decoder: Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.first(where: { CodingKeys(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(forKey: unknown, in: all,
                                                   debugDescription: "unknown field '\(unknown.stringValue)' in a hierarchy's snapshot")
        }
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try fields.decode(ScreenContainerKind.self, forKey: .kind),
                  key: try fields.decodeIfPresent(ScreenKey.self, forKey: .key),
                  className: try fields.decodeIfPresent(String.self, forKey: .className),
                  isIterable: try fields.decodeIfPresent(Bool.self, forKey: .isIterable) ?? false,
                  attributes: try fields.decodeIfPresent([String: ScreenValue].self, forKey: .attributes) ?? [:],
                  isVisible: try fields.decodeIfPresent(Bool.self, forKey: .isVisible) ?? true,
                  isTop: try fields.decodeIfPresent(Bool.self, forKey: .isTop) ?? false,
                  selectedIndex: try fields.decodeIfPresent(Int.self, forKey: .selectedIndex),
                  presentationPhase: try fields.decodeIfPresent(ScreenPresentationPhase.self, forKey: .presentationPhase),
                  presentationEnds: try fields.decodeIfPresent(Double.self, forKey: .presentationEnds),
                  children: try fields.decodeIfPresent([ScreenSnapshot].self, forKey: .children) ?? [],
                  presented: try fields.decodeIfPresent([ScreenSnapshot].self, forKey: .presented) ?? [],
                  incomingIndex: try fields.decodeIfPresent(Int.self, forKey: .incomingIndex),
                  selectionEnds: try fields.decodeIfPresent(Double.self, forKey: .selectionEnds),
                  outgoingIndex: try fields.decodeIfPresent(Int.self, forKey: .outgoingIndex),
                  outgoingEnds: try fields.decodeIfPresent(Double.self, forKey: .outgoingEnds))
    }
}

extension ScreenKey: Codable {
    private enum CodingKeys: String, CodingKey { case name, traits }

    /// Reads `{"name": ..., "traits": {...}}`; traits left out are none.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  traits: try container.decodeIfPresent([String: ScreenValue].self, forKey: .traits) ?? [:])
    }

    /// Writes the name, and the traits when there are any.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if !traits.isEmpty { try container.encode(traits, forKey: .traits) }
    }
}

/// Plain JSON: true, 7, 0.5, "text", [...], {...}. A double JSON cannot tell from an
/// integer (`2.0`, which JSON writes `2`) or cannot hold (infinity, NaN) is tagged:
/// `{"$double": "2.0"}`, `{"$double": "inf"}` (or `"-inf"`, `"nan"`). An object of one field
/// whose name starts with `$`, which a tag could be, is written inside `{"$object": ...}`, so
/// that every value reads back as it was.
extension ScreenValue: Codable {
    private static let nonFinite: [String: Double] = ["inf": .infinity, "-inf": -.infinity, "nan": .nan]

    private struct Field: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads plain JSON, and the `$double` and `$object` tags the encoder writes.
    public init(from decoder: Decoder) throws {
        // Tags are objects of one field: looked at by their keys, so that no nested value
        // is decoded twice (trying each form in full doubled the work at every level).
        if let keyed = try? decoder.container(keyedBy: Field.self), keyed.allKeys.count == 1, let key = keyed.allKeys.first {
            if key.stringValue == "$double", let name = try? keyed.decode(String.self, forKey: key),
               let number = Self.nonFinite[name] ?? Double(name) {
                self = .double(number)
                return
            }
            if key.stringValue == "$object" {
                self = .object(try keyed.decode([String: ScreenValue].self, forKey: key))
                return
            }
        }
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
        else if let number = try? container.decode(Int.self) { self = .int(number) }
        else if let number = try? container.decode(Double.self) { self = .double(number) }
        else if let text = try? container.decode(String.self) { self = .string(text) }
        else if let list = try? container.decode([ScreenValue].self) { self = .array(list) }
        else { self = .object(try container.decode([String: ScreenValue].self)) }
    }

    /// Writes plain JSON, tagging what JSON alone would not read back as it was.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .bool(flag): try container.encode(flag)
        case let .int(number): try container.encode(number)
        case let .double(number) where !number.isFinite:
            try container.encode(["$double": number.isNaN ? "nan" : number > 0 ? "inf" : "-inf"])
        case let .double(number) where number.rounded() == number:
            try container.encode(["$double": "\(number)"])
        case let .double(number): try container.encode(number)
        case let .string(text): try container.encode(text)
        case let .array(list): try container.encode(list)
        case let .object(fields) where fields.count == 1 && fields.keys.first?.hasPrefix("$") == true:
            try container.encode(["$object": fields])
        case let .object(fields): try container.encode(fields)
        }
    }
}

extension ScreenContainerKind: Codable {}
extension ScreenPresentationPhase: Codable {}
