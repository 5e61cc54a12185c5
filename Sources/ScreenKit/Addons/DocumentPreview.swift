/// A document shown in a preview (Nivelir's `DocumentPreview`). `didEndPreview` runs when
/// the user closes it.
///
///     -- Lua: route:showDocumentPreview { url = "file:///report.pdf", didEndPreview = function() end }
public struct DocumentPreview: CustomStringConvertible {
    public var url: String
    public var uti: String?
    public var name: String?
    public var willBeginPreview: (() throws -> Void)?
    public var didEndPreview: (() throws -> Void)?

    public init(url: String, uti: String? = nil, name: String? = nil, willBeginPreview: (() throws -> Void)? = nil,
                didEndPreview: (() throws -> Void)? = nil) {
        self.url = url
        self.uti = uti
        self.name = name
        self.willBeginPreview = willBeginPreview
        self.didEndPreview = didEndPreview
    }

    public var description: String {
        "DocumentPreview(\"\(url)\")"
    }
}

/// Shows a document preview (Nivelir's `ScreenShowDocumentPreviewAction`). Logs
/// "Presenting preview for DocumentPreview("url") on <type>". It never fails, as Nivelir's
/// does not (UIKit presents the preview when it can: a container that presents something
/// already shows none), and completes on a later turn of the run loop.
public struct ScreenShowDocumentPreviewAction: ScreenAction {
    public let documentPreview: DocumentPreview
    public let animated: Bool
    public let containerKind: ScreenContainerKind

    public init(documentPreview: DocumentPreview, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.documentPreview = documentPreview
        self.animated = animated
        self.containerKind = containerKind
    }

    public var description: String {
        describeAction("ScreenShowDocumentPreviewAction", [containerKind], ["documentPreview": documentPreview, "animated": animated])
    }

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
    public func showDocumentPreview(_ documentPreview: DocumentPreview, animated: Bool = true) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showDocumentPreview")
        return then(ScreenShowDocumentPreviewAction(documentPreview: documentPreview, animated: animated, on: currentKind))
    }
}
