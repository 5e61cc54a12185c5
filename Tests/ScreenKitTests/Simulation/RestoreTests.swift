import Foundation
import ScreenKit
import Testing

/// Restoring a hierarchy from its snapshot, through JSON, as a Swift host would for iOS
/// state restoration.
@Suite struct RestoreTests {
    @Test func aSnapshotRestoresExactlyThroughJSON() throws {
        let app = try tabApp(selected: 1)
        app.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .stack))
            .present(try Screens.settings.decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .fullScreen, transition: nil)))))
        app.advance(by: 3)
        let data = try JSONEncoder().encode(app.snapshot())
        let copy = try ScreenApplication(restoring: JSONDecoder().decode(ScreenSnapshot.self, from: data), clock: app.clock.now)
        #expect(copy.snapshot() == app.snapshot())
        #expect(copy.tree() == app.tree())
        #expect(copy.clock.now == app.clock.now)
        #expect(copy.transitions.isEmpty && copy.log.isEmpty)
        // The copy navigates as the original does.
        let back = try AnyScreenRoute(root: .window).top(.container(of: .modal)).presenting().dismiss()
        #expect(app.navigate(to: back).isSuccess)
        #expect(copy.navigate(to: back).isSuccess)
        #expect(copy.snapshot() == app.snapshot())
    }

    /// JSON written by hand (or migrated) leaves out what a restore does not read or reads
    /// as nothing, as a Lua table may: it failed with `keyNotFound` for `isIterable`.
    @Test func aHandWrittenSnapshotLeavesOutWhatRestoreDoesNotNeed() throws {
        let json = #"{"kind": "window", "children": [{"kind": "tabs", "selectedIndex": 1, "children": ["#
            + #"{"kind": "stack", "children": [{"kind": "modal", "key": {"name": "Feed", "traits": {}}}]},"#
            + #"{"kind": "stack", "children": [{"kind": "modal", "key": {"name": "Chat", "traits": {"chatId": 7}}}]}]}]}"#
        let app = try ScreenApplication(restoring: JSONDecoder().decode(ScreenSnapshot.self, from: Data(json.utf8)))
        #expect(app.tree().contains("Chat(chatId=7)") && app.navigator.topContainer?.key?.name == "Chat", "\(app.tree())")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScreenSnapshot.self, from: Data(#"{"children": []}"#.utf8)) }
    }

    @Test func keysAndValuesReadAsPlainJSON() throws {
        let key = ScreenKey(name: "Chat", traits: ["chatId": .int(7), "room": .string("b"), "ratio": .double(0.5), "on": .bool(true)])
        let data = try JSONEncoder().encode(key)
        #expect(try JSONDecoder().decode(ScreenKey.self, from: data) == key)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""chatId":7"#) && json.contains(#""ratio":0.5"#) && json.contains(#""on":true"#))
    }

    /// Every value reads back from JSON as it was: one that looks like a tag too.
    @Test func aValueThatLooksLikeATagReadsBackAsItWas() throws {
        let values: [ScreenValue] = [.double(2), .double(.nan), .object(["$double": .string("5")]), .object(["$object": .object(["a": .int(1)])]),
                                     .object(["$x": .int(1), "y": .int(2)]), .object(["plain": .string("$double")])]
        for value in values {
            let read = try JSONDecoder().decode(ScreenValue.self, from: try JSONEncoder().encode(value))
            if case let .double(number) = value, number.isNaN {
                guard case let .double(back) = read else { Issue.record("\(read)"); continue }
                #expect(back.isNaN)
            } else {
                #expect(read == value)
            }
        }
        // Each nested value is decoded once: forms tried in full doubled the work a level.
        var nested = ScreenValue.int(1)
        for _ in 0..<60 { nested = .object(["a": nested]) }
        #expect(try JSONDecoder().decode(ScreenValue.self, from: try JSONEncoder().encode(nested)) == nested)
    }

    /// The whole state (hierarchy, clock, held deeplink) through JSON, numbers JSON cannot
    /// hold included.
    @Test func anApplicationsStateRestoresThroughJSON() throws {
        let app = try tabApp(selected: 1)
        let chart = ScreenKey(name: "Chart", traits: ["max": .double(.infinity), "min": .double(-.infinity)])
        app.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .stack))
            .push(AnyScreen(kind: .modal, key: chart) { _ in ScreenContainer(kind: .modal, key: chart) }))
        app.advance(by: 2)
        let state = app.state(pendingDeeplink: "app://chat/7")
        let data = try JSONEncoder().encode(state)
        #expect(String(decoding: data, as: UTF8.self).contains(#"{"$double":"inf"}"#))
        let read = try JSONDecoder().decode(ScreenApplicationState.self, from: data)
        #expect(read == state)
        #expect(read.pendingDeeplink == "app://chat/7")
        let copy = try ScreenApplication(restoring: read)
        #expect(copy.state(pendingDeeplink: read.pendingDeeplink) == state)
        #expect(copy.clock.now == app.clock.now)
        // A whole double is not read back as an integer.
        for value in [ScreenValue.double(2), .double(-0.0), .double(1e300), .int(2), .double(0.5)] {
            let read = try JSONDecoder().decode(ScreenValue.self, from: JSONEncoder().encode(value))
            #expect(read == value, "\(value) read back as \(read)")
        }
        let nan = try JSONDecoder().decode(ScreenValue.self, from: JSONEncoder().encode(ScreenValue.double(.nan)))
        if case let .double(number) = nan { #expect(number.isNaN) } else { Issue.record("NaN read back as \(nan)") }
    }

    /// A presentation caught mid-animation comes back under way, and ends when it would have.
    @Test func aPresentationUnderWayRestoresThroughJSON() throws {
        let app = try tabApp(selected: 1)
        app.navigator.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .stack)).present(Screens.settings)) { _ in }
        app.advance(by: 0.2)
        let state = app.state(pendingDeeplink: nil)
        let copy = try ScreenApplication(restoring: JSONDecoder().decode(ScreenApplicationState.self, from: JSONEncoder().encode(state)))
        #expect(copy.state(pendingDeeplink: nil) == state)
        #expect(copy.snapshot().children.first?.presented.first?.presentationPhase == .presenting)
        app.advance(by: 0.3)
        copy.advance(by: 0.3)
        #expect(copy.snapshot() == app.snapshot())
        #expect(copy.snapshot().children.first?.presented.first?.presentationPhase == .presented)
    }

    /// A push caught mid-animation comes back with the old top still in the window, taken
    /// out when the push would have ended.
    @Test func aPushUnderWayRestoresThroughJSON() throws {
        let app = try tabApp(selected: 0)
        app.navigator.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .stack)).push(Screens.settings)) { _ in }
        app.advance(by: 0.1)
        let state = app.state(pendingDeeplink: nil)
        #expect(state.hierarchy.children.first?.children.first?.outgoingIndex != nil)
        let copy = try ScreenApplication(restoring: JSONDecoder().decode(ScreenApplicationState.self, from: JSONEncoder().encode(state)))
        #expect(copy.state(pendingDeeplink: nil) == state)
        app.advance(by: 0.3)
        copy.advance(by: 0.3)
        #expect(copy.snapshot() == app.snapshot())
        #expect(copy.snapshot().children.first?.children.first?.outgoingIndex == nil)
    }

    /// A state is a value a host can decode off the main actor and hand back.
    @Test func aStateCrossesIsolation() async throws {
        let state = try tabApp(selected: 1).state(pendingDeeplink: "app://chat/1")
        let data = try JSONEncoder().encode(state)
        let read = try await Task.detached { try JSONDecoder().decode(ScreenApplicationState.self, from: data) }.value
        #expect(read == state)
    }

    /// Every stack and tab bar is searched into, as Nivelir's iterator walks into every
    /// UINavigationController and UITabBarController, whatever a hand-made snapshot says.
    @Test func stacksAndTabsAreSearchedIntoWhateverTheSnapshotSays() throws {
        let made = ScreenSnapshot(kind: .window, key: nil, isIterable: true, children: [
            ScreenSnapshot(kind: .tabs, key: nil, isIterable: false, selectedIndex: 0, children: [
                ScreenSnapshot(kind: .stack, key: nil, isIterable: false, children: [ScreenSnapshot(kind: .modal, key: ScreenKey(name: "Feed"))]),
            ]),
        ])
        let app = try ScreenApplication(restoring: made)
        #expect(app.navigator.topContainer?.key == ScreenKey(name: "Feed"))
        #expect(app.snapshot().children[0].isIterable && app.snapshot().children[0].children[0].isIterable)
        // The abstract kind makes a modal container, which the snapshot says of.
        let custom = ScreenSnapshot(kind: .window, key: nil, isIterable: true, children: [ScreenSnapshot(kind: .container, key: ScreenKey(name: "Split"), isIterable: false)])
        #expect(try ScreenApplication(restoring: custom).snapshot().children[0].isIterable == false)
    }

    @Test func aHierarchyNoDeviceCouldShowIsRefused() throws {
        let stackInStack = ScreenSnapshot(kind: .window, key: nil, children: [
            ScreenSnapshot(kind: .stack, key: nil, children: [ScreenSnapshot(kind: .stack, key: nil)]),
        ])
        #expect(throws: ScreenDSLError.self) { try ScreenApplication(restoring: stackInStack) }
        #expect(throws: ScreenDSLError.self) { try ScreenApplication(restoring: ScreenSnapshot(kind: .stack, key: nil)) }
        // A host that shows `localizedDescription` reads what Lua reads, not "The operation could not be completed".
        do {
            _ = try ScreenApplication(restoring: stackInStack)
        } catch {
            #expect(error.localizedDescription == "\(error)" && !error.localizedDescription.contains("could not be completed"), "\(error.localizedDescription)")
        }
        for selected in [Int.max, Int.min, -1] {
            let tabs = ScreenSnapshot(kind: .window, key: nil, children: [ScreenSnapshot(kind: .tabs, key: nil, selectedIndex: selected)])
            #expect(throws: ScreenDSLError.self) { try ScreenApplication(restoring: tabs) }
        }
    }

    /// What a restored container would drop is refused, named as Lua's table names it: a
    /// host's JSON is held to what `restore` holds a script's table to.
    @Test func aFieldThatWouldBeDroppedIsRefused() throws {
        func refusal(_ snapshot: ScreenSnapshot, clock: Double = 0) -> String? {
            do {
                _ = try ScreenApplication(restoring: snapshot, clock: clock)
                return nil
            } catch {
                return (error as? ScreenDSLError)?.reason
            }
        }
        let modal = ScreenSnapshot(kind: .modal, key: ScreenKey(name: "Chat"))
        let presenting = ScreenSnapshot(kind: .window, key: nil, children: [ScreenSnapshot(kind: .stack, key: nil, children: [modal])], presented: [modal])
        #expect(refusal(presenting)?.hasPrefix("restore: presented must be left out: a window presents nothing") == true)
        let selecting = ScreenSnapshot(kind: .window, key: nil, children: [ScreenSnapshot(kind: .stack, key: nil, selectedIndex: 0)])
        #expect(refusal(selecting)?.hasPrefix("restore.children[1]: selectedIndex must be left out") == true)
        let phased = ScreenSnapshot(kind: .window, key: nil, children: [ScreenSnapshot(kind: .stack, key: nil, presentationPhase: .presenting)])
        #expect(refusal(phased)?.hasPrefix("restore.children[1]: presentationPhase must be left out") == true)
        let button = ScreenSnapshot(kind: .modal, key: nil, attributes: [ScreenAttribute.leftBarButton: 5])
        #expect(refusal(ScreenSnapshot(kind: .window, key: nil, children: [button]))?.hasPrefix("restore.children[1]: attribute 'leftBarButton' must be a table") == true)
        for clock in [1e300, -1, .nan, .infinity] {
            #expect(refusal(ScreenSnapshot(kind: .window, key: nil), clock: clock) == "restore.clock must be a number of seconds from 0 to 9.2e12 (the clock's end)")
        }
    }

    /// A host's JSON is held to what Lua's table is: a field it does not know is refused (a
    /// typo restored something else), a container presents one at a time, the ends are on
    /// the clock.
    @Test func whatJSONCannotMeanIsRefused() throws {
        let stack = #"{"kind":"stack","isIterable":false,"attributes":{},"isVisible":true,"isTop":false,"children":[],"presented":[]"#
        func decode(_ root: String) throws -> ScreenSnapshot {
            let json = #"{"kind":"window","isIterable":false,"attributes":{},"isVisible":true,"isTop":false,"presented":[],"children":["# + root + "]}"
            return try JSONDecoder().decode(ScreenSnapshot.self, from: Data(json.utf8))
        }
        #expect(throws: DecodingError.self) { try decode(stack + #","selectedIndx":1}"#) }
        var said: String?
        do {
            _ = try decode(stack + #","colour":"red"}"#)
        } catch let DecodingError.dataCorrupted(context) {
            said = context.debugDescription
        }
        #expect(said == "unknown field 'colour' in a hierarchy's snapshot")
        func refusal(_ snapshot: ScreenSnapshot) -> String? {
            do { _ = try ScreenApplication(restoring: snapshot); return nil } catch { return (error as? ScreenDSLError)?.reason }
        }
        let chat = ScreenSnapshot(kind: .modal, key: ScreenKey(name: "Chat"))
        let two = ScreenSnapshot(kind: .window, key: nil, children: [ScreenSnapshot(kind: .stack, key: nil, presented: [chat, chat])])
        #expect(refusal(two) == "restore.children[1]: presented holds one container (a container presents one at a time), the snapshot has 2")
        let late = ScreenSnapshot(kind: .modal, key: ScreenKey(name: "Chat"), presentationPhase: .presenting, presentationEnds: 1e300)
        #expect(refusal(ScreenSnapshot(kind: .window, key: nil, children: [ScreenSnapshot(kind: .stack, key: nil, presented: [late])]))
                == "restore.children[1].presented: presentationEnds must be a number of seconds from 0 to 9.2e12 (the clock's end)")
        // A NaN trait a Swift screen may have restores: a host's state round-trips whole.
        let nan = ScreenSnapshot(kind: .modal, key: ScreenKey(name: "Chat", traits: ["x": .double(.nan)]))
        #expect(refusal(ScreenSnapshot(kind: .window, key: nil, children: [nan])) == nil)
        let tabs = ScreenSnapshot(kind: .tabs, key: nil, selectedIndex: 5, children: [chat])
        #expect(refusal(ScreenSnapshot(kind: .window, key: nil, children: [tabs])) == "restore.children[1]: selected tab 6 out of range 1...1")
    }
}
