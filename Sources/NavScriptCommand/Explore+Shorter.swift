import Foundation
import NavScript

/// After shrinking, a breadth-first search for fewer steps that fail the same way, as a
/// model checker finds a shortest counterexample. Shrinking only takes steps out and lowers
/// arguments, so it stops where a failure needs time to pass or a total to be reached:
/// `compose, present, open chat, open chat, close all, present` keeps its two chats, which
/// only let an animation run, where `compose, compose, close all, compose` fails the same way.
extension Explore {
    /// The most sequences the search replays.
    static let shorterSearchBudget = 5_000

    /// What the search found: fewer steps that fail the same way and the start they run
    /// from, or what stopped it before it had looked at every shorter sequence.
    enum Shorter {
        case found(steps: [ExploreStep], start: Int)
        case none
        case stopped(by: String, depth: Int)
    }

    /// A sequence of fewer steps than `steps` that fails the same way (`ExploreFailure.isSame`)
    /// and the start it runs from: the shortest there is from any start, as far as the search
    /// reaches within `shorterSearchBudget` sequences, --time seconds of its own and no
    /// interrupt. States are told apart by screen keys too (a failure may need two chats of
    /// one id), and one reached at rest is followed once, as --exhaustive follows it.
    func shorter(than steps: [ExploreStep], failure: ExploreFailure, randomSeed: Int, runner: ExploreRunner,
                 starts: Int) throws -> Shorter {
        guard steps.count > 1 else { return .none }
        var budget = ExploreBudget(limit: Self.shorterSearchBudget, named: "its 5,000 sequences", seconds: time, timeOption: timeOption)
        /// Whether to try one more sequence, at `length`; counts it.
        func goesOn(_ length: Int) -> Bool {
            guard budget.goesOn({ "looking for fewer than \(Format.count(steps.count, "action")), depth \(length), \($0) sequences" }) else {
                return false
            }
            budget.spend()
            return true
        }
        /// The state `sequence` leaves, or why it ends the search's branch: a failure of its
        /// own (the same one ends the search), a step not enabled, a model that breaks.
        enum Outcome { case state(ExploreRunner.Expansion), same, deadEnd }
        func outcome(_ sequence: [ExploreStep], start: Int) -> Outcome {
            do {
                let expansion = try watchdog.watch("looking for fewer steps", seconds: runner.secondsPerCall) {
                    try runner.expand(sequence, start: start, keys: true, randomSeed: randomSeed)
                }
                if let again = expansion.replay.failure { return again.isSame(as: failure) ? .same : .deadEnd }
                return expansion.replay.skipped ? .deadEnd : .state(expansion)
            } catch let error as LuaError where error.breaksALimit {
                return ExploreRunner.limitFailure(error).isSame(as: failure) ? .same : .deadEnd
            } catch {
                // An action with too many argument lists to list, a model that raises: the
                // steps shrinking found stand.
                return .deadEnd
            }
        }
        var atRest = Set<String>()
        var level: [(start: Int, sequence: [ExploreStep], moves: [ExploreStep])] = []
        for start in 1...starts {
            guard goesOn(0) else { return .stopped(by: budget.stoppedBy ?? "", depth: 0) }
            switch outcome([], start: start) {
            case .same: return .found(steps: [], start: start)
            case .deadEnd: continue
            case let .state(expansion):
                if expansion.isIdle { atRest.insert(expansion.searchKey) }
                level.append((start, [], expansion.next))
            }
        }
        for length in 1..<steps.count {
            var next: [(start: Int, sequence: [ExploreStep], moves: [ExploreStep])] = []
            for (start, sequence, moves) in level {
                for move in moves {
                    guard goesOn(length) else { return .stopped(by: budget.stoppedBy ?? "", depth: length) }
                    let candidate = sequence + [move]
                    switch outcome(candidate, start: start) {
                    case .same: return .found(steps: candidate, start: start)
                    case .deadEnd: continue
                    case let .state(expansion):
                        // The last level is only asked for failures.
                        if length + 1 < steps.count, !expansion.isIdle || atRest.insert(expansion.searchKey).inserted {
                            next.append((start, candidate, expansion.next))
                        }
                    }
                }
            }
            level = next
        }
        return .none
    }
}
