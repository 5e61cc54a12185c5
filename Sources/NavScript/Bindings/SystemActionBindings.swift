import Foundation
import LuaKit
import ScreenKit

/// The route methods that ask the system for something without presenting a screen
/// (Nivelir's addons): leaving the app by URL, the HUD, haptics, a store review; and the
/// rest of the core: `changeBottomSheet` and `try`.
///
///     route:openURL("https://example.com", { fallbackURLs = { "http://example.com" } })
///     route:showHUD({ indicator = "success", message = "Sent" }, { duration = 1 })
///     route:notificationOccurred("success")
extension NavRuntime {
    static let systemActionBindings: [NavBinding] = [
        routeMethod("openURL") { runtime, call, route in
            // Read as `URL(string:)` reads them (iOS 17's rules: what a URL does not allow is
            // percent-encoded), as a Swift caller makes the URLs Nivelir takes.
            func read(_ text: String, _ index: Int32, _ what: String = "") throws -> String {
                guard let url = URL(string: text) else { throw LuaCallError.argument(index, "\(what)not a URL: \"\(text)\"") }
                return url.absoluteString
            }
            let url = try read(try call.string(2), 2)
            let options = try NavOptions(call, 3)
            try options.only(["fallbackURLs"], for: "openURL")
            let fallbacks = try options.field("fallbackURLs").map { list -> [String] in
                guard list == .nil || (list.array?.allSatisfy { $0.string != nil } ?? false) else {
                    throw LuaCallError.argument(3, "option 'fallbackURLs' must be a list of URLs")
                }
                return try (list.array?.compactMap(\.string) ?? []).enumerated().map { try read($1, 3, "option 'fallbackURLs': URL \($0 + 1) is ") }
            } ?? []
            return route.openURL(url, fallbackURLs: fallbacks)
        },
        routeMethod("call") { runtime, call, route in
            let (number, _) = try runtime.labeled(call, "to", of: "call", with: [])
            return route.call(to: number)
        },
        routeMethod("mail") { runtime, call, route in
            let (address, options) = try runtime.labeled(call, "to", of: "mail", with: ["subject", "body"])
            return route.mail(to: address, subject: try options.string("subject"), body: try options.string("body"))
        },
        routeMethod("openAppSettings") { _, _, route in route.openAppSettings() },
        routeMethod("openStoreApp") { runtime, call, route in
            let (id, options) = try runtime.labeled(call, "id", of: "openStoreApp", with: ["forReview"])
            return route.openStoreApp(id: id, forReview: try options.bool("forReview", default: false))
        },
        routeMethod("requestStoreReview") { _, _, route in route.requestStoreReview() },
        routeMethod("showHUD") { runtime, call, route in
            let hud = try runtime.hud(call, 2)
            let options = try NavOptions(call, 3)
            try options.only(["animation", "animated", "duration"], for: "showHUD")
            let duration = try options.number("duration")
            if let duration, !(duration.isFinite && duration >= 0) {
                throw LuaCallError.argument(3, "option 'duration' must be a finite number of seconds, 0 or more")
            }
            // Nivelir's label is `animation` (a HUDAnimation, or nil for none): `animation = false`.
            let animation = try options.field("animation"), animated = try options.field("animated")
            if animation != nil && animated != nil {
                throw LuaCallError.argument(3, "options 'animation' and 'animated' both say whether the HUD animates: give one")
            }
            let animates = try options.bool(animation != nil ? "animation" : "animated", default: true)
            return route.showHUD(hud, animated: animates, duration: duration)
        },
        routeMethod("hideHUD") { _, _, route in route.hideHUD() },
        routeMethod("impactOccurred") { _, call, route in
            // A style or an intensity, as it is or by Nivelir's labels: impactOccurred(style:)
            // and impactOccurred(intensity:).
            var style: String?, intensity: Double?
            if call.type(2) == .table {
                let options = try NavOptions(call, 2)
                try options.only(["style", "intensity"], for: "impactOccurred")
                guard call.isNoneOrNil(3) else { throw LuaCallError.argument(3, "the options go in the first table (impactOccurred{style = ...})") }
                (style, intensity) = (try options.string("style"), try options.number("intensity"))
                if style != nil && intensity != nil {
                    throw LuaCallError.argument(2, "options 'style' and 'intensity' are two ways to call it (Nivelir's impactOccurred(style:) and impactOccurred(intensity:)): give one")
                }
            } else if call.type(2) == .number {
                intensity = try call.number(2)
            } else if !call.isNoneOrNil(2) {
                style = try call.string(2)
            }
            if let intensity {
                guard intensity.isFinite, (0...1).contains(intensity) else {
                    throw LuaCallError.argument(2, "an intensity from 0 to 1 expected")
                }
                return route.haptics(.impactIntensity(intensity))
            }
            let name = style ?? "medium"
            guard ScreenHapticsAction.impactStyles.contains(name) else {
                throw LuaCallError.argument(2, "unknown impact style '\(name)' (\(ScreenHapticsAction.impactStyles.joined(separator: ", ")) or an intensity expected)")
            }
            return route.haptics(.impact(style: name))
        },
        routeMethod("notificationOccurred") { runtime, call, route in
            let (type, _) = try runtime.labeled(call, "type", of: "notificationOccurred", with: [])
            guard ScreenHapticsAction.notificationTypes.contains(type) else {
                throw LuaCallError.argument(2, "unknown notification type '\(type)' (\(ScreenHapticsAction.notificationTypes.joined(separator: ", ")) expected)")
            }
            return route.haptics(.notification(type: type))
        },
        routeMethod("selectionChanged") { _, _, route in route.haptics(.selection) },
        routeMethod("changeBottomSheet", needs: .modal) { runtime, call, route in
            try noNestedRoute(call, for: "changeBottomSheet")
            let options = try NavOptions(call, 2)
            try options.only(["detents", "selectedDetent", "prefersGrabber"], for: "changeBottomSheet")
            let detents = try options.field("detents").flatMap { list -> [String]? in
                guard list != .nil else { return nil }
                guard case let .table(array, fields) = list, fields.isEmpty, array.allSatisfy({ $0.string != nil }) else {
                    throw LuaCallError.argument(2, "option 'detents' must be a list of names ({\"medium\", \"large\"})")
                }
                return array.compactMap(\.string)
            }
            let selected = try options.string("selectedDetent")
            let grabber = (try options.field("prefersGrabber"))?.boolean
            let animated = try runtime.animated(call, 3, for: "changeBottomSheet")
            return try route.changeBottomSheet(animated: animated) { sheet in
                ScreenBottomSheet(detents: detents ?? sheet.detents, selectedDetent: selected ?? sheet.selectedDetent,
                                  prefersGrabber: grabber ?? sheet.prefersGrabber)
            }
        },
        routeMethod("try", nested: 3) { runtime, call, route in
            let action = try runtime.routeArgument(call, 2)
            let navigate = ScreenNavigateAction(containerKind: action.rootKind, actions: action.actions)
            // The route first (argument 1), then its resolution, whose routes are rooted at the
            // try's container, as Nivelir's ScreenTryResolution<Current, ...> is typed.
            _ = try runtime.nesting(at: 2) { try route.try(navigate, resolution: ScreenTryResolution()) }
            let resolution = try runtime.tryResolution(call, 3, root: route.currentKind)
            return try runtime.nesting(at: 2) { try route.try(navigate, resolution: resolution) }
        },
    ]

    /// `"success"` (activity, spinner, success, failure), or `{ indicator = "success" |
    /// { percentage = 0.5 } | { image = "name" }, message = "Sent" }`.
    private func hud(_ call: LuaCall, _ index: Int32) throws -> HUD {
        func indicator(_ name: String) throws -> HUD.Indicator {
            switch name {
            case "activity": return .activity
            case "spinner": return .spinner
            case "success": return .success
            case "failure": return .failure
            default: throw LuaCallError.argument(index, "unknown indicator '\(name)' (activity, spinner, success, failure, {percentage =} or {image =} expected)")
            }
        }
        if call.type(index) == .string {
            return HUD(indicator: try indicator(try call.string(index)))
        }
        let options = try NavOptions(call, index)
        guard options.isGiven else { throw LuaCallError.type(index, expected: "indicator name or HUD table") }
        try options.only(["indicator", "message"], for: "HUD")
        let value: HUD.Indicator
        switch (try options.field("indicator")) {
        case nil, .nil?: value = .activity
        case let .string(name)?: value = try indicator(name)
        case let field?:
            if case let .table(array, fields) = field, let unknown = fields.keys.sorted().first(where: { $0 != "percentage" && $0 != "image" })
                ?? (array.isEmpty ? nil : "[1]") {
                throw LuaCallError.argument(index, "option 'indicator' has an unknown field '\(unknown)' (image, percentage expected)")
            }
            if let ratio = field["percentage"]?.number, ratio.isFinite {
                value = .percentage(ratio)      // as given: Nivelir logs the ratio it was handed
            } else if let image = field["image"]?.string {
                value = .image(image)
            } else {
                throw LuaCallError.argument(index, "option 'indicator' must be a name, {percentage = 0.5} or {image = \"name\"}")
            }
        }
        return HUD(indicator: value, message: try options.string("message"))
    }

    /// `{ ensure = Route, done = Route | function(output, route) return Route end, fallback =
    /// Route | function(err, route) return Route or nil end, cauterize = true }`; each but
    /// `cauterize` may also be a list.
    private func tryResolution(_ call: LuaCall, _ index: Int32, root: ScreenContainerKind) throws -> ScreenTryResolution {
        var resolution = ScreenTryResolution()
        guard !call.isNoneOrNil(index) else { return resolution }
        let table = try NavTable(call, index, runtime: self)
        try table.only(["ensure", "done", "fallback", "cauterize"])
        for route in try routes(table, "ensure", functions: false, root: root) {
            if case let .route(route) = route { resolution = resolution.ensure(with: route) }
        }
        let directory = directory
        for done in try routes(table, "done", functions: true, root: root) {
            switch done {
            case let .route(route):
                resolution = resolution.done { _ in route }
            case let .function(callback):
                resolution = resolution.done { container in
                    // As Nivelir's `done(with: (Output, ScreenRootRoute<Container>) -> ...)`: the
                    // action's output and an empty route from the try's container.
                    try directory.invoke(callback, { [.object(container, $0.containers), .object(AnyScreenRoute(root: root), $0.routes)] },
                                         results: 1) { runtime, call in
                        try runtime.returnedRoute(call, by: "done", root: root, orNil: false)
                    }
                }
            }
        }
        for fallback in try routes(table, "fallback", functions: true, root: root) {
            switch fallback {
            case let .route(route):
                resolution = resolution.fallback { _ in route }
            case let .function(callback):
                resolution = resolution.fallback(to: scriptFallback(callback, table.call, root: root))
            }
        }
        if try table.bool("cauterize", default: false) {
            resolution = resolution.cauterize()
        }
        return resolution
    }

    private enum RouteOrFunction {
        case route(AnyScreenRoute)
        case function(NavCallback)
    }

    /// Field `name`: a Route or function, or a list of them.
    private func routes(_ table: NavTable, _ name: String, functions: Bool, root: ScreenContainerKind) throws -> [RouteOrFunction] {
        let what = functions ? "a Route, a function or a list of them" : "a Route or a list of Routes"
        return try table.field(name) { at in
            func one(_ index: Int32) throws -> RouteOrFunction {
                if let route = table.call.optionalObject(index, routes) {
                    // Checked where it is written, as route:ensure(route) is.
                    guard root.conforms(to: route.rootKind) else {
                        throw table.error("field '\(name)': route rooted at \(root.acceptedRoots) expected, got route rooted at \(route.rootKind.rawValue)")
                    }
                    return .route(route)
                }
                if functions, table.call.isFunction(index) { return .function(.function(keepFunction(table.call, index))) }
                throw table.error("field '\(name)' must be \(what)")
            }
            guard table.call.type(at) == .table else { return [try one(at)] }
            return try (0..<min(table.call.length(at), listLimit)).map { position in
                table.call.element(at, position + 1)
                defer { table.call.pop() }
                return try one(table.call.top)
            }
        } ?? []
    }
}

extension NavRuntime {
    /// A method's first argument, given as it is or, by Nivelir's label, in a table with the
    /// other options: `mail("a@b.c", {subject = "Hi"})` or `mail{to = "a@b.c", subject = "Hi"}`.
    func labeled(_ call: LuaCall, _ label: String, of method: String, with others: Set<String>) throws -> (String, NavOptions) {
        guard call.type(2) == .table else {
            // No options to read after a first argument that takes none (call's number).
            let options = others.isEmpty ? NavOptions(none: 3) : try NavOptions(call, 3)
            try options.only(others, for: method)
            return (try call.string(2), options)
        }
        guard call.isNoneOrNil(3) else {
            throw LuaCallError.argument(3, "the options go in the first table with '\(label)' (\(method){\(label) = ..., ...})")
        }
        let options = try NavOptions(call, 2)
        try options.only(others.union([label]), for: method)
        guard let value = try options.string(label) else {
            throw LuaCallError.argument(2, "option '\(label)' expected (\(method){\(label) = ...})")
        }
        return (value, options)
    }
}
