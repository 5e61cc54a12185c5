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
    }
}
