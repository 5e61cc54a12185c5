/// Where a media picker takes media from (Nivelir's `MediaPickerSource`).
public struct MediaPickerSource: CustomStringConvertible, Sendable {
    /// The sources UIKit's image picker has.
    public enum Kind: String, CaseIterable, Sendable {
        case photoLibrary, savedPhotosAlbum, camera
    }

    /// Which source.
    public var kind: Kind
    /// The camera's settings (device, capture mode, flash), as plain data.
    public var cameraSettings: [String: ScreenValue]

    /// A source of `kind`, with camera settings as plain data (none by default).
    public init(_ kind: Kind, cameraSettings: [String: ScreenValue] = [:]) {
        self.kind = kind
        self.cameraSettings = cameraSettings
    }

    /// The photo library.
    ///
    ///     .photoLibrary   -- Lua: route:showMediaPicker("photoLibrary")
    public static let photoLibrary = Self(.photoLibrary)
    /// The saved photos album.
    public static let savedPhotosAlbum = Self(.savedPhotosAlbum)
    /// The camera, with its default settings.
    public static let camera = Self(.camera)

    /// The permission it needs.
    var access: ScreenSystem.MediaAccess {
        kind == .camera ? .camera : .photos
    }

    /// Nivelir's words: "Photo library", "Saved photos album", "Camera".
    public var description: String {
        switch kind {
        case .photoLibrary: return "Photo library"
        case .savedPhotosAlbum: return "Saved photos album"
        case .camera: return "Camera"
        }
    }
}

/// Nivelir's `MediaPickerType`.
public enum MediaPickerType: String, CaseIterable, Sendable {
    case image, movie
}

/// A media picker (Nivelir's `MediaPicker`). `didFinish` gets what was picked (type, url,
/// and what else the scenario gives), or nil when the user cancelled; the picker is not
/// dismissed for it, as in Nivelir: the app dismisses it.
///
///     -- Lua: route:showMediaPicker { source = "camera", types = { "image" }, didFinish = function(result) end }
public struct MediaPicker: CustomStringConvertible {
    /// Where media come from.
    public var source: MediaPickerSource
    /// The media types the user may pick.
    public var types: [MediaPickerType]
    /// Whether the user may edit what they picked.
    public var allowsEditing: Bool
    /// Gets what was picked (type, url, ...), or nil when the user cancelled.
    public var didFinish: (([String: ScreenValue]?) throws -> Void)?

    /// A picker of `types` (images by default) from `source` (the photo library by default).
    ///
    ///     MediaPicker(source: .camera, types: [.image])
    ///     -- Lua: route:showMediaPicker { source = "camera", types = { "image" } }
    public init(source: MediaPickerSource = .photoLibrary, types: [MediaPickerType] = [.image], allowsEditing: Bool = false,
                didFinish: (([String: ScreenValue]?) throws -> Void)? = nil) {
        self.source = source
        self.types = types
        self.allowsEditing = allowsEditing
        self.didFinish = didFinish
    }

    /// `ImagePicker(from: "Camera")`, as Nivelir prints it.
    public var description: String {
        "ImagePicker(from: \"\(source)\")"
    }
}

/// Presents a media picker after the permission flow (Nivelir's
/// `ScreenShowMediaPickerAction`). Logs "Presenting ImagePicker(from: "Camera") on <type>";
/// fails at once when the container presents something. Then, on a later turn of the run
/// loop: an access not determined yet is asked for (the system's answer is
/// `ScreenSystem.authorizationAnswer`) and checked again; denied or restricted fails with
/// "User does not allow the app to access the media source" (`isRequested` says whether
/// the user was asked just now); a source the device lacks fails with "Media source is
/// not available", types it does not offer with "Media types are not available". Completes
/// with the picker's container, which a nested route gets.
public struct ScreenShowMediaPickerAction: ScreenAction {
    /// The picker to present.
    public let mediaPicker: MediaPicker
    /// Whether the presentation animates.
    public let animated: Bool
    /// The kind of the container it presents from.
    public let containerKind: ScreenContainerKind

    /// An action presenting `mediaPicker` from a container of `containerKind`, animated unless told otherwise.
    public init(mediaPicker: MediaPicker, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.mediaPicker = mediaPicker
        self.animated = animated
        self.containerKind = containerKind
    }

    /// The picker's container, a view controller.
    public var outputKind: ScreenContainerKind? { .modal }

    /// Swift's print of Nivelir's action:
    /// `ScreenShowMediaPickerAction<UIViewController>(mediaPicker: ..., animated: true)`.
    public var description: String {
        describeAction("ScreenShowMediaPickerAction", [containerKind], ["mediaPicker": mediaPicker, "animated": animated])
    }

    /// Logs, then on a later turn asks for access if needed and checks the source and types, and presents
    /// the picker, offering the types the source has; completes with its container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(mediaPicker) on \(container.typeName)")
        guard container.presented == nil else {
            return completion(.failure(ScreenContainerAlreadyPresentingError(container: container, for: self)))
        }
        let system = navigator.simulation.system, access = mediaPicker.source.access
        navigator.simulation.clock.schedule {
            var isRequested = false
            if system.authorization[access] ?? .notDetermined == .notDetermined {
                system.authorizationRequests[access, default: 0] += 1
                system.authorization[access] = system.authorizationAnswer[access] ?? .authorized
                isRequested = true
            }
            switch system.authorization[access] ?? .notDetermined {
            case .authorized, .limited:
                break
            default:
                return completion(.failure(MediaPickerSourceAccessDeniedError(for: self, isRequested: isRequested)))
            }
            guard let offered = system.mediaTypes[mediaPicker.source.kind] else {
                return completion(.failure(UnavailableMediaPickerSourceError(for: self)))
            }
            let types = offered.filter(mediaPicker.types.contains)
            guard !types.isEmpty else {
                return completion(.failure(UnavailableMediaPickerTypesError(for: self)))
            }
            var picker = mediaPicker
            picker.types = types
            navigator.presentSystemScreen(.mediaPicker(picker), from: container, animated: animated, for: self, checked: true, completion: completion)
        }
    }
}

extension AnyScreenRoute {
    /// The route, then presenting `mediaPicker` from the current view controller; `nested` runs on the picker's
    /// container.
    ///
    ///     try route.showMediaPicker(MediaPicker(source: .camera))   -- Lua: route:showMediaPicker("camera")
    public func showMediaPicker(_ mediaPicker: MediaPicker, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showMediaPicker")
        return try step(ScreenShowMediaPickerAction(mediaPicker: mediaPicker, animated: animated, on: currentKind), nested: nested, verb: "showMediaPicker")
    }
}
