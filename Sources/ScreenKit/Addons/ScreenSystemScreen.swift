/// A screen the system draws (an alert, Safari, a share sheet, ...): what a container that
/// stands for one shows. Scenarios inspect it (Lua: `container.system`) and answer it
/// (`ScreenApplication.answer`, Lua: `app:answer(container, choice)`).
public enum ScreenSystemScreen: CustomStringConvertible {
    case alert(Alert)
    case actionSheet(ActionSheet)
    case safari(Safari)
    case sharing(Sharing)
    case mediaPicker(MediaPicker)
    case documentPreview(DocumentPreview)
    case storeProduct(StoreProduct)

    /// The UIKit class of its view controller.
    public var className: String {
        switch self {
        case .alert, .actionSheet: return "UIAlertController"
        case .safari: return "SFSafariViewController"
        case .sharing: return "UIActivityViewController"
        case .mediaPicker: return "UIImagePickerController"
        case .documentPreview: return "QLPreviewController"
        case .storeProduct: return "SKStoreProductViewController"
        }
    }

    /// Its name in pictures, snapshots and predicates (`{name = "Alert"}`).
    public var name: String {
        switch self {
        case .alert: return "Alert"
        case .actionSheet: return "ActionSheet"
        case .safari: return "Safari"
        case .sharing: return "Sharing"
        case .mediaPicker: return "ImagePicker"
        case .documentPreview: return "DocumentPreview"
        case .storeProduct: return "StoreProduct"
        }
    }

    /// What it shows, as plain data: the title, message and actions of an alert, the URL
    /// of Safari, the items of a share sheet, ...
    public var fields: [String: ScreenValue] {
        func optional(_ pairs: [(String, String?)]) -> [String: ScreenValue] {
            Dictionary(uniqueKeysWithValues: pairs.compactMap { key, value in value.map { (key, ScreenValue.string($0)) } })
        }
        func actions(_ list: [AlertAction]) -> ScreenValue {
            .array(list.map { .object(["title": .string($0.title), "style": .string($0.style.rawValue)]) })
        }
        switch self {
        case let .alert(alert):
            var fields = optional([("title", alert.title), ("message", alert.message)])
            fields["actions"] = actions(alert.actions)
            fields["textFields"] = .array(alert.textFields.map { .string($0.text) })
            return fields
        case let .actionSheet(sheet):
            var fields = optional([("title", sheet.title), ("message", sheet.message)])
            fields["actions"] = actions(sheet.actions)
            fields["anchor"] = .string(sheet.anchor)
            return fields
        case let .safari(safari):
            return ["url": .string(safari.url)]
        case let .sharing(sharing):
            return ["items": .array(sharing.items.map(ScreenValue.string)),
                    "activities": .array(sharing.applicationActivities.map { .string($0.type) })]
        case let .mediaPicker(picker):
            return ["source": .string(picker.source.kind.rawValue), "types": .array(picker.types.map { .string($0.rawValue) })]
        case let .documentPreview(preview):
            return optional([("url", preview.url), ("name", preview.name)])
        case let .storeProduct(product):
            return ["itemID": .string(product.itemID)]
        }
    }

    /// Whether UIKit shows it full screen, so that what presents it leaves the window while
    /// it is up: Safari (SFSafariViewController covers the screen, sliding in as a push
    /// does, and its edge swipe dismisses it), the camera picker (the library is a sheet)
    /// and a document preview (`presentPreview` "displays a full-screen preview").
    var isFullScreen: Bool {
        switch self {
        case let .mediaPicker(picker): return picker.source.kind == .camera
        case .safari, .documentPreview: return true
        default: return false
        }
    }

    /// Where a popover of it points on a pad (action sheets and share sheets).
    var anchor: String? {
        switch self {
        case let .actionSheet(sheet): return sheet.anchor
        case let .sharing(sharing): return sharing.anchor
        default: return nil
        }
    }

    /// Nivelir's description: `Alert("Sign out?")`, `Safari("https://...")`, ...
    public var description: String {
        switch self {
        case let .alert(alert): return alert.description
        case let .actionSheet(sheet): return sheet.description
        case let .safari(safari): return safari.description
        case let .sharing(sharing): return sharing.description
        case let .mediaPicker(picker): return picker.description
        case let .documentPreview(preview): return preview.description
        case let .storeProduct(product): return product.description
        }
    }

    /// The UIKit classes of system screens: their containers are not keyed for searches
    /// (`ScreenContainer.searchKey`), also once restored from a snapshot.
    static let classNames: Set<String> = ["UIAlertController", "SFSafariViewController", "UIActivityViewController",
                                          "UIImagePickerController", "QLPreviewController", "SKStoreProductViewController"]

    /// A container that stands for the screen: keyed by its name and fields, so that its
    /// picture and log lines say what it shows (`Alert(title=Hi)`).
    func makeContainer() -> ScreenContainer {
        var traits: [String: ScreenValue] = [:]
        for (key, value) in fields {
            if case .string = value { traits[key] = value }
        }
        let container = ScreenContainer(kind: .modal, key: ScreenKey(name: name, traits: traits))
        container.className = className
        container.systemScreen = self
        return container
    }
}

extension ScreenNavigator {
    /// Presents a system screen from `container` as UIKit presents a view controller:
    /// refused when something is presented already. On a pad, a screen with an anchor is
    /// a popover there. `build` is what making the controller does (an alert asks its
    /// enablers; UIKit's exceptions are its errors), after the check; an error fails the
    /// action. Completes with its container once the presentation ends. An action that
    /// checked before it waited (the media picker, for its permission) does not check
    /// again, as Nivelir's does not: UIKit then refuses, and it never completes.
    func presentSystemScreen(_ screen: ScreenSystemScreen, from container: ScreenContainer, animated: Bool, for trigger: any ScreenAction,
                             checked: Bool = false, build: () throws -> ScreenSystemScreen? = { nil }, completion: @escaping ScreenActionCompletion) {
        guard checked || container.presented == nil else {
            return completion(.failure(ScreenContainerAlreadyPresentingError(container: container, for: trigger)))
        }
        let built: ScreenSystemScreen?
        do {
            built = try build()
        } catch {
            return completion(.failure(error))
        }
        let presented = (built ?? screen).makeContainer()
        presented.shownFrom = container
        if simulation.system.idiom == .pad, let anchor = screen.anchor {
            presented.attributes["modalPresentationStyle"] = "popover"
            presented.attributes["popoverAnchor"] = .string(anchor)
        } else if screen.isFullScreen {
            presented.attributes["modalPresentationStyle"] = "fullScreen"
        }
        // Nivelir's addons complete with success whatever the presenter became meanwhile,
        // and only in UIKit's callback: one UIKit refuses (a presentation under way, a
        // presenter out of the window) never completes, with UIKit's warning. Only
        // ScreenPresentAction checks the presenter afterwards, and fails.
        let accepted = simulation.present(presented, from: container, animated: animated) { _ in
            completion(.success(presented))
        }
        if !accepted {
            simulation.warnRefusedPresentation(of: presented, from: container)
            waitingAction = trigger   // the never-completed error names it
        }
    }
}
