/// Phantom types that give routes their Swift types, as UIKit classes do in Nivelir:
/// `ScreenRoute<WindowContainer, StackContainer>` is Nivelir's
/// `ScreenRoute<UIWindow, UINavigationController>`. They have no values; each names a
/// `ScreenContainerKind`, and the compiler offers `push` only where `Current` is a stack.
public protocol ScreenContainerType {
    static var kind: ScreenContainerKind { get }
}

/// A container type that can present: a plain view controller, a stack or tabs.
public protocol ModalContainerType: ScreenContainerType {}

/// Any container (Nivelir's `ScreenContainer`).
public enum AnyContainer: ScreenContainerType {
    /// `.container`: any kind.
    public static var kind: ScreenContainerKind { .container }
}

/// A window (`UIWindow`).
public enum WindowContainer: ScreenContainerType {
    /// `.window`.
    public static var kind: ScreenContainerKind { .window }
}

/// A plain view controller (`UIViewController`), and the common type of all modal kinds.
public enum ModalContainer: ModalContainerType {
    /// `.modal`.
    public static var kind: ScreenContainerKind { .modal }
}

/// A navigation stack (`UINavigationController`).
public enum StackContainer: ModalContainerType {
    /// `.stack`.
    public static var kind: ScreenContainerKind { .stack }
}

/// A tab bar (`UITabBarController`).
public enum TabsContainer: ModalContainerType {
    /// `.tabs`.
    public static var kind: ScreenContainerKind { .tabs }
}
