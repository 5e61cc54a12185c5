/// A custom animation, known by its name and how long it runs. Stack, tab and root
/// animations other than UIKit's default are custom ones, as in Nivelir.
///
///     route.push(chat, animation: .custom(.crossDissolve))   -- Lua: push(chat, {animation = "crossDissolve"})
public struct ScreenCustomAnimation: Hashable, Sendable {
    /// The animation's name ("crossDissolve", or one of the host's).
    public let name: String
    /// How long it runs, in virtual seconds; never negative.
    public let duration: Double

    /// An animation named `name` running `duration` seconds; a negative, zero or non-finite duration is 0.
    ///
    ///     ScreenCustomAnimation(name: "fade", duration: 0.2)
    ///     -- Lua: push(chat, {animation = {name = "fade", duration = 0.2}})
    public init(name: String, duration: Double = 0.3) {
        self.name = name
        self.duration = duration.isFinite && duration > 0 ? duration : 0
    }

    /// Nivelir's built-in `UIView.transition` with `.transitionCrossDissolve`, 0.3 s.
    public static let crossDissolve = ScreenCustomAnimation(name: "crossDissolve", duration: 0.3)
}

/// A stack animation: UIKit's own push and pop, or a custom one (Nivelir's
/// `ScreenStackAnimation`). No animation is `nil`.
public enum ScreenStackAnimation: Hashable, Sendable {
    case `default`
    case custom(ScreenCustomAnimation)

    /// The custom cross-dissolve, 0.3 s.
    ///
    ///     route.push(chat, animation: .crossDissolve)   -- Lua: push(chat, {animation = "crossDissolve"})
    public static let crossDissolve = ScreenStackAnimation.custom(.crossDissolve)

    /// Whether it is UIKit's own push and pop animation.
    public var isDefault: Bool { self == .default }

    /// "default" or the custom animation's name.
    public var name: String {
        switch self {
        case .default: return "default"
        case let .custom(animation): return animation.name
        }
    }

    /// Nivelir's rule for merging two stack edits' animations: equal ones stay, a missing
    /// one yields to the other, and two different ones become the default.
    static func resolve(_ first: ScreenStackAnimation?, _ second: ScreenStackAnimation?) -> ScreenStackAnimation? {
        switch (first, second) {
        case (nil, nil): return nil
        case let (first?, nil): return first
        case let (nil, second?): return second
        case let (first?, second?): return first == second ? second : .default
        }
    }
}

/// Tab and root animations are only ever custom (Nivelir's `ScreenTabAnimation` and
/// `ScreenRootAnimation` have just `.custom`).
public typealias ScreenTabAnimation = ScreenCustomAnimation
/// A window root's animation, always a custom one (Nivelir's `ScreenRootAnimation`).
///
///     route.setRoot(to: home, animation: .crossDissolve)   -- Lua: setRoot(home, {animation = "crossDissolve"})
public typealias ScreenRootAnimation = ScreenCustomAnimation

extension ScreenCustomAnimation {
    /// UIKit's `UIView.AnimationOptions.transition...` for the names of its transitions.
    private static let transitionOptions: [String: Int] = [
        "flipFromLeft": 1 << 20, "flipFromRight": 2 << 20, "curlUp": 3 << 20, "curlDown": 4 << 20,
        "crossDissolve": 5 << 20, "flipFromTop": 6 << 20, "flipFromBottom": 7 << 20,
    ]

    /// How Swift prints the animation in a Nivelir action of `type` (`ScreenStackAnimation`,
    /// `ScreenTabAnimation`, `ScreenRootAnimation`): one of UIKit's transitions as Nivelir's
    /// transition animation, `Nivelir.ScreenTabTransitionAnimation(duration: 0.3, options:
    /// __C.UIViewAnimationOptions(rawValue: 5242880))`; another as itself.
    func swiftText(in type: String) -> String {
        guard let options = Self.transitionOptions[name] else { return "\(self)" }
        let transition = type.dropLast("Animation".count) + "TransitionAnimation"
        return "Nivelir.\(transition)(duration: \(duration), options: __C.UIViewAnimationOptions(rawValue: \(options)))"
    }
}

extension ScreenURLText {
    /// An optional stack animation as Swift prints Nivelir's field:
    /// `Optional(Nivelir.ScreenStackAnimation.default)`, `...custom(Nivelir.ScreenStackTransitionAnimation(...)))`, `nil`.
    static func animation(_ animation: ScreenStackAnimation?) -> ScreenURLText {
        switch animation {
        case nil: return ScreenURLText("nil")
        case .default?: return ScreenURLText("Optional(Nivelir.ScreenStackAnimation.default)")
        case let .custom(custom)?: return ScreenURLText("Optional(Nivelir.ScreenStackAnimation.custom(\(custom.swiftText(in: "ScreenStackAnimation"))))")
        }
    }

    /// An optional tab or root animation (`type`: `ScreenTabAnimation`, `ScreenRootAnimation`),
    /// always custom: `Optional(Nivelir.ScreenTabAnimation.custom(...))`, `nil`.
    static func animation(_ type: String, _ animation: ScreenCustomAnimation?) -> ScreenURLText {
        ScreenURLText(animation.map { "Optional(Nivelir.\(type).custom(\($0.swiftText(in: type))))" } ?? "nil")
    }
}

/// How long UIKit's own animations take in virtual time.
public struct ScreenAnimationTiming: Sendable {
    /// A modal presentation or dismissal.
    public var modal: Double = 0.5
    /// A bottom sheet's presentation or dismissal: Nivelir's sheet animates itself, for its
    /// `BottomSheetAnimationOptions.transition` (0.4 s).
    public var bottomSheet: Double = 0.4
    /// A stack push, pop or replacement with UIKit's default animation.
    public var stack: Double = 0.35

    /// UIKit's durations: 0.5 s modal, 0.4 s bottom sheet, 0.35 s stack.
    public init() {}
}
