/// The shape of what each decorator sets, as its attribute keeps it: `setAttribute` from a
/// script and a restored snapshot are held to it, so that an attribute reads as its
/// decorator writes it (a bar button's title is text, a bottom sheet has detents) and
/// every app's snapshot restores. Attributes no decorator sets take any data.
///
///     ScreenAttribute.problem(with: .object(["title": 5]), for: ScreenAttribute.tabBarItem)
///     // "attribute 'tabBarItem': title must be a string"
///     -- Lua: container:setAttribute("tabBarItem", { title = 5 })   --> bad argument #2 to 'setAttribute' (...)
extension ScreenAttribute {
    /// What is wrong with `value` as the attribute `name`, as a phrase that names it; nil
    /// when nothing is.
    public static func problem(with value: ScreenValue, for name: String) -> String? {
        switch name {
        case modalPresentationStyle: return oneOf(value, ScreenModalPresentationStyle.self, name)
        case modalTransitionStyle: return oneOf(value, ScreenModalTransitionStyle.self, name)
        case transitioningDelegate:
            return value.stringValue == nil ? "attribute '\(name)' must be a class name (a string)" : nil
        case popoverAnchor:
            switch value {
            case .string, .object, .array: return nil
            default: return "attribute '\(name)' must be a name or a table"
            }
        case leftBarButton, rightBarButton:
            return table(value, name, shape: #"{title = "Close"}"#, fields: ["title": .text], required: ["title"])
        case tabBarItem:
            return table(value, name, shape: #"{title = "Feed", image = "house", badge = "3"}, each one optional"#,
                         fields: ["title": .text, "image": .text, "badge": .text])
        case bottomSheet:
            return table(value, name, shape: #"{detents = {"medium", "large"}, selectedDetent = "large", prefersGrabber = true}"#,
                         fields: ["detents": .detents, "selectedDetent": .text, "prefersGrabber": .flag])
        default:
            return nil
        }
    }

    /// `value` as the attribute keeps it: a bottom sheet's empty detents, `{}` as it comes
    /// back from Lua (an empty table is no list there), is the empty list it was, so that a
    /// restored sheet draws and snapshots as the original.
    public static func normalized(_ value: ScreenValue, for name: String) -> ScreenValue {
        guard name == bottomSheet, case var .object(fields) = value, case let .object(detents)? = fields["detents"], detents.isEmpty else {
            return value
        }
        fields["detents"] = .array([])
        return .object(fields)
    }

    /// What a field of an attribute's table holds.
    private enum Field {
        case text, flag, detents

        var description: String {
            switch self {
            case .text: return "a string"
            case .flag: return "true or false"
            case .detents: return #"a list of names ({"medium", "large"}; none, as Nivelir's sheet takes)"#
            }
        }

        func holds(_ value: ScreenValue) -> Bool {
            switch (self, value) {
            case (.text, .string), (.flag, .bool): return true
            case let (.detents, .array(items)): return items.allSatisfy { $0.stringValue != nil }
            case let (.detents, .object(fields)): return fields.isEmpty   // {} read back from Lua
            default: return false
            }
        }
    }

    private static func oneOf<E: RawRepresentable & CaseIterable>(_ value: ScreenValue, _ type: E.Type, _ name: String) -> String?
    where E.RawValue == String {
        guard value.stringValue.flatMap(E.init(rawValue:)) == nil else { return nil }
        return "attribute '\(name)' must be one of \(E.allCases.map(\.rawValue).joined(separator: ", "))"
    }

    private static func table(_ value: ScreenValue, _ name: String, shape: String, fields: [String: Field],
                              required: [String] = []) -> String? {
        guard let given = value.objectValue else { return "attribute '\(name)' must be a table, \(shape)" }
        for field in given.keys.sorted() {
            guard let kind = fields[field] else { return "attribute '\(name)' has no field '\(field)' (it is \(shape))" }
            if let item = given[field], !kind.holds(item) { return "attribute '\(name)': \(field) must be \(kind.description)" }
        }
        if let missing = required.first(where: { given[$0] == nil }) {
            return "attribute '\(name)' needs \(missing) (it is \(shape))"
        }
        return nil
    }
}
