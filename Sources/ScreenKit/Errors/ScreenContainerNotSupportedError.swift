/// The container is of a kind the action cannot handle (`makeVisible` inside a custom
/// container).
public struct ScreenContainerNotSupportedError: ScreenError {
    public let description: String

    public init(container: ScreenContainer, for trigger: Any) {
        description = Self.message("The type of the container \(container) is not supported", for: trigger)
    }
}
