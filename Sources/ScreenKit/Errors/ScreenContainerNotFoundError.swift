/// No container of the needed type was found: a search that matched nothing, a stack or a
/// tab that is not there, an empty window.
public struct ScreenContainerNotFoundError: ScreenError {
    /// The error's text: the sentence naming the UIKit type, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, which found no container of kind `type` (named by its UIKit class).
    public init(type: ScreenContainerKind, for trigger: Any) {
        self.init(typeName: type.typeName, for: trigger)
    }

    /// For a UIKit type that is no container kind here (`UIWindowScene`).
    public init(typeName: String, for trigger: Any) {
        description = Self.message("No container of \(typeName) type found", for: trigger)
    }
}
