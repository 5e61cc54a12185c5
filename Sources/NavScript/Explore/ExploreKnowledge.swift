/// What earlier walks learnt: how often each abstract state was reached, and where each
/// action led from each state. A walk asks it, in each state, how well known the state each
/// action leads to is, and prefers an action never tried there, then one that leads
/// somewhere seldom reached: walks go where earlier walks have not been.
///
/// Walks learn in epochs of `epoch` walks: every walk of an epoch is given what the epochs
/// before it learnt, and nothing of its own epoch, so what a walk does depends on the seed
/// and its number alone, not on `--jobs` or on which walk finished first.
///
///     var knowledge = ExploreKnowledge(actions: ["open chat", "back"])
///     knowledge.learn(from: walk)
///     knowledge.scores(in: shape)       // [action index: visits of the state it leads to]
///     -- Lua: explore.walk(model, depth, start, keys, known) calls known(shape)
public struct ExploreKnowledge: Sendable {
    /// How many walks an epoch holds.
    public static let epoch = 32

    /// The model's action names by their 1-based index.
    private let actions: [String: Int]
    private var visits: [String: Int] = [:]
    /// By state, by action (1-based): the state the action led to when last tried there.
    private var edges: [String: [Int: String]] = [:]

    /// Knows nothing yet of a model with these actions, in order.
    public init(actions: [String] = []) {
        self.actions = Dictionary(actions.enumerated().map { ($0.element, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
    }

    /// For each action tried in `shape`, how often the state it leads to has been reached.
    public func scores(in shape: String) -> [Int: Int] {
        guard let known = edges[shape] else { return [:] }
        return known.mapValues { visits[$0] ?? 0 }
    }

    /// Learns the states a walk reached and where its actions led.
    public mutating func learn(from walk: ExploreRunner.Walk) {
        for shape in walk.shapes { visits[shape, default: 0] += 1 }
        for (position, step) in walk.steps.enumerated() where position + 1 < walk.shapes.count {
            guard let action = actions[step.action] else { continue }
            edges[walk.shapes[position], default: [:]][action] = walk.shapes[position + 1]
        }
    }
}
