extension ScreenContainer: CustomStringConvertible {
    /// How logs and errors print a container, after UIKit's `<UINavigationController:
    /// 0x...>` but deterministic: `<UINavigationController>`, `<UIViewController: Chat(chatId=7)>`.
    public var description: String {
        guard let key else {
            return "<\(kind.typeName)>"
        }
        return "<\(kind.typeName): \(key)>"
    }

    /// A short label for pictures and transitions: the key, or the kind when unkeyed.
    public var label: String {
        key?.description ?? kind.rawValue
    }
}
