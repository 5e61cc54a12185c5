import LuaKit
import ScreenKit

/// A table argument read field by field, functions, Routes and Screens included (NavOptions
/// reads plain data only, as the verbs' options). Errors name the argument and the field's path:
/// `bad argument #2 to 'showAlert' (actions[2]: field 'title' must be a string)`.
///
///     let alert = try NavTable(call, 2, runtime: self)
///     let title = try alert.string("title")
struct NavTable {
    let call: LuaCall
    let runtime: NavRuntime
    /// The table's absolute stack index.
    let index: Int32
    /// The argument the table is, or is inside of, for messages.
    let argument: Int32
    /// Where the table is inside the argument: "" or "actions[2]: ".
    let path: String

    init(_ call: LuaCall, _ index: Int32, runtime: NavRuntime, argument: Int32? = nil, path: String = "") throws {
        guard call.type(index) == .table else {
            throw path.isEmpty
                ? LuaCallError.type(index, expected: "table")
                : LuaCallError.argument(argument ?? index, "\(path)a table expected, got \(call.typeName(index))")
        }
        self.call = call
        self.runtime = runtime
        self.index = call.absolute(index)
        self.argument = argument ?? index
        self.path = path
    }

    func error(_ message: String) -> LuaCallError {
        .argument(argument, path + message)
    }

    /// Runs `read` with field `name` on top of the stack; nil when the field is nil.
    func field<R>(_ name: String, _ read: (Int32) throws -> R?) throws -> R? {
        // Each level of a nested table read holds a few stack slots: make room first.
        guard call.reserve(8) else { throw error("tables nested too deeply to be read") }
        guard call.field(index, name) != .nil else {
            call.pop()
            return nil
        }
        defer { call.pop() }
        return try read(call.top)
    }

    /// Whether field `name` is there (not nil).
    func has(_ name: String) -> Bool {
        guard call.reserve(2) else { return false }
        defer { call.pop() }
        return call.field(index, name) != .nil
    }

    func string(_ name: String) throws -> String? {
        try field(name) { at in
            // A whole number where text goes, as Lua's string arguments take one.
            if call.type(at) == .number, let number = try? call.integer(at) { return String(number) }
            guard call.type(at) == .string else { throw error("field '\(name)' must be a string") }
            // Text is UTF-8: two titles that differ in other bytes would become one.
            guard let text = call.validString(at) else { throw error("field '\(name)' must be UTF-8 text") }
            return text
        }
    }

    func requiredString(_ name: String) throws -> String {
        guard let text = try string(name) else { throw error("field '\(name)' is missing") }
        return text
    }

    func bool(_ name: String, default fallback: Bool) throws -> Bool {
        try field(name) { at in
            guard call.type(at) == .boolean else { throw error("field '\(name)' must be a boolean") }
            return call.boolean(at)
        } ?? fallback
    }

    func number(_ name: String) throws -> Double? {
        try field(name) { at in
            guard call.type(at) == .number, let number = try? call.number(at), number.isFinite else {
                throw error("field '\(name)' must be a finite number")
            }
            return number
        }
    }

    func strings(_ name: String) throws -> [String]? {
        try field(name) { at in
            guard call.type(at) == .table else { throw error("field '\(name)' must be a list of strings") }
            try checkLength(at, name)
            return try (0..<call.length(at)).map { position in
                call.element(at, position + 1)
                defer { call.pop() }
                guard call.type(-1) == .string else {
                    throw error("field '\(name)' must be a list of strings")
                }
                guard let text = call.validString(-1) else { throw error("field '\(name)' must be a list of UTF-8 texts") }
                return text
            }
        }
    }

    /// A script function, kept as a reference until the state closes.
    func function(_ name: String) throws -> NavCallback? {
        try field(name) { at in
            guard call.isFunction(at) else { throw error("field '\(name)' must be a function") }
            return .function(runtime.keepFunction(call, at))
        }
    }

    func route(_ name: String) throws -> AnyScreenRoute? {
        try field(name) { at in
            guard let route = call.optionalObject(at, runtime.routes) else { throw error("field '\(name)' must be a Route") }
            return route
        }
    }

    func screen(_ name: String) throws -> AnyScreen? {
        try field(name) { at in
            guard let screen = call.optionalObject(at, runtime.screens)?.screen else { throw error("field '\(name)' must be a Screen") }
            return screen
        }
    }

    /// Plain data (strings, numbers, booleans, tables of them).
    func values(_ name: String) throws -> [String: ScreenValue]? {
        try field(name) { at in
            let value: LuaValue
            do {
                value = call.type(at) == .table ? try call.value(at, depth: 8, limits: NavOptions.plainData) : .nil
            } catch let LuaCallError.message(text) {
                throw error("field '\(name)' must be a table of plain values: \(text)")
            }
            let notPlain = value.notPlain
            guard notPlain == nil, case let .object(fields)? = ScreenValue(value) else {
                throw error("field '\(name)' must be a table of plain values\(notPlain.map { ", got a \($0) in it" } ?? "")")
            }
            return fields
        }
    }

    /// Field `name`, a list of tables, each read by `read`.
    func list<R>(_ name: String, _ read: (NavTable) throws -> R) throws -> [R] {
        try field(name) { at in
            guard call.type(at) == .table, call.length(at) > 0 || !hasKeys(at) else { throw error("field '\(name)' must be a list of tables") }
            try checkLength(at, name)
            return try (0..<call.length(at)).map { position in
                call.element(at, position + 1)
                defer { call.pop() }
                return try read(NavTable(call, -1, runtime: runtime, argument: argument, path: "\(path)\(name)[\(position + 1)]: "))
            }
        } ?? []
    }

    /// Whether the table at `at` has any key: a table of names where a list goes is no list.
    private func hasKeys(_ at: Int32) -> Bool {
        guard call.reserve(2) else { return false }
        call.pushNil()
        guard call.next(at) else { return false }
        call.pop(2)
        return true
    }

    /// Fails for a list longer than the runtime takes.
    func checkLength(_ at: Int32, _ name: String) throws {
        if call.length(at) > runtime.listLimit {
            throw error("field '\(name)' has more than \(runtime.listLimit) items")
        }
    }

    /// How deep a table argument may nest tables the host reads one by one (predicates,
    /// schemas): deeper is refused, before the host's own stack could run out.
    static let maximumDepth = 32

    /// Which of two names a field is given by: Nivelir's, or the short one it may also be
    /// written with (`excludedActivityTypes` or `excluded`); both at once is refused.
    func name(_ nivelir: String, or short: String) throws -> String {
        guard has(short) else { return nivelir }
        guard !has(nivelir) else { throw error("fields '\(nivelir)' and '\(short)' are the same; give one") }
        return short
    }

    /// Fails for fields the table should not have, so that a typo does not pass silently.
    func only(_ names: Set<String>) throws {
        guard call.reserve(4) else { throw error("tables nested too deeply to be read") }
        call.pushNil()
        while call.next(index) {
            let key = call.type(-2) == .string ? call.optionalString(-2) : nil
            call.pop()
            guard let key, names.contains(key) else {
                call.pop()
                throw error("unknown field \(key.map { "'\($0)'" } ?? "in the list part") (\(names.sorted().joined(separator: ", ")) expected)")
            }
        }
    }
}

extension NavRuntime {
    /// The most items a list in a table argument may have.
    var listLimit: Int { 10_000 }
}
