/// Finds a container from the current one with the navigator's iterator: the first match,
/// the last match, or the last visible match (Nivelir's `ScreenFirstAction`,
/// `ScreenLastAction` and `ScreenTopAction`). No match fails with "No container of <type>
/// type found".
public struct ScreenFindAction: ScreenAction {
    /// Which match a search keeps: the first, the last, or the last visible one.
    public enum Search: String, Sendable, CaseIterable {
        case first, last, top

        var actionName: String {
            switch self {
            case .first: return "ScreenFirstAction"
            case .last: return "ScreenLastAction"
            case .top: return "ScreenTopAction"
            }
        }
    }

    /// Which match it keeps.
    public let search: Search
    /// What the container must match; its kind is the kind the action produces.
    public let predicate: AnyScreenPredicate
    /// The kind of container the search starts from.
    public let containerKind: ScreenContainerKind

    /// A search from a container of `containerKind` (any container by default).
    public init(_ search: Search, predicate: AnyScreenPredicate, on containerKind: ScreenContainerKind = .container) {
        self.search = search
        self.predicate = predicate
        self.containerKind = containerKind
    }

    /// The predicate's kind: what the route continues as.
    public var outputKind: ScreenContainerKind? { predicate.kind }

    /// The action as Swift prints Nivelir's: `ScreenTopAction<UIWindow, UINavigationController>(predicate: ...)`.
    public var description: String {
        describeAction(search.actionName, [containerKind, predicate.kind], ["predicate": predicate])
    }

    /// The log line up to the container searched in, by search and kind ("Searching for a
    /// top container of UINavigationController type in "), made once: every route logs one
    /// on each search, and interpolating it took a twelfth of a navigation step. Indexed by
    /// the places of the search and the kind in their `allCases`.
    private static let searchLines = Search.allCases.map { search in
        ScreenContainerKind.allCases.map { kind in
            "Searching for a \(search.rawValue) container of \(kind.typeName) type in "
        }
    }

    /// Logs the search, then completes with the match, or fails when none is found or the predicate fails.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        let line = Self.searchLines[Search.allCases.firstIndex(of: search)!][ScreenContainerKind.allCases.firstIndex(of: predicate.kind)!]
        navigator.logInfo(line + container.typeName)
        var failure: Error?
        let matches = { (candidate: ScreenContainer) -> Bool in
            guard failure == nil else { return false }
            do {
                return try predicate.matches(candidate)
            } catch {
                failure = error
                return false
            }
        }
        let found: ScreenContainer?
        switch search {
        case .first: found = navigator.firstContainer(in: container, where: matches)
        case .last: found = navigator.lastContainer(in: container, where: matches)
        case .top: found = navigator.topContainer(in: container, where: matches)
        }
        if let failure {
            return completion(.failure(failure))
        }
        guard let found else {
            return completion(.failure(ScreenContainerNotFoundError(type: predicate.kind, for: self)))
        }
        completion(.success(found))
    }
}

extension AnyScreenRoute {
    /// Continues from the first container that matches, or runs `nested` on it and stays.
    ///
    ///     route.first(.container(of: .stack))   -- Lua: route:first(nav.stack)
    public func first(_ predicate: AnyScreenPredicate, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try fold(ScreenFindAction(.first, predicate: predicate, on: currentKind), nested: nested, verb: "first")
    }

    /// Continues from the last container that matches: the deepest, front-most one.
    ///
    ///     route.last(.container(of: .modal, key: chat.key))   -- Lua: route:last(chat)
    public func last(_ predicate: AnyScreenPredicate, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try fold(ScreenFindAction(.last, predicate: predicate, on: currentKind), nested: nested, verb: "last")
    }

    /// Continues from the last visible container that matches.
    ///
    ///     route.top(.container(of: .stack))   -- Lua: route:top(nav.stack)
    public func top(_ predicate: AnyScreenPredicate, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try fold(ScreenFindAction(.top, predicate: predicate, on: currentKind), nested: nested, verb: "top")
    }
}

extension ScreenRoute {
    /// `ScreenWindowRoute().first(.stack)`
    public func first<Output>(_ predicate: ScreenPredicate<Output>) -> ScreenRoute<Root, Output> {
        folding(ScreenFindAction(.first, predicate: predicate.predicate, on: Current.kind), as: Output.self)
    }

    /// Runs `route` on the first container that matches, and stays.
    ///
    ///     route.first(.stack) { $0.push(chat) }   -- Lua: route:first(nav.stack, function(r) return r:push(chat) end)
    public func first<Output, Next>(_ predicate: ScreenPredicate<Output>, route: (ScreenRootRoute<Output>) -> ScreenRoute<Output, Next>) -> Self {
        step(ScreenFindAction(.first, predicate: predicate.predicate, on: Current.kind), route)
    }

    /// `ScreenWindowRoute().last(.container(key: chat.key))`
    public func last<Output>(_ predicate: ScreenPredicate<Output>) -> ScreenRoute<Root, Output> {
        folding(ScreenFindAction(.last, predicate: predicate.predicate, on: Current.kind), as: Output.self)
    }

    /// Runs `route` on the last container that matches, and stays.
    ///
    ///     route.last(.container(key: chat.key)) { $0.dismiss() }
    ///     -- Lua: route:last(chat, function(r) return r:dismiss() end)
    public func last<Output, Next>(_ predicate: ScreenPredicate<Output>, route: (ScreenRootRoute<Output>) -> ScreenRoute<Output, Next>) -> Self {
        step(ScreenFindAction(.last, predicate: predicate.predicate, on: Current.kind), route)
    }

    /// `ScreenWindowRoute().top(.stack)`
    public func top<Output>(_ predicate: ScreenPredicate<Output>) -> ScreenRoute<Root, Output> {
        folding(ScreenFindAction(.top, predicate: predicate.predicate, on: Current.kind), as: Output.self)
    }

    /// Runs `route` on the last visible container that matches, and stays.
    ///
    ///     route.top(.stack) { $0.push(chat) }   -- Lua: route:top(nav.stack, function(r) return r:push(chat) end)
    public func top<Output, Next>(_ predicate: ScreenPredicate<Output>, route: (ScreenRootRoute<Output>) -> ScreenRoute<Output, Next>) -> Self {
        step(ScreenFindAction(.top, predicate: predicate.predicate, on: Current.kind), route)
    }
}
