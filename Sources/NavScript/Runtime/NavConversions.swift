import LuaKit
import ScreenKit

/// Reading the `nav` module's arguments: kinds, styles, animations, traits, options.
/// Each throws `LuaCallError` in Lua's words, naming the argument.
extension LuaCall {
    /// Where the argument after an optional options table at `index` is: after it when a
    /// table or an explicit nil is there, else at `index` (the options were left out).
    ///
    ///     selectTab(2, { kind = "stack" }, nested), selectTab(2, nil, nested), selectTab(2, nested)
    func afterOptions(at index: Int32) -> Int32 {
        type(index) == .table || type(index) == .nil ? index + 1 : index
    }

    /// "window", "modal", "stack", "tabs" (or "container" where any kind is fine; no
    /// "window" where only a view controller is: `root("stack")`, `presented("tabs")`).
    func kind(_ index: Int32, default fallback: ScreenContainerKind, allowsAny: Bool = false, allowsWindow: Bool = true) throws -> ScreenContainerKind {
        guard !isNoneOrNil(index) else { return fallback }
        let name = try string(index)
        guard let kind = ScreenContainerKind(rawValue: name), kind != .container || allowsAny, kind != .window || allowsWindow else {
            let kinds = (allowsWindow ? "window, " : "") + "modal, stack" + (allowsAny ? ", tabs or container" : " or tabs")
            switch ScreenContainerKind(rawValue: name) {
            case nil: throw LuaCallError.argument(index, "unknown container kind '\(name)' (\(kinds) expected)")
            case .container?: throw LuaCallError.argument(index, "'container' is no kind here: any view controller is 'modal', or nav.container (\(kinds) expected)")
            default: throw LuaCallError.argument(index, "a view controller's kind expected, got '\(name)' (\(kinds) expected)")
            }
        }
        return kind
    }

    /// The length of the list at argument `index`, which must have no other entries: keys
    /// past a gap, or named ones, would be dropped unseen.
    ///
    ///     stack:setChildren { A(), B() }; route:setStack { nav.push(A()), f }
    func list(_ index: Int32, of what: String) throws -> Int {
        let length = self.length(index), entries = entryCount(index)
        guard entries == length else {
            throw LuaCallError.argument(index, "a list of \(what) expected, got a table with \(entries) entr\(entries == 1 ? "y" : "ies") and length \(length)")
        }
        return length
    }
}

extension ScreenValue {
    /// Plain Lua data as a screen value; nil for nil and for what is not data. A float with
    /// a whole value is the integer (a trait `7.0` is `7`, so that keys compare), unless
    /// `keepingFloats`: a deeplink's `Double` field prints as `55.0`, as Swift prints it.
    init?(_ value: LuaValue, keepingFloats: Bool = false) {
        switch value {
        case .nil, .opaque: return nil
        case let .boolean(flag): self = .bool(flag)
        case let .integer(number): self = .int(Int(number))
        case let .number(number):
            if !keepingFloats, let integer = value.integer { self = .int(Int(integer)) } else { self = .double(number) }
        case let .string(text): self = .string(text)
        case let .table(array, fields):
            if fields.isEmpty && !array.isEmpty {
                self = .array(array.compactMap { ScreenValue($0, keepingFloats: keepingFloats) })
            } else {
                var object: [String: ScreenValue] = [:]
                for (name, field) in fields {
                    object[name] = ScreenValue(field, keepingFloats: keepingFloats)
                }
                for (position, element) in array.enumerated() {
                    object[String(position + 1)] = ScreenValue(element, keepingFloats: keepingFloats)
                }
                self = .object(object)
            }
        }
    }

    /// Whether it nests no deeper than `levels` arrays and objects, walked without recursion:
    /// a value a host built thousands of levels deep is refused, not copied until the
    /// stack runs out.
    func nests(within levels: Int) -> Bool {
        var pending: [(value: ScreenValue, depth: Int)] = [(self, 1)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case let .array(values):
                guard depth <= levels else { return false }
                pending += values.map { ($0, depth + 1) }
            case let .object(fields):
                guard depth <= levels else { return false }
                pending += fields.values.map { ($0, depth + 1) }
            default:
                continue
            }
        }
        return true
    }

    /// The value as Lua data.
    var luaValue: LuaValue {
        switch self {
        case let .bool(flag): return .boolean(flag)
        case let .int(number): return .integer(Int64(number))
        case let .double(number): return .number(number)
        case let .string(text): return .string(text)
        case let .array(values): return .table(array: values.map(\.luaValue), fields: [:])
        case let .object(fields): return .table(array: [], fields: fields.mapValues(\.luaValue))
        }
    }
}

/// Options read from a table, each one checked as it is read: a field is read from the
/// Lua table when asked for, so that a call copies none of the table it does not use.
/// Made and read within one call into the host.
struct NavOptions {
    /// What an options table may hold: a few named settings, text as UTF-8 (a title or a
    /// message with other bytes would be changed where it shows).
    static let limits = LuaCopyLimits(values: 1_000, bytes: 64 << 10, requiresText: true)
    /// What plain data handed on may hold (a deeplink's values, screens, user info): the same,
    /// each table a list or a table of names, so that no key is dropped or renamed.
    static let plainData = LuaCopyLimits(values: 1_000, bytes: 64 << 10, requiresText: true, requiresPlainKeys: true)

    /// The call whose argument `index` is the table; nil when none was given (the common
    /// case: no lookups).
    private let call: LuaCall?
    let index: Int32

    /// No options, as if argument `index` were left out.
    init(none index: Int32) {
        call = nil
        self.index = index
    }

    /// The table of options at `index`; none or nil: no options.
    init(_ call: LuaCall, _ index: Int32) throws {
        switch call.type(index) {
        case .none, .nil: self.call = nil
        case .table: self.call = call
        default: throw LuaCallError.type(index, expected: "table of options")
        }
        self.index = index
    }

    /// Whether a table was given.
    var isGiven: Bool { call != nil }

    /// Whether any of `names` is set.
    func setsAny(of names: Set<String>) -> Bool {
        guard let call else { return false }
        return names.contains { name in
            call.field(index, name)
            defer { call.pop() }
            return !call.isNoneOrNil(-1)
        }
    }

    /// The option `name` as plain data; nil when it is not set.
    func field(_ name: String) throws -> LuaValue? {
        guard let call else { return nil }
        call.field(index, name)
        defer { call.pop() }
        if call.isNoneOrNil(-1) { return nil }
        do {
            return try call.value(-1, depth: 7, limits: Self.limits)
        } catch .message(let reason) {
            throw LuaCallError.argument(index, "option '\(name)': \(reason)")
        }
    }

    func bool(_ name: String, default fallback: Bool) throws -> Bool {
        switch try field(name) {
        case nil, .nil?: return fallback
        case let .boolean(flag)?: return flag
        default: throw LuaCallError.argument(index, "option '\(name)' must be a boolean")
        }
    }

    func number(_ name: String) throws -> Double? {
        switch try field(name) {
        case nil, .nil?: return nil
        case let field?:
            guard let number = field.number else { throw LuaCallError.argument(index, "option '\(name)' must be a number") }
            return number
        }
    }

    func string(_ name: String) throws -> String? {
        switch try field(name) {
        case nil, .nil?: return nil
        case let .string(text)?: return text
        // A whole number where text goes (an id, a phone number), as Lua's string arguments take one.
        case let .integer(number)?: return String(number)
        default: throw LuaCallError.argument(index, "option '\(name)' must be a string")
        }
    }

    /// A custom animation: a name ("crossDissolve", "slide"), or {name =, duration =}.
    func customAnimation(_ name: String) throws -> ScreenCustomAnimation? {
        try customAnimation(name, try field(name))
    }

    /// The same, of the option's value read already. Tab and root animations have no
    /// `"default"` (Nivelir's `ScreenTabAnimation` and `ScreenRootAnimation` are custom only),
    /// no custom animation is named `"default"` (a stack's transitions would read as UIKit's
    /// own), and an animation needs a name.
    private func customAnimation(_ name: String, _ value: LuaValue?) throws -> ScreenCustomAnimation? {
        if value?.string == "default" {
            throw LuaCallError.argument(index, "option '\(name)' has no default animation (a custom one, by name or {name =, duration =}, or false)")
        }
        if value?["name"]?.string == "default" {
            throw LuaCallError.argument(index, "option '\(name)': a custom animation may not be named \"default\", UIKit's own")
        }
        if (value?.string ?? value?["name"]?.string)?.isEmpty == true {
            throw LuaCallError.argument(index, "option '\(name)' needs an animation name")
        }
        switch value {
        case nil, .nil?, .boolean(false)?: return nil
        case let .string(text)?: return text == "crossDissolve" ? .crossDissolve : ScreenCustomAnimation(name: text)
        case let .table(array, fields)? where fields["name"]?.string != nil:
            // Its fields are named, as an options table's are: a misspelt one is refused.
            if let unknown = fields.keys.sorted().first(where: { $0 != "name" && $0 != "duration" }) ?? (array.isEmpty ? nil : "[1]") {
                throw LuaCallError.argument(index, "option '\(name)' has an unknown field '\(unknown)' (duration, name expected)")
            }
            if let given = fields["duration"], given.number == nil {
                throw LuaCallError.argument(index, "option '\(name)': duration must be a number of seconds, got \(given.typeName)")
            }
            let duration = fields["duration"]?.number ?? 0.3
            guard duration.isFinite, duration >= 0 else {
                throw LuaCallError.argument(index, "option '\(name)': duration must be a finite number of seconds, 0 or more, got \(String(format: "%.14g", duration))")
            }
            return ScreenCustomAnimation(name: fields["name"]?.string ?? "", duration: duration)
        default:
            throw LuaCallError.argument(index, "option '\(name)' must be an animation name, a {name =, duration =} table or false")
        }
    }

    /// A stack animation: "default" (also when left out), a custom one, or false for none.
    func stackAnimation(_ name: String) throws -> ScreenStackAnimation? {
        let value = try field(name)
        switch value {
        case nil, .nil?, .string("default")?: return .default
        case .boolean(false)?: return nil
        default: return try customAnimation(name, value).map(ScreenStackAnimation.custom)
        }
    }

    /// Fails for options the verb does not know, so that a typo does not pass silently.
    /// The names are made only when there is a table to check (most calls have none).
    func only(_ allowed: @autoclosure () -> Set<String>, for verb: String) throws {
        guard let call else { return }
        let names = allowed()
        if call.length(index) > 0 {
            throw LuaCallError.argument(index, "options of '\(verb)' are named (\(names.sorted().joined(separator: ", ")))")
        }
        // The first unknown key in sorted order, so that the message is the same every run;
        // a table of more keys than an options table may hold is refused as a whole.
        var unknown: String?, count = 0
        call.pushNil()
        while call.next(index) {
            defer { call.pop() }
            count += 1
            guard count <= Self.limits.values else {
                call.pop()
                throw LuaCallError.argument(index, "value too large to copy (more than \(Self.limits.values) values)")
            }
            var key: String?
            switch call.type(-2) {
            case .string: key = call.optionalString(-2).flatMap { names.contains($0) ? nil : $0 }
            case .number: key = (try? call.integer(-2)).map(String.init)   // never tostring a key mid-traversal
            default: break
            }
            if let key, unknown.map({ key < $0 }) ?? true { unknown = key }
        }
        if let unknown {
            throw LuaCallError.argument(index, "unknown option '\(unknown)' (\(names.sorted().joined(separator: ", ")) expected)")
        }
    }
}

extension LuaValue {
    /// What, inside this value, is not plain data (a function, a userdata): its type as the
    /// copy names it, or nil when all of it is data. A conversion to `ScreenValue` would drop
    /// it unseen.
    var notPlain: String? {
        switch self {
        case let .opaque(type): return type
        case let .table(array, fields):
            return array.lazy.compactMap(\.notPlain).first ?? fields.keys.sorted().lazy.compactMap { fields[$0]?.notPlain }.first
        default: return nil
        }
    }

    /// This value as plain data, or the error of argument `index` naming what is not.
    func plainData(argument index: Int32) throws -> ScreenValue? {
        guard let type = notPlain else { return ScreenValue(self) }
        if case .table = self { throw LuaCallError.argument(index, "plain data expected, got a table with a \(type) in it") }
        throw LuaCallError.argument(index, "plain data expected, got \(type)")
    }
}
