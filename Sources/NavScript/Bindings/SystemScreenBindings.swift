import LuaKit
import ScreenKit

/// The route methods that show system screens (Nivelir's addons): alerts, action sheets,
/// Safari, share sheets, media pickers, document previews and product pages. Each is
/// presented as a container a scenario inspects (`container.system`) and answers
/// (`app:answer(container, choice)`); the functions it holds run when it is answered.
///
///     route:showAlert { title = "Sign out?", actions = {
///         { title = "Cancel", style = "cancel" },
///         { title = "Sign Out", style = "destructive", route = Routes.signOut() },
///     } }
extension NavRuntime {
    /// Refuses a nested route (a third argument) for a method Nivelir gives none: it would
    /// never run.
    static func noNestedRoute(_ call: LuaCall, for name: String) throws {
        guard call.isNoneOrNil(4) else {
            throw LuaCallError.argument(4, "\(name) takes no nested route (Nivelir's has none), got \(call.typeName(4))")
        }
    }

    static let systemScreenBindings: [NavBinding] = [
        routeMethod("showAlert", needs: .modal) { runtime, call, route in
            try noNestedRoute(call, for: "showAlert")
            let alert = try runtime.alert(NavTable(call, 2, runtime: runtime))
            return try route.showAlert(alert, animated: try runtime.animated(call, 3, for: "showAlert"))
        },
        routeMethod("showActionSheet", needs: .modal) { runtime, call, route in
            try noNestedRoute(call, for: "showActionSheet")
            let table = try NavTable(call, 2, runtime: runtime)
            try table.only(["title", "message", "anchor", "tintColor", "accessibilityIdentifier", "actions"])
            let sheet = ActionSheet(title: try table.string("title"), message: try table.string("message"),
                                    anchor: try table.string("anchor") ?? "center", tintColor: try table.string("tintColor"),
                                    accessibilityIdentifier: try table.string("accessibilityIdentifier"),
                                    actions: try table.list("actions") { try runtime.alertAction($0, inActionSheet: true) })
            return try route.showActionSheet(sheet, animated: try runtime.animated(call, 3, for: "showActionSheet"))
        },
        presenting("showSafari") { runtime, call, animated, nested, route in
            let safari: Safari
            if call.type(2) == .string {
                safari = Safari(url: try call.string(2))
            } else {
                guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "URL or table") }
                let table = try NavTable(call, 2, runtime: runtime)
                try table.only(["url", "dismissButtonStyle", "didFinish"])
                // SFSafariViewController.DismissButtonStyle's cases.
                let style = try table.string("dismissButtonStyle") ?? "done"
                guard ["done", "close", "cancel"].contains(style) else {
                    throw table.error("field 'dismissButtonStyle' must be done, close or cancel, got '\(style)'")
                }
                safari = Safari(url: try table.requiredString("url"), dismissButtonStyle: style, didFinish: runtime.report(try table.function("didFinish")))
            }
            return try route.showSafari(safari, animated: animated, nested: nested)
        },
        presenting("share") { runtime, call, animated, nested, route in
            try route.share(try runtime.sharing(NavTable(call, 2, runtime: runtime)), animated: animated, nested: nested)
        },
        presenting("showMediaPicker") { runtime, call, animated, nested, route in
            try route.showMediaPicker(try runtime.mediaPicker(call), animated: animated, nested: nested)
        },
        presenting("showDocumentPreview") { runtime, call, animated, nested, route in
            // Nivelir's nested route runs on the UIDocumentInteractionController, an object
            // that is no view controller, so no container stands for it here.
            guard nested == nil else {
                let at: Int32 = call.isFunction(3) || call.optionalObject(3, runtime.routes) != nil ? 3 : 4
                throw LuaCallError.argument(at, "showDocumentPreview takes no nested route (Nivelir's runs on the UIDocumentInteractionController, "
                    + "which no container stands for), got \(call.typeName(at))")
            }
            let preview: DocumentPreview
            if call.type(2) == .string {
                preview = DocumentPreview(url: try call.string(2))
            } else {
                guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "URL or table") }
                let table = try NavTable(call, 2, runtime: runtime)
                try table.only(["url", "uti", "name", "willBeginPreview", "didEndPreview"])
                preview = DocumentPreview(url: try table.requiredString("url"), uti: try table.string("uti"), name: try table.string("name"),
                                          willBeginPreview: runtime.report(try table.function("willBeginPreview")),
                                          didEndPreview: runtime.report(try table.function("didEndPreview")))
            }
            return try route.showDocumentPreview(preview, animated: animated)
        },
        presenting("showStoreProduct") { runtime, call, animated, nested, route in
            let product: StoreProduct
            if call.type(2) == .string || call.type(2) == .number {
                // Nivelir's item ID is text; a whole number is written as one.
                product = StoreProduct(itemID: try call.type(2) == .number ? String(call.integer(2)) : call.string(2))
            } else {
                guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "item ID or table") }
                let table = try NavTable(call, 2, runtime: runtime)
                try table.only(["itemID", "parameters", "didFinish"])
                let itemID = try table.field("itemID") { at in try table.call.type(at) == .number ? String(table.call.integer(at)) : nil }
                product = StoreProduct(itemID: try itemID ?? table.requiredString("itemID"), parameters: try table.values("parameters") ?? [:],
                                       didFinish: runtime.report(try table.function("didFinish")))
            }
            return try route.showStoreProduct(product, animated: animated, nested: nested)
        },
    ]

    /// A presenting method: `(screen, {animated =}?, nested?)`, the nested route rooted at
    /// the system screen's container.
    private static func presenting(_ name: String,
                                   _ body: @escaping (NavRuntime, LuaCall, Bool, AnyScreenRoute?, AnyScreenRoute) throws -> AnyScreenRoute) -> NavBinding {
        routeMethod(name, needs: .modal) { runtime, call, route in
            let (options, nested, at) = try runtime.optionsAndNested(call, 3, kind: .modal, allowed: ["animated"], verb: name)
            let animated = try options.bool("animated", default: true)
            return try runtime.nesting(at: at) { try body(runtime, call, animated, nested, route) }
        }
    }

    /// `{animated = false}` at `index`.
    func animated(_ call: LuaCall, _ index: Int32, for verb: String) throws -> Bool {
        let options = try NavOptions(call, index)
        try options.only(["animated"], for: verb)
        return try options.bool("animated", default: true)
    }

    /// A script function called with no arguments when a system screen reports.
    func report(_ callback: NavCallback?) -> (() throws -> Void)? {
        guard let callback else { return nil }
        let directory = directory
        return { try directory.invoke(callback) }
    }

    private func alert(_ table: NavTable) throws -> Alert {
        try table.only(["title", "message", "tintColor", "accessibilityIdentifier", "textFields", "actions"])
        let textFields = try table.list("textFields") { field in
            try field.only(["text", "placeholder"])
            return AlertTextField(text: try field.string("text") ?? "", placeholder: try field.string("placeholder"))
        }
        return Alert(title: try table.string("title"), message: try table.string("message"), tintColor: try table.string("tintColor"),
                     accessibilityIdentifier: try table.string("accessibilityIdentifier"), textFields: textFields,
                     actions: try table.list("actions") { try alertAction($0) })
    }

    /// `{ title =, style = "default" | "cancel" | "destructive", handler = function(texts),
    /// enabler = function(texts) return boolean end, route = Route }`. An action sheet's has no
    /// `enabler`, as Nivelir's `ActionSheetAction` has none (nor a sheet, text fields).
    private func alertAction(_ table: NavTable, inActionSheet: Bool = false) throws -> AlertAction {
        try table.only(inActionSheet ? ["title", "style", "handler", "route"] : ["title", "style", "handler", "enabler", "route"])
        let styleName = try table.string("style") ?? "default"
        guard let style = AlertActionStyle(rawValue: styleName) else {
            throw table.error("unknown style '\(styleName)' (\(AlertActionStyle.allCases.map(\.rawValue).joined(separator: ", ")) expected)")
        }
        let directory = directory
        let texts: ([String]) -> [LuaArgument] = { [.value(.table(array: $0.map(LuaValue.string), fields: [:]))] }
        let enabler = try table.function("enabler").map { callback in
            { (values: [String]) throws -> Bool in
                try directory.invoke(callback, { _ in texts(values) }, results: 1) { _, call in call.boolean(-1) }
            }
        }
        let handler = try table.function("handler").map { callback in
            { (values: [String]) throws in try directory.invoke(callback, { _ in texts(values) }) }
        }
        return AlertAction(title: try table.requiredString("title"), style: style, enabler: enabler, handler: handler,
                           route: try table.route("route"))
    }

    /// `{ items = {...}, applicationActivities = {{type =, title =, route = Route} or {type =,
    /// title =, screen = Screen}}, excludedActivityTypes = {...}, anchor =, didFinish =
    /// function(activity, completed) }`, Nivelir's names; `activities` and `excluded` for short.
    private func sharing(_ table: NavTable) throws -> Sharing {
        try table.only(["items", "applicationActivities", "activities", "excludedActivityTypes", "excluded", "anchor", "didFinish"])
        let activities = try table.list(try table.name("applicationActivities", or: "activities")) { activity in
            try activity.only(["type", "title", "route", "screen"])
            let type = try activity.requiredString("type")
            let kind: SharingActivity.Kind
            if let screen = try activity.screen("screen") {
                kind = .visual(screen)
            } else {
                kind = .silent(try activity.route("route"))
            }
            return SharingActivity(type: type, title: try activity.string("title") ?? type, kind: kind)
        }
        let directory = directory
        let didFinish = try table.function("didFinish").map { callback in
            { (type: String?, completed: Bool) throws in
                try directory.invoke(callback) { _ in [.value(type.map(LuaValue.string) ?? .nil), .value(.boolean(completed))] }
            }
        }
        return Sharing(items: try table.strings("items") ?? [], applicationActivities: activities,
                       excludedActivityTypes: try table.strings(try table.name("excludedActivityTypes", or: "excluded")) ?? [], anchor: try table.string("anchor") ?? "center",
                       didFinish: didFinish)
    }

    /// `"camera"`, or `{ source = "photoLibrary" | "savedPhotosAlbum" | "camera", types =
    /// {"image", "movie"}, allowsEditing =, cameraSettings = {...}, didFinish = function(result) }`.
    private func mediaPicker(_ call: LuaCall) throws -> MediaPicker {
        func source(_ name: String, settings: [String: ScreenValue] = [:], error: (String) -> LuaCallError) throws -> MediaPickerSource {
            guard let kind = MediaPickerSource.Kind(rawValue: name) else {
                throw error("unknown source '\(name)' (\(MediaPickerSource.Kind.allCases.map(\.rawValue).joined(separator: ", ")) expected)")
            }
            // Nivelir's MediaPickerCameraSettings: UIKit's cases, for the camera only.
            if !settings.isEmpty, kind != .camera {
                throw error("option 'cameraSettings' is for the camera source, not '\(name)'")
            }
            let cases = ["device": ["rear", "front"], "captureMode": ["photo", "video"], "flashMode": ["off", "auto", "on"]]
            for (field, value) in settings.sorted(by: { $0.key < $1.key }) {
                guard let allowed = cases[field] else {
                    throw error("option 'cameraSettings': unknown field '\(field)' (captureMode, device or flashMode expected)")
                }
                guard case let .string(text) = value, allowed.contains(text) else {
                    throw error("option 'cameraSettings': \(field) must be \(allowed.dropLast().joined(separator: ", ")) or \(allowed.last!)")
                }
            }
            return MediaPickerSource(kind, cameraSettings: settings)
        }
        if call.type(2) == .string {
            return MediaPicker(source: try source(try call.string(2)) { .argument(2, $0) })
        }
        guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "source name or table") }
        let table = try NavTable(call, 2, runtime: self)
        try table.only(["source", "types", "allowsEditing", "cameraSettings", "didFinish"])
        let types = try (table.strings("types") ?? ["image"]).map { name in
            guard let type = MediaPickerType(rawValue: name) else {
                throw table.error("unknown media type '\(name)' (\(MediaPickerType.allCases.map(\.rawValue).joined(separator: ", ")) expected)")
            }
            return type
        }
        let directory = directory
        let didFinish = try table.function("didFinish").map { callback in
            { (result: [String: ScreenValue]?) throws in
                try directory.invoke(callback) { _ in [.value(result.map { ScreenValue.object($0).luaValue } ?? .nil)] }
            }
        }
        return MediaPicker(source: try source(try table.string("source") ?? "photoLibrary", settings: try table.values("cameraSettings") ?? [:],
                                              error: table.error),
                           types: types, allowsEditing: try table.bool("allowsEditing", default: false), didFinish: didFinish)
    }
}
