import Foundation
import LuaKit
import NavScript

/// Shrinking a failure `navscript explore` found: fewer steps, then simpler arguments,
/// equal ones lowered together and totals moved between them, while it fails the same way.
extension Explore {
    /// The fewest steps found that fail as `found` does, from the start they run from: shrunk,
    /// then, where shrinking cannot reach them, searched for among fewer steps
    /// (Explore+Shorter) and shrunk again; what --exhaustive found is a shortest already.
    /// `cutShort` says what stopped shrinking, `searchStopped` what stopped the search.
    func smallest(_ found: Found, runner: ExploreRunner, starts: Int) throws
        -> (steps: [ExploreStep], cutShort: String?, start: Int, searchStopped: String?) {
        var (shrunk, cutShort) = try shrink(found.steps, start: found.start, failure: found.failure, randomSeed: found.randomSeed, runner: runner)
        guard cutShort == nil, !exhaustive else { return (shrunk, cutShort, found.start, nil) }
        func stopped(by: String, trying: String = "") -> String {
            "(the search for fewer steps was stopped by \(by)\(trying): fewer may fail the same way)"
        }
        let search: Shorter
        do {
            search = try shorter(than: shrunk, failure: found.failure, randomSeed: found.randomSeed, runner: runner, starts: starts)
        } catch where LuaState.isInterrupting {
            return (shrunk, cutShort, found.start, stopped(by: RunInterrupt.name))
        }
        switch search {
        case let .found(steps, from):
            (shrunk, cutShort) = try shrink(steps, start: from, failure: found.failure, randomSeed: found.randomSeed, runner: runner)
            return (shrunk, cutShort, from, nil)
        case let .stopped(by, depth):
            let trying = depth == 0 ? "the starts" : Format.count(depth, "action")
            return (shrunk, cutShort, found.start, stopped(by: by, trying: " while it tried \(trying)"))
        case .none:
            return (shrunk, cutShort, found.start, nil)
        }
    }

    /// The failure, shrunk: fewer actions, then simpler arguments, while it fails the same
    /// way (`ExploreFailure.isSame`).
    /// Shrinking stops after 2,000 replays, after --time seconds of its own, or at Ctrl-C
    /// or SIGTERM; `cutShort` then says which, and the steps are the fewest found so far.
    func shrink(_ steps: [ExploreStep], start: Int, failure: ExploreFailure, randomSeed: Int,
                runner: ExploreRunner) throws -> (steps: [ExploreStep], cutShort: String?) {
        var best = steps
        var budget = ExploreBudget(limit: 2_000, named: "its 2,000 replays", seconds: time, timeOption: timeOption)
        /// Whether to try one more candidate.
        func goesOn() -> Bool {
            budget.goesOn { "shrinking, \(Format.count(best.count, "action")) after \($0) replays" }
        }
        /// The steps of `candidate` that fail the same way, cut at the failure, or nil. A step
        /// that is not enabled any more (a removal took away what enabled it) is dropped and
        /// the rest replayed, as QuickCheck's state machines prune.
        func fails(_ candidate: [ExploreStep]) throws -> [ExploreStep]? {
            var candidate = candidate
            while goesOn() {
                budget.spend()
                let replay: ExploreRunner.Replay
                do {
                    replay = try watchdog.watch("shrinking", seconds: runner.secondsPerCall) { try runner.run(candidate, start: start, randomSeed: randomSeed) }
                } catch let error as LuaError {
                    // A candidate that breaks the limit the walk broke, the same way, fails the
                    // same (in its last step, as far as shrinking can tell); one that breaks
                    // another, or raises outside the model's checks, fails otherwise.
                    return error.breaksALimit && ExploreRunner.limitFailure(error).isSame(as: failure) ? candidate : nil
                }
                if replay.skipped, candidate.indices.contains(replay.index - 1) {
                    candidate.remove(at: replay.index - 1)
                    continue
                }
                guard !replay.skipped, let again = replay.failure, again.isSame(as: failure) else { return nil }
                return Array(candidate.prefix(replay.index))
            }
            return nil
        }
        if let cut = try fails(best) { best = cut }
        var changed = true
        // Ctrl-C stops a replay where it is (RunInterrupt.stoppingScripts): the steps found
        // so far are the result.
        do {
            while changed && goesOn() {
                changed = false
                var size = max(best.count / 2, 1)
                while size >= 1 && goesOn() {
                    var position = 0
                    while position < best.count && goesOn() {
                        var candidate = best
                        candidate.removeSubrange(position..<min(position + size, best.count))
                        // Blocks a block's size apart, and the last pairs and single steps at every
                        // offset, as Hypothesis deletes: every offset for big blocks would spend
                        // the replays before single steps are tried.
                        if let shorter = try fails(candidate), shorter.count < best.count {
                            best = shorter
                            changed = true
                        } else {
                            position += size > 2 ? size : 1
                        }
                    }
                    // Halving 3 would skip pairs: `push A, pop` in the middle of 7 steps was kept.
                    size = size == 3 ? 2 : size / 2
                }
                // A simpler argument may fail sooner and cut the steps short: go by the current count.
                var index = 0
                while index < best.count && goesOn() {
                    for arguments in try watchdog.watch("shrinking", seconds: runner.secondsPerCall, { try runner.simpler(best[index]) }) {
                        guard goesOn() else { break }
                        var candidate = best
                        candidate[index] = ExploreStep(action: best[index].action, arguments: arguments)
                        if let simpler = try fails(candidate), simpler.count <= best.count {
                            best = simpler
                            changed = true
                            break
                        }
                    }
                    index += 1
                }
                // Equal arguments, in one step or in several, are lowered together, as Hypothesis
                // shrinks duplicated values together: `tap chat(3), deeplink(3)` fails as
                // `tap chat(1), deeplink(1)`, and `pair(8, 8)` as `pair(1, 1)`, which one argument
                // at a time never reaches.
                if goesOn(), let lowered = try lowerTogether(best, runner: runner, fails: fails) {
                    best = lowered
                    changed = true
                }
                if !changed, goesOn(), var moved = try redistribute(best, runner: runner, fails: fails) {
                    // Moves come in runs (a total drained from the first steps into the later ones,
                    // a replay or two each): made together, before the passes above look again,
                    // which cost some replays a step each (a sum of 900 in 20 steps of up to 100
                    // spent the 2,000 replays at 13 steps).
                    while goesOn(), let further = try redistribute(moved, runner: runner, fails: fails) { moved = further }
                    best = moved
                    changed = true
                }
            }
        } catch where LuaState.isInterrupting {
            _ = goesOn()                            // which says what stopped it
        }
        return (best, budget.stoppedBy)
    }

    /// `steps` with part of one whole number moved to a later argument, as Hypothesis
    /// redistributes a total between two values: a failure at a sum of 12 shrinks from
    /// `add(4), add(8)` to `add(3), add(9)`, and one at a sum of 2,000 from four steps to
    /// `add(0), ...`, whose first step deletion then takes out. The first move (the most that
    /// can move first, then half of it, ...) that fails the same way (`fails`), or nil.
    private func redistribute(_ steps: [ExploreStep], runner: ExploreRunner,
                              fails: ([ExploreStep]) throws -> [ExploreStep]?) throws -> [ExploreStep]? {
        struct Place { let step: Int, argument: Int, range: ClosedRange<Int64>, value: Int64 }
        var places: [Place] = [], byAction: [String: [ClosedRange<Int64>?]] = [:]
        for (index, step) in steps.enumerated() {
            // An action's ranges are its own: asked once (each ask loads the model).
            let ranges = try byAction[step.action] ?? watchdog.watch("shrinking", seconds: runner.secondsPerCall) { try runner.ranges(step) }
            byAction[step.action] = ranges
            for (argument, range) in ranges.enumerated() where argument < step.arguments.count {
                guard let range, case let .integer(value) = step.arguments[argument], range.contains(value) else { continue }
                places.append(Place(step: index, argument: argument, range: range, value: value))
            }
        }
        /// `b - a`, or Int64.max when that is more.
        func distance(_ a: Int64, _ b: Int64) -> Int64 {
            let (difference, overflow) = b.subtractingReportingOverflow(a)
            return overflow ? .max : difference
        }
        for (index, from) in places.enumerated() {
            // Moved toward its simplest value, as `simpler` shrinks it: 0, or the end nearest it.
            let simplest = min(max(0, from.range.lowerBound), from.range.upperBound)
            guard from.value > simplest else { continue }
            for to in places[(index + 1)...] {
                var amount = min(distance(simplest, from.value), distance(to.value, to.range.upperBound))
                while amount >= 1 {
                    var moved = steps
                    for (place, value) in [(from, from.value - amount), (to, to.value + amount)] {
                        var arguments = moved[place.step].arguments
                        arguments[place.argument] = .integer(value)
                        moved[place.step] = ExploreStep(action: moved[place.step].action, arguments: arguments)
                    }
                    if let failing = try fails(moved), failing.count <= steps.count { return failing }
                    amount /= 2
                }
            }
        }
        return nil
    }

    /// `steps` with one value that two or more arguments hold replaced by a simpler one in all
    /// of them, or in those of one action (a holder already at its lowest, or whose lowering
    /// stops the failure, must not keep the others where they are), the first such that fails
    /// the same way (`fails`); nil when none does.
    private func lowerTogether(_ steps: [ExploreStep], runner: ExploreRunner,
                               fails: ([ExploreStep]) throws -> [ExploreStep]?) throws -> [ExploreStep]? {
        struct Place: Hashable { let step: Int, argument: Int }
        // What each argument may become: `simpler` varies one argument of a step at a time.
        var simpler: [Place: [LuaValue]] = [:]
        var holders: [LuaValue: [Place]] = [:], order: [LuaValue] = []
        for (index, step) in steps.enumerated() {
            for list in try watchdog.watch("shrinking", seconds: runner.secondsPerCall, { try runner.simpler(step) }) {
                for (argument, value) in list.enumerated() where argument < step.arguments.count && value != step.arguments[argument] {
                    simpler[Place(step: index, argument: argument), default: []].append(value)
                }
            }
            for (argument, value) in step.arguments.enumerated() {
                if holders[value] == nil { order.append(value) }
                holders[value, default: []].append(Place(step: index, argument: argument))
            }
        }
        for value in order {
            guard let all = holders[value], all.count > 1 else { continue }
            var actions: [String] = []
            for place in all where !actions.contains(steps[place.step].action) { actions.append(steps[place.step].action) }
            let byAction = actions.map { action in all.filter { steps[$0.step].action == action } }.filter { $0.count > 1 && $0.count < all.count }
            for places in [all] + byAction {
                let taken = (simpler[places[0]] ?? []).filter { candidate in places.allSatisfy { simpler[$0]?.contains(candidate) == true } }
                for candidate in taken {
                    var lowered = steps
                    for place in places {
                        var arguments = lowered[place.step].arguments
                        arguments[place.argument] = candidate
                        lowered[place.step] = ExploreStep(action: lowered[place.step].action, arguments: arguments)
                    }
                    if let shorter = try fails(lowered), shorter.count <= steps.count { return shorter }
                }
            }
        }
        return nil
    }
}
