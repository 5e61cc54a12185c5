/// One change of the hierarchy that a user would see, as an app would animate it.
///
/// A merged stack edit is one transition: `push` when it adds one screen on top, `pop`
/// when it removes the top one, `setStack` otherwise. An edit that changes nothing records
/// none. Lua: `app.transitions[1].kind == "push"`.
public struct ScreenTransition: CustomStringConvertible {
    /// What changed, as Lua's `kind` spells it.
    public enum Kind: String, Sendable, CaseIterable {
        case setRoot, present, dismiss, push, pop, setStack, selectTab
    }

    /// What changed: a root set, a presentation, a dismissal, a stack edit, a tab selected.
    public let kind: Kind
    /// Whether the user sees an animation.
    public let animated: Bool
    /// The animation: "default" (UIKit's own), a custom one's name ("crossDissolve"), or
    /// nil when the change is not animated.
    public let animation: String?
    /// The container that changed: the window, the presenter, the stack, the tabs.
    public let container: ScreenContainer
    /// Labels of what was there before and after: a stack's screens, the presented chain,
    /// the root, the selected tab as "index: label" (1-based).
    public var before: [String] { ScreenLabelChain.labels(of: beforeChain) }
    /// The labels of what is there after the change.
    public var after: [String] { ScreenLabelChain.labels(of: afterChain) }
    /// The same, as chains that a stack's transitions share.
    let beforeChain: ScreenLabelChain?
    let afterChain: ScreenLabelChain?
    /// When it started, in virtual seconds, and how long it animates.
    public let time: Double
    /// How long it animates, in virtual seconds.
    public let duration: Double

    /// `push stack [ChatList] -> [ChatList, Chat(chatId=7)] animated`
    public var description: String { line(before: before, after: after) }

    /// The description with `before` and `after` given: `abridged(keeping:)`'s lists.
    public func line(before: [String], after: [String]) -> String {
        let list = { (labels: [String]) in "[" + labels.joined(separator: ", ") + "]" }
        let target = container.key.map { "\(container.kind.rawValue) \($0)" } ?? container.kind.rawValue
        var line = "\(kind.rawValue) \(target) \(list(before)) -> \(list(after))"
        if let animation {
            line += animation == "default" ? " animated" : " animated(\(animation))"
        }
        return line
    }

    /// `before` and `after` with the labels they share at the bottom cut to the top `kept`
    /// of them, the rest written as one `… 97 more`: a push onto a stack 100 deep is
    /// `[… 97 more, Chat(chatId=98), Chat(chatId=99)] -> [… 97 more, Chat(chatId=98),
    /// Chat(chatId=99), Chat(chatId=100)]`. What they share is found by the links of their
    /// chains (`ScreenLabelChain`), so a stack edit costs what changed, not the stack's depth.
    /// A report's steps keep transitions this way; `app.transitions` gives them whole.
    public func abridged(keeping kept: Int) -> (before: [String], after: [String]) {
        var below = beforeChain, above = afterChain
        while below !== above {
            if (below?.count ?? 0) >= (above?.count ?? 0) { below = below?.below } else { above = above?.below }
        }
        let cut = (below?.count ?? 0) - kept
        guard cut > 1 else { return (before, after) }
        func labels(_ chain: ScreenLabelChain?) -> [String] {
            var labels: [String] = [], link = chain
            while let current = link, current.count > cut {
                labels.append(current.label)
                link = current.below
            }
            return ["… \(cut) more"] + labels.reversed()
        }
        return (labels(beforeChain), labels(afterChain))
    }
}
