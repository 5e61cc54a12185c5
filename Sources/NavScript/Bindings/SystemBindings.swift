import LuaKit
import ScreenKit

/// What the system answers an app and what the app asked of it: `nav.app { system = {...} }`,
/// `app:setSystem{...}`, `app:answer(...)`, and the records `app.opened`, `app.haptics`,
/// `app.hud`, `app.storeReviewRequests`, `app.authorizationRequests`.
///
///     local app = nav.app { root = Home(), system = { idiom = "pad", authorization = { camera = "denied" } } }
///     app:navigate(Routes.signOut())                 -- shows an alert
///     expect(app:answer("Sign Out")):toSucceed()     -- taps its action
extension NavRuntime {
    /// The fields of a `system` table.
    static let systemFields: Set<String> = ["idiom", "applicationState", "canOpenURL", "openSucceeds", "authorization",
                                            "authorizationAnswer", "mediaTypes"]

    /// Sets what the system answers from the table at `index`.
    func configure(_ system: ScreenSystem, _ call: LuaCall, _ index: Int32, argument: Int32? = nil) throws {
        let table = try NavTable(call, index, runtime: self, argument: argument, path: argument == nil ? "" : "system: ")
        try table.only(Self.systemFields)
        if let idiom = try table.string("idiom") {
            system.idiom = try named(idiom, ScreenSystem.Idiom.self, table)
        }
        if let state = try table.string("applicationState") {
            system.applicationState = try named(state, ScreenSystem.ApplicationState.self, table)
        }
        if let answer = try urlAnswer(table, "canOpenURL") {
            system.canOpenURL = answer
        }
        if let answer = try urlAnswer(table, "openSucceeds") {
            system.openSucceeds = answer
        }
        for (field, path) in [("authorization", \ScreenSystem.authorization), ("authorizationAnswer", \.authorizationAnswer)] {
            for (access, status) in try table.values(field) ?? [:] {
                guard case let .string(name) = status else { throw table.error("field '\(field)': statuses are names") }
                let media = try named(access, ScreenSystem.MediaAccess.self, table), given = try named(name, ScreenSystem.Authorization.self, table)
                // Only Photos has `limited`; AVFoundation's AVAuthorizationStatus has no such case.
                if media == .camera, given == .limited {
                    throw table.error("field '\(field)': the camera is never limited (notDetermined, restricted, denied or authorized expected)")
                }
                system[keyPath: path][media] = given
            }
        }
        for (source, types) in try table.values("mediaTypes") ?? [:] {
            let kind = try named(source, MediaPickerSource.Kind.self, table)
            switch types {
            case .bool(false):
                system.mediaTypes[kind] = nil
            case let .array(list):
                system.mediaTypes[kind] = try list.map { value in
                    guard case let .string(name) = value else { throw table.error("field 'mediaTypes': types are names") }
                    return try named(name, MediaPickerType.self, table)
                }
            default:
                throw table.error("field 'mediaTypes': each source is a list of types, or false when the device has none")
            }
        }
    }

    private func named<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type, _ table: NavTable) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: name) else {
            throw table.error("unknown value '\(name)' (\(T.allCases.map(\.rawValue).joined(separator: ", ")) expected)")
        }
        return value
    }

    /// `true`, `false`, or `function(url) return boolean end`. A function's error is
    /// raised when the app method that led to it returns, and counts as false.
    private func urlAnswer(_ table: NavTable, _ name: String) throws -> ((String) -> Bool)? {
        try table.field(name) { at in
            if table.call.type(at) == .boolean {
                let answer = table.call.boolean(at)
                return { _ in answer }
            }
            guard table.call.isFunction(at) else { throw table.error("field '\(name)' must be a boolean or a function(url)") }
            let callback = NavCallback.function(keepFunction(table.call, at)), directory = directory
            return { url in
                do {
                    return try directory.invoke(callback, { _ in [.string(url)] }, results: 1) { _, call in call.boolean(-1) }
                } catch {
                    directory.current?.noteCallbackError(error)
                    return false
                }
            }
        }
    }

    /// The choice at `index` for the system screen: an action's title, a share activity or
    /// nil, a media result or nil, or "done".
    private func answer(_ call: LuaCall, _ index: Int32, for screen: ScreenSystemScreen) throws -> ScreenSystemAnswer {
        let closes = call.isNoneOrNil(index) || (call.type(index) == .boolean && !call.boolean(index))
        switch screen {
        case .alert, .actionSheet:
            if closes {
                return .outside
            }
            let title = try call.string(index)
            let options = try NavOptions(call, index + 1)
            try options.only(["texts"], for: "answer")
            var texts: [String]?
            if let value = try options.field("texts") {
                guard case let .table(list, fields) = value, fields.isEmpty, list.allSatisfy({ $0.string != nil }) else {
                    throw LuaCallError.argument(index + 1, "option 'texts' must be a list of strings, one a text field")
                }
                texts = list.compactMap(\.string)
            }
            if texts != nil, case .actionSheet = screen {
                throw LuaCallError.argument(index + 1, "an action sheet has no text fields")
            }
            return .action(title, texts: texts)
        case .sharing:
            return .activity(closes ? nil : try call.string(index))
        case .mediaPicker:
            if closes { return .media(nil) }
            guard call.type(index) == .table, case let .object(fields)? = ScreenValue(try call.value(index, depth: 8, limits: NavOptions.limits)) else {
                throw LuaCallError.type(index, expected: "table of what was picked, or nil to cancel")
            }
            return .media(fields)
        case .safari, .documentPreview, .storeProduct:
            guard closes || call.optionalString(index) == "done" else {
                throw LuaCallError.argument(index, "\(screen.name) is answered with \"done\" (or nothing)")
            }
            return .done
        }
    }

    /// The topmost container of the window's modal chain, or the screen a stack on top of
    /// it shows when that is a system screen (a document preview UIKit pushed).
    private func topPresented(_ app: NavApp) -> ScreenContainer? {
        var top = app.application.window.children.first
        while let next = top?.presented {
            top = next
        }
        // Down the tabs and stacks on screen: a system screen there is the one to answer.
        var shown = top
        while let container = shown, container.kind == .tabs || container.kind == .stack {
            shown = container.kind == .tabs ? container.selectedChild : container.children.last
        }
        return shown?.systemScreen != nil ? shown : top
    }

    static let systemBindings: [NavBinding] = [
        appMethod("answer") { runtime, call, app in
            // app:answer(container, choice, options) or app:answer(choice, options) for the top one.
            let explicit = call.optionalObject(2, runtime.containers)
            // The screen of a visual share activity: whether it completed (UIActivity's activityDidFinish).
            if let container = explicit ?? runtime.topPresented(app), container.isSharingActivity {
                let index: Int32 = explicit == nil ? 2 : 3
                guard call.isNoneOrNil(index) || call.type(index) == .boolean else {
                    throw LuaCallError.argument(index, "a share activity's screen is answered with whether it completed (true, or false to cancel)")
                }
                return runtime.outcome(call, app.application.answer(container, .activityFinished(call.boolean(index))))
            }
            guard let container = explicit ?? runtime.topPresented(app), let screen = container.systemScreen else {
                // One restored from a snapshot is its container and picture, without what it shows.
                if let restored = explicit ?? runtime.topPresented(app), restored.isSystemScreen {
                    throw LuaCallError.argument(2, "\(restored) was restored from a snapshot, which keeps no system screen's choices: it cannot be answered")
                }
                throw LuaCallError.argument(2, explicit == nil
                    ? "no system screen is on top to answer (pass the Container of one)"
                    : "the Container is not a system screen")
            }
            let answer = try runtime.answer(call, explicit == nil ? 2 : 3, for: screen)
            return runtime.outcome(call, app.application.answer(container, answer))
        },
        appMethod("setSystem") { runtime, call, app in
            try runtime.configure(app.application.simulation.system, call, 2)
            return 0
        },
        appProperty("opened") { _, call, app in
            call.push(value: .table(array: app.application.simulation.system.openedURLs.map(LuaValue.string), fields: [:]))
        },
        appProperty("haptics") { _, call, app in
            call.push(value: .table(array: app.application.simulation.system.haptics.map(LuaValue.string), fields: [:]))
        },
        appProperty("hud") { _, call, app in
            guard let hud = app.application.simulation.system.hud else { return call.pushNil() }
            var fields: [String: LuaValue] = ["description": .string(hud.description)]
            switch hud.indicator {
            case .activity: fields["indicator"] = .string("activity")
            case .spinner: fields["indicator"] = .string("spinner")
            case .success: fields["indicator"] = .string("success")
            case .failure: fields["indicator"] = .string("failure")
            case let .image(name): fields["indicator"] = .table(array: [], fields: ["image": .string(name)])
            case let .percentage(ratio): fields["indicator"] = .table(array: [], fields: ["percentage": .number(ratio)])
            }
            fields["message"] = hud.message.map(LuaValue.string)
            call.push(value: .table(array: [], fields: fields))
        },
        appProperty("storeReviewRequests") { _, call, app in call.push(app.application.simulation.system.storeReviewRequests) },
        appProperty("authorizationRequests") { _, call, app in
            let requests = app.application.simulation.system.authorizationRequests
            call.push(value: .table(array: [], fields: Dictionary(uniqueKeysWithValues: requests.map { ($0.key.rawValue, LuaValue.integer(Int64($0.value))) })))
        },
        .property(.container, "system", ScreenContainer.self) { _, call, container in
            guard let screen = container.systemScreen else { return call.pushNil() }
            var fields = screen.fields
            fields["type"] = .string(screen.name)
            call.push(value: ScreenValue.object(fields).luaValue)
        },
    ]
}
