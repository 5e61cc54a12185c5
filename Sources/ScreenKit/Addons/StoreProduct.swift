/// An App Store product page (Nivelir's `StoreProduct`). `didFinish` runs when the user
/// closes it; the page is not dismissed for it, as in Nivelir: the app dismisses it.
///
///     -- Lua: route:showStoreProduct { itemID = "1234", didFinish = function() end }
public struct StoreProduct: CustomStringConvertible {
    /// The product's App Store ID; only an integer opens.
    public var itemID: String
    /// The page's other parameters, as plain data.
    public var parameters: [String: ScreenValue]
    /// Runs when the user closes the page; the app dismisses it.
    public var didFinish: (() throws -> Void)?

    /// A product page of `itemID`, with the parameters and `didFinish` given.
    ///
    ///     StoreProduct(itemID: "1234")   -- Lua: route:showStoreProduct("1234")
    public init(itemID: String, parameters: [String: ScreenValue] = [:], didFinish: (() throws -> Void)? = nil) {
        self.itemID = itemID
        self.parameters = parameters
        self.didFinish = didFinish
    }

    /// Nivelir prints the parameters, not the item, as Swift prints a `[String: Any]`:
    /// `StoreProduct([:])`, `StoreProduct(["k": ["x": "y"]])`; keys sorted here.
    public var description: String {
        "StoreProduct(\(ScreenValue.object(parameters).dictionaryDescription))"
    }
}

extension ScreenValue {
    /// The value as Swift prints it inside a `[String: Any]`: keys and strings quoted and
    /// escaped, a table of names as a dictionary (`["x": "y"]`, `[:]`), a list as an array.
    var dictionaryDescription: String {
        switch self {
        case let .object(fields):
            guard !fields.isEmpty else { return "[:]" }
            return "[" + fields.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value.dictionaryDescription)" }
                .joined(separator: ", ") + "]"
        case let .array(values):
            return "[" + values.map(\.dictionaryDescription).joined(separator: ", ") + "]"
        default:
            return description
        }
    }
}

/// Presents a product page (Nivelir's `ScreenShowStoreProductAction`). Logs "Presenting
/// StoreProduct([...]) on <type>"; fails when the container presents something, then with
/// "Invalid store product ID" unless the item ID is an integer (Swift's `Int(_:)`: a sign,
/// digits). Completes with the page's container.
public struct ScreenShowStoreProductAction: ScreenAction {
    /// The product page to present.
    public let storeProduct: StoreProduct
    /// Whether the presentation animates.
    public let animated: Bool
    /// The kind of the container it presents from.
    public let containerKind: ScreenContainerKind

    /// An action presenting `storeProduct` from a container of `containerKind`, animated unless told otherwise.
    public init(storeProduct: StoreProduct, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.storeProduct = storeProduct
        self.animated = animated
        self.containerKind = containerKind
    }

    /// The page's container, a view controller.
    public var outputKind: ScreenContainerKind? { .modal }

    /// Swift's print of Nivelir's action:
    /// `ScreenShowStoreProductAction<UIViewController>(storeProduct: ..., animated: true)`.
    public var description: String {
        describeAction("ScreenShowStoreProductAction", [containerKind], ["storeProduct": storeProduct, "animated": animated])
    }

    /// Logs, checks the container and the item ID, then presents the page and completes with its container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(storeProduct) on \(container.typeName)")
        guard container.presented == nil else {
            return completion(.failure(ScreenContainerAlreadyPresentingError(container: container, for: self)))
        }
        guard Int(storeProduct.itemID) != nil else {
            return completion(.failure(InvalidStoreProductIDError(for: self)))
        }
        navigator.presentSystemScreen(.storeProduct(storeProduct), from: container, animated: animated, for: self, completion: completion)
    }
}

/// Asks the system for a review (Nivelir's `ScreenRequestStoreReviewAction`), from a window
/// or a view controller. Logs "Requesting app review on <type>"; a container whose view is
/// not in a window (detached, under the top of a stack, in a tab not selected: no window
/// scene) fails with "No container of UIWindowScene type found". It is counted (`ScreenSystem.storeReviewRequests`) and completes on a later turn.
public struct ScreenRequestStoreReviewAction: ScreenAction {
    /// The kind of the container it runs on (a window or a view controller).
    public let containerKind: ScreenContainerKind

    /// An action asking for a review from a container of `containerKind`.
    public init(on containerKind: ScreenContainerKind = .container) {
        self.containerKind = containerKind
    }

    /// Swift's print of Nivelir's action: `ScreenRequestStoreReviewAction<...>()`.
    public var description: String {
        describeAction("ScreenRequestStoreReviewAction", [containerKind])
    }

    /// Logs, fails unless the container's view is in a window, then counts the request and completes on a later turn.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Requesting app review on \(container.typeName)")
        // Nivelir asks `container.windowScene`: a view controller's is its view's window's,
        // so one not on screen (under the top of a stack, in a tab not selected) has none.
        guard container.window != nil else {
            return completion(.failure(ScreenContainerNotFoundError(typeName: "UIWindowScene", for: self)))
        }
        navigator.simulation.system.storeReviewRequests += 1
        navigator.simulation.clock.schedule { completion(.success(nil)) }
    }
}

extension AnyScreenRoute {
    /// The route, then presenting a product page from the current view controller; `nested` runs on the page's
    /// container.
    ///
    ///     try route.showStoreProduct(StoreProduct(itemID: "1234"))   -- Lua: route:showStoreProduct("1234")
    public func showStoreProduct(_ storeProduct: StoreProduct, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showStoreProduct")
        return try step(ScreenShowStoreProductAction(storeProduct: storeProduct, animated: animated, on: currentKind), nested: nested, verb: "showStoreProduct")
    }

    /// The route, then asking the system for a review.
    ///
    ///     route.requestStoreReview()   -- Lua: route:requestStoreReview()
    public func requestStoreReview() -> AnyScreenRoute {
        then(ScreenRequestStoreReviewAction(on: currentKind))
    }
}
