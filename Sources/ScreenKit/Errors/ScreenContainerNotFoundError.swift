/// No container of the needed type was found: a search that matched nothing, a stack or a
/// tab that is not there, an empty window.
public struct ScreenContainerNotFoundError: ScreenError {
    public let description: String

    public init(type: ScreenContainerKind, for trigger: Any) {
        description = Self.message("No container of \(type.typeName) type found", for: trigger)
    }
}
