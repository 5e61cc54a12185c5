/// What identifies a screen in the hierarchy: a name plus the traits that tell apart two
/// screens of the same name (two chats differ by `chatId`).
///
/// Nivelir keeps traits as a `Set<AnyHashable>`, whose printed order is not deterministic.
/// Here traits are named, and the description lists them sorted by name, so that logs,
/// errors and snapshots are the same on every run:
///
///     ScreenKey(name: "Chat", traits: ["chatId": 7]).description   // "Chat(chatId=7)"
///     -- Lua: tostring(Chat { chatId = 7 })                          --> "Chat(chatId=7)"
public struct ScreenKey: Hashable, Sendable, CustomStringConvertible {
    /// The screen's name.
    public let name: String
    /// The traits that tell apart screens of the same name.
    public let traits: [String: ScreenValue]

    /// A key of `name` and `traits` (none by default).
    public init(name: String, traits: [String: ScreenValue] = [:]) {
        self.name = name
        self.traits = traits
    }

    /// Why `name` cannot name a trait, or nil: one holding `=`, `,`, `(` or `)` would make
    /// a description another key has too (`Chat{["x=1, y"] = 2}` and `Chat{x = 1, y = 2}`
    /// both print `Chat(x=1, y=2)`), and a key given as text (`nav.container{key = "..."}`)
    /// could not tell them apart.
    public static func traitNameProblem(_ name: String) -> String? {
        guard let mark = name.first(where: { "=,()".contains($0) }) else { return nil }
        return "trait name '\(name)' holds '\(mark)', which a key's text uses: two keys would print alike"
    }

    /// The name, then the traits sorted by name in parentheses: `Chat(chatId=7)`, or `Chat` without traits.
    public var description: String {
        guard !traits.isEmpty else {
            return name
        }
        let body = traits.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(name)(\(body.joined(separator: ", ")))"
    }
}
