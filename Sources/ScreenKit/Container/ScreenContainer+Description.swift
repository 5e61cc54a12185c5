extension ScreenContainer: CustomStringConvertible {
    /// How logs and errors print a container, after UIKit's `<UINavigationController:
    /// 0x...>` but deterministic: `<UINavigationController>`, `<UIViewController: Chat(chatId=7)>`.
    public var description: String {
        guard let key else {
            return "<\(typeName)>"
        }
        return "<\(typeName): \(key)>"
    }

    /// The UIKit class the container stands for, as `type(of:)` prints it: its own class
    /// name (a system screen's `UIAlertController`, a stack's `withStackContainer(of:)`
    /// class), or its kind's.
    public var typeName: String {
        className ?? kind.typeName
    }

    /// A short label for pictures and transitions: the key, or the kind when unkeyed.
    public var label: String {
        if let writtenLabel { return writtenLabel }
        let label = key?.description ?? kind.rawValue
        writtenLabel = label
        return label
    }
}
