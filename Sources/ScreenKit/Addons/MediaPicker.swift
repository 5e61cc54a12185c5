/// Where a media picker takes media from (Nivelir's `MediaPickerSource`).
public struct MediaPickerSource: CustomStringConvertible, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case photoLibrary, savedPhotosAlbum, camera
    }

    public var kind: Kind
    /// The camera's settings (device, capture mode, flash), as plain data.
    public var cameraSettings: [String: ScreenValue]

    public init(_ kind: Kind, cameraSettings: [String: ScreenValue] = [:]) {
        self.kind = kind
        self.cameraSettings = cameraSettings
    }

    public static let photoLibrary = Self(.photoLibrary)
    public static let savedPhotosAlbum = Self(.savedPhotosAlbum)
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
    public var source: MediaPickerSource
    public var types: [MediaPickerType]
    public var allowsEditing: Bool
    public var didFinish: (([String: ScreenValue]?) throws -> Void)?

    public init(source: MediaPickerSource = .photoLibrary, types: [MediaPickerType] = [.image], allowsEditing: Bool = false,
                didFinish: (([String: ScreenValue]?) throws -> Void)? = nil) {
        self.source = source
        self.types = types
        self.allowsEditing = allowsEditing
        self.didFinish = didFinish
    }

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
    public let mediaPicker: MediaPicker
    public let animated: Bool
    public let containerKind: ScreenContainerKind

    public init(mediaPicker: MediaPicker, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.mediaPicker = mediaPicker
        self.animated = animated
        self.containerKind = containerKind
    }

    public var outputKind: ScreenContainerKind? { .modal }

    public var description: String {
        describeAction("ScreenShowMediaPickerAction", [containerKind], ["mediaPicker": mediaPicker, "animated": animated])
    }

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
    public func showMediaPicker(_ mediaPicker: MediaPicker, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showMediaPicker")
        return try step(ScreenShowMediaPickerAction(mediaPicker: mediaPicker, animated: animated, on: currentKind), nested: nested, verb: "showMediaPicker")
    }
}
