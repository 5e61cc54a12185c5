/// The name a script may have meant, for Lua's error when it calls a name that is not
/// there: `app:naviagte(route)` fails with "attempt to call a nil value (method
/// 'naviagte')", and a scenario's failure adds "(if it is a nav object: did you mean
/// 'navigate' (App, Navigator)?)". Lua's message does not say what was
/// called, so the hint says what it assumes.
///
///     NavNameSuggestion.hint(for: "x.lua:3: attempt to call a nil value (method 'naviagte')")
///     // "if it is a nav object: did you mean 'navigate' (App, Navigator)?"
enum NavNameSuggestion {
    /// A hint for `message`, or nil when it is not such an error or no nav name is close:
    /// a method is looked for among every class's methods, a field among the module's
    /// functions (`nav.rout()`). Close means one edit for names up to four letters, two for
    /// longer ones (a swap of two neighbours is one); names as close as each other are all
    /// named.
    static func hint(for whole: String) -> String? {
        // Lua's message is its first line: a script's error of 20 MB is not searched whole.
        let message = String(whole.prefix(4_096).prefix { $0 != "\n" })
        if let (_, hint) = otherFrameworks.first(where: { message.contains($0.0) }) { return hint }
        for (kind, names) in [("method", methods), ("field", moduleFunctions)] {
            let marker = "attempt to call a nil value (\(kind) '"
            guard let start = message.range(of: marker)?.upperBound,
                  let end = message[start...].firstIndex(of: "'") else { continue }
            let typed = String(message[start..<end])
            if let owners = names[typed] {
                // A method called on a value of another class: a Screen's decorator on a
                // hierarchy node (`nav.stack { ... }:withTabBarItem { ... }`), a route's on an app.
                guard kind == "method" else { return nil }
                let node = owners == "Screen" && (typed.hasPrefix("with") || typed == "decorated")
                    ? "; a hierarchy node (nav.stack { ... }) takes none: put a decorated screen in its place, Feed():withStackContainer():\(typed) { ... }" : ""
                return "if it is a nav object: '\(typed)' is a method of \(owners) only\(node)"
            }
            let limit = typed.count <= 4 ? 1 : 2
            let close = names.keys.filter { abs($0.count - typed.count) <= limit }.map { ($0, distance(typed, $0)) }.filter { $0.1 <= limit }
            guard let best = close.map(\.1).min() else { return nil }
            let meant = close.filter { $0.1 == best }.map(\.0).sorted()
            if kind == "field" {
                return "if it is nav: did you mean " + list(meant.map { "nav.\($0)" }) + "?"
            }
            return "if it is a nav object: did you mean " + list(meant.map { "'\($0)' (\(names[$0]!))" }) + "?"
        }
        return nil
    }

    private static let doneHint = "if it is Jest's done callback: there is none, a scenario ends when its function returns"
        + " (run what it waits for with app:advance(seconds) or app:settle())"

    /// Jest's and busted's spellings that Lua's error leaves unexplained.
    private static let otherFrameworks = [
        ("attempt to call a nil value (field 'each')",
         "if it is Jest's it.each or describe.each: there is none, write a loop, for _, case in ipairs(cases) do it(...) end"),
        ("attempt to index a nil value (field 'not')", "expect(value).never negates, as Jest's .not does (not is a Lua keyword)"),
        ("<name> expected near 'not'", "expect(value).never negates, as Jest's .not does (not is a Lua keyword)"),
        ("<name> expected near 'then'",
         "if it is Nivelir's route.then(_:): write route:andThen(other), then being a Lua keyword (route[\"then\"](route, other) works too)"),
        ("attempt to call a nil value (global 'beforeEach')", "if it is Jest's beforeEach: it is before_each here"),
        ("attempt to call a nil value (global 'afterEach')", "if it is Jest's afterEach: it is after_each here"),
        ("attempt to call a nil value (global 'beforeAll')", "if it is Jest's beforeAll: it is before_all here"),
        ("attempt to call a nil value (global 'afterAll')", "if it is Jest's afterAll: it is after_all here"),
        ("attempt to call a nil value (field 'failing')", "if it is Jest's it.failing: there is none, expect the failure itself (expect(fn):toFail(pattern))"),
        ("attempt to call a nil value (field 'concurrent')", "if it is Jest's test.concurrent: there is none, scenarios run in parallel with --jobs N"),
        ("attempt to call a nil value (field 'todo')", "if it is Jest's describe.todo: there is none, it.todo(name) marks one scenario to write"),
        ("attempt to index a function value (global 'assert')",
         "if it is busted's luassert (assert.are.same): there is none, assert is Lua's own; write expect(value):toEqual(expected)"),
        // Called (`stub(obj, "m")`) or indexed (`spy.new(f)`) alike.
        ("a nil value (global 'spy')", "if it is busted's spy: there are no spies, a function that records its calls does the job"),
        ("a nil value (global 'stub')", "if it is busted's stub: there are no stubs, a function that records its calls does the job"),
        ("a nil value (global 'mock')", "if it is busted's mock: there are no mocks, a function that records its calls does the job"),
        ("attempt to index a nil value (global 'jest')",
         "if it is Jest's jest object: there is none; a function that records its calls does jest.fn's job, and the app's virtual clock fake timers' (app:advance(seconds), app:settle())"),
        // A scenario's function given Jest's done callback, or calling one it was not given.
        ("attempt to call a nil value (local 'done')", doneHint),
        ("attempt to call a nil value (global 'done')", doneHint),
        ("attempt to call a nil value (field 'any')", "if it is Jest's expect.any: there are no asymmetric matchers, check the field itself (expect(type(value.id)):toBe(\"number\"))"),
        ("attempt to call a nil value (field 'anything')", "if it is Jest's expect.anything: there are no asymmetric matchers, check the field itself (expect(value.id).never:toBeNil())"),
    ]

    /// The error with the hint for its message after it, if there is one.
    static func hinted(_ error: LuaError) -> LuaError {
        guard let hint = hint(for: error.message) else { return error }
        return LuaError(kind: error.kind, message: error.message + "\n  (\(hint))", traceback: error.traceback)
    }

    /// Every class's methods a script can call as `object:name()`, each with the classes
    /// that have it ("App, Navigator"): `then`, a Lua keyword, is `andThen` there.
    private static let methods: [String: String] = {
        var owners: [String: [String]] = [:]
        for binding in NavRuntime.bindings where binding.kind == .method && binding.name != "then" {
            owners[binding.name, default: []].append(binding.target.rawValue)
        }
        return owners.mapValues { $0.sorted().joined(separator: ", ") }
    }()

    private static let moduleFunctions: [String: String] = Dictionary(
        NavRuntime.moduleBindings.map { ($0.name, "nav") }, uniquingKeysWith: { first, _ in first })

    /// "a", "a or b", "a, b or c".
    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    /// The edits from `a` to `b`: inserting, deleting or changing a character, or swapping
    /// two neighbours (optimal string alignment).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
