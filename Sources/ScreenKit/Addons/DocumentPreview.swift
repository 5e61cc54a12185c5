/// A document shown in a preview (Nivelir's `DocumentPreview`). `didEndPreview` runs when
/// the user closes it.
///
///     -- Lua: route:showDocumentPreview { url = "file:///report.pdf", didEndPreview = function() end }
public struct DocumentPreview: CustomStringConvertible {
    /// The document's URL.
    public var url: String
    /// The document's uniform type identifier, if given.
    public var uti: String?
    /// The name the preview shows, if given.
    public var name: String?
    /// Runs before the preview is shown; an error it throws fails the action.
    public var willBeginPreview: (() throws -> Void)?
    /// Runs when the user closes the preview.
    public var didEndPreview: (() throws -> Void)?

    /// A preview of the document at `url`, with the parts given.
    ///
    ///     DocumentPreview(url: "file:///report.pdf")   -- Lua: route:showDocumentPreview("file:///report.pdf")
    public init(url: String, uti: String? = nil, name: String? = nil, willBeginPreview: (() throws -> Void)? = nil,
                didEndPreview: (() throws -> Void)? = nil) {
        self.url = url
        self.uti = uti
        self.name = name
        self.willBeginPreview = willBeginPreview
        self.didEndPreview = didEndPreview
    }

    /// `DocumentPreview("file:///report.pdf")`.
    public var description: String {
        "DocumentPreview(\"\(url)\")"
    }
}

/// Shows a document preview (Nivelir's `ScreenShowDocumentPreviewAction`). Logs
/// "Presenting preview for DocumentPreview("url") on <type>". It never fails, as Nivelir's
/// does not (UIKit presents the preview when it can: a container that presents something
/// already shows none), and completes on a later turn of the run loop.
public struct ScreenShowDocumentPreviewAction: ScreenAction {
    /// The preview to show.
    public let documentPreview: DocumentPreview
    /// Whether the push or presentation animates.
    public let animated: Bool
    /// The kind of the container it shows from.
    public let containerKind: ScreenContainerKind

    /// An action showing `documentPreview` from a container of `containerKind`, animated unless told otherwise.
    public init(documentPreview: DocumentPreview, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.documentPreview = documentPreview
        self.animated = animated
        self.containerKind = containerKind
    }

    /// Swift's print of Nivelir's action: `ScreenShowDocumentPreviewAction<...>(documentPreview: ..., animated: true)`.
    public var description: String {
        describeAction("ScreenShowDocumentPreviewAction", [containerKind], ["documentPreview": documentPreview, "animated": animated])
    }

    /// Logs, then pushes the preview onto a stack, presents it from another container that presents
    /// nothing (else UIKit's warning only), and completes on a later turn.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting preview for \(documentPreview) on \(container.typeName)")
        if container.kind == .stack || container.presented == nil {
            do {
                try documentPreview.willBeginPreview?()
            } catch {
                return completion(.failure(error))
            }
        }
        if container.kind == .stack {
            // The preview's parent is the container (documentInteractionControllerViewControllerForPreview):
            // UIKit pushes the preview onto a navigation controller, and presents it otherwise.
            let preview = ScreenSystemScreen.documentPreview(documentPreview).makeContainer()
            navigator.simulation.setStack(container, to: container.children + [preview], animation: animated ? .default : nil) {}
        } else if container.presented == nil {
            navigator.presentSystemScreen(.documentPreview(documentPreview), from: container, animated: animated, for: self) { _ in }
        } else {
            // Nivelir checks nothing: UIKit refuses the preview's presentation, saying so.
            navigator.simulation.warnRefusedPresentation(of: ScreenSystemScreen.documentPreview(documentPreview).makeContainer(), from: container)
        }
        navigator.simulation.clock.schedule { completion(.success(nil)) }
    }
}

extension AnyScreenRoute {
    /// The route, then showing a document preview from the current view controller (pushed when it is a stack).
    ///
    ///     try route.showDocumentPreview(DocumentPreview(url: "file:///report.pdf"))
    ///     -- Lua: route:showDocumentPreview("file:///report.pdf")
    public func showDocumentPreview(_ documentPreview: DocumentPreview, animated: Bool = true) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showDocumentPreview")
        return then(ScreenShowDocumentPreviewAction(documentPreview: documentPreview, animated: animated, on: currentKind))
    }
}
