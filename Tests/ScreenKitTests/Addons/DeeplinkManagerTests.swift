import ScreenKit
import Testing

/// Nivelir's deeplink manager and its URL query decoding.
@Suite struct DeeplinkManagerTests {
    private static func chatType(navigated: @escaping (Int) -> Void = { _ in }) -> AnyDeeplinkType {
        AnyDeeplinkType(name: "ChatDeeplink", url: { url in
            guard url.host == "chat" else { return nil }
            let query = try URLQueryDecoder.typed(try URLQueryDecoder.decode(url.rawQuery ?? ""), as: .object(["chat_id": .integer]))
            guard case let .object(fields)? = query, case let .int(id)? = fields["chat_id"] else { return nil }
            return Deeplink(typeName: "ChatDeeplink", values: ["chatID": .int(id)]) { _, _, _ in navigated(id) }
        })
    }

    @Test func aDeeplinkWaitsForItsScopeAndTheAppToBeActive() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        var navigated: [Int] = []
        let manager = DeeplinkManager(deeplinkTypes: [(.default, [Self.chatType { navigated.append($0) }])],
                                      navigator: app.navigator, system: app.simulation.system)
        #expect(try manager.handleURL("app://chat?chat_id=1"))
        #expect(try manager.handleURL("app://chat?chat_id=2"))
        #expect(navigated.isEmpty)
        #expect(manager.pendingDeeplinks[.default]?.description == "ChatDeeplink(chatID: 2)")
        app.simulation.system.applicationState = .background
        manager.activate(screens: nil)
        #expect(navigated.isEmpty)
        app.simulation.system.applicationState = .active
        app.settle()
        #expect(navigated == [2])
        #expect(app.log == ["Info: Handling navigation for URL: app://chat?chat_id=1", "Info: Handling navigation for URL: app://chat?chat_id=2",
                            "Info: Performing navigation for deeplink: ChatDeeplink(chatID: 2)"])
    }

    @Test func warningsAloneAreThrownTogether() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        let failing = AnyDeeplinkType(name: "Broken", url: { _ in throw DeeplinkDecodingError(typeName: "Broken", underlyingError: "bad id") })
        let manager = DeeplinkManager(deeplinkTypes: [(.default, [failing])], navigator: app.navigator, system: app.simulation.system)
        #expect(throws: DeeplinkWarningsError.self) { try manager.handleURL("app://x") }
        #expect(!manager.handleURLIfPossible("app://x"))
        #expect(app.log.last == "Error: Failed to handle deeplink of AnyURLDeeplink type with warnings:\n  Failed to decode data for Broken with error:\n    bad id")
    }

    @Test func theQueryDecodesWithNivelirsBracketRules() throws {
        #expect(try URLQueryDecoder.decode("a=1&b[]=x&b[]=y&c[d]=z&e+f=g%20h").plain == .object([
            "a": .string("1"), "b": .array([.string("x"), .string("y")]), "c": .object(["d": .string("z")]), "e f": .string("g h"),
        ]))
        #expect(throws: URLQueryDecoder.Failure.self) { try URLQueryDecoder.decode("a=1&a=2") }
        let typed = try URLQueryDecoder.typed(try URLQueryDecoder.decode("n=3&f=true"), as: .object(["n": .integer, "f": .boolean, "o": .optional(.string)]))
        #expect(typed == .object(["n": .int(3), "f": .bool(true)]))
        #expect(throws: (any Error).self) { try URLQueryDecoder.typed(try URLQueryDecoder.decode("n=x"), as: .object(["n": .integer])) }
        // A key without a value adds nothing at its end, but the tables on its way are made.
        #expect(try URLQueryDecoder.decode("a[b]&c").plain == .object(["a": .object([:])]))
        #expect(throws: URLQueryDecoder.Failure.self) { try URLQueryDecoder.decode("a[b]&a=1") }
        #expect(try URLQueryDecoder.decode("l[]=x&l[5]=y&l[]=z").plain == .object(["l": .array([.string("x"), .string("z"), .string("y")])]))
    }

    /// Of several fields that fail, the error names the first by name in every run (a
    /// dictionary's order changes from process to process).
    @Test func theFieldAQueryErrorNamesIsTheSameInEveryRun() throws {
        let schema = URLQuerySchema.object(Dictionary(uniqueKeysWithValues: ["delta", "alpha", "gamma", "beta", "epsilon"].map { ($0, URLQuerySchema.integer) }))
        for _ in 0..<20 {
            #expect(throws: (any Error).self) { try URLQueryDecoder.typed(try URLQueryDecoder.decode("j=1"), as: schema) }
            do {
                _ = try URLQueryDecoder.typed(try URLQueryDecoder.decode("alpha=1&beta=x&gamma=y"), as: schema)
            } catch {
                #expect("\(error)".contains("Path: beta."), "\(error)")
            }
        }
    }

    /// A link is input from outside: a key nests at most 32 deep (as Rack's parser bounds it;
    /// the decoder walks it level by level), and a query of many keys is read in one pass.
    @Test func theQueryDecoderBoundsNestingAndReadsManyKeys() throws {
        let deepest = "a" + String(repeating: "[b]", count: URLQueryDecoder.depthLimit - 1) + "=1"
        #expect(throws: Never.self) { try URLQueryDecoder.decode(deepest) }
        #expect { try URLQueryDecoder.decode("a" + String(repeating: "[b]", count: 100_000) + "=1") } throws: { error in
            "\(error)".hasSuffix("nests deeper than 32 levels.")
        }
        let many = (1...50_000).map { "k\($0)[x]=\($0)" }.joined(separator: "&")
        guard case let .dictionary(fields) = try URLQueryDecoder.decode(many) else { Issue.record("not a table"); return }
        #expect(fields.count == 50_000)
        #expect(fields["k777"] == .dictionary(["x": .string("777")]))
    }
}
