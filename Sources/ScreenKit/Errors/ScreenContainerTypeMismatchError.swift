/// A container was found but is not of the type the route needs.
public struct ScreenContainerTypeMismatchError: ScreenError {
    public let description: String

    public init(container: ScreenContainer, type: String, for trigger: Any) {
        description = Self.message(
            "The type of the container \(container) does not match the expected type \(type)",
            for: trigger
        )
    }
}
