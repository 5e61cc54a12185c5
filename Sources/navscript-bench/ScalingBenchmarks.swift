import Foundation
import ScreenKit

/// How searches and a push grow with the hierarchy: a tab bar of stacks of ten screens,
/// about 10, 1,000 and 100,000 containers. Searches visit every container, so they may grow
/// linearly; a push into the selected stack must not grow at all.
enum ScalingBenchmarks {
    static let sizes = [10, 1000, 100_000]

    /// A tab bar with `tabs` stacks of 10 screens, the last tab selected.
    static func app(tabs: Int) throws -> ScreenApplication {
        let stacks = (0..<tabs).map { tab in
            ScreenNode.stack((0..<10).map { .screen(AnyScreen(name: "Screen", traits: ["tab": .int(tab), "n": .int($0)])) })
        }
        return try ScreenApplication(root: .tabs(stacks, selected: tabs - 1))
    }

    static func containers(tabs: Int) -> Int { 2 + tabs * 11 }

    static func tabs(for size: Int) -> Int { max(1, (size - 2) / 11) }

    /// Seconds per operation at each size: the sizes take turns, and the fastest run of
    /// each counts.
    static func measure(_ operation: @escaping (ScreenApplication, Int) throws -> Void, iterations: (Int) -> Int) throws -> [Double] {
        let runs = try sizes.map { size -> (count: Int, run: () throws -> Void) in
            let app = try app(tabs: tabs(for: size))
            let count = iterations(size)
            return (count, {
                for index in 0..<count {
                    try operation(app, index)
                }
            })
        }
        return try zip(Measure.fastest(rounds: 5, runs.map(\.run)), runs).map { $0 / Double($1.count) }
    }

    static func rows() throws -> [Row] {
        let window = AnyScreenRoute(root: .window)
        let searchCount = { (size: Int) in max(3, 200_000 / size) }
        // The screen deepest in the first tab: a search walks the whole tree to be sure.
        let last = try measure({ app, _ in
            app.navigate(to: try window.last(.container(of: .modal, key: ScreenKey(name: "Screen", traits: ["tab": 0, "n": 9]))))
        }, iterations: searchCount)
        let top = try measure({ app, _ in
            app.navigate(to: try window.top(.container(of: .stack)))
        }, iterations: searchCount)
        // Alternately the first and the last tab's bottom screen: a search, a tab switch and a pop.
        let visible = try measure({ app, index in
            let tab = index % 2 == 0 ? 0 : (app.window.root?.children.count ?? 1) - 1
            let target = ScreenKey(name: "Screen", traits: ["tab": .int(tab), "n": 0])
            app.navigate(to: try window.last(.container(of: .modal, key: target)).makeVisible(stackAnimation: nil))
            app.navigate(to: try window.top(.container(of: .stack)).push(AnyScreen(name: "Extra"), animation: nil))
        }, iterations: searchCount)
        // A push and a pop on the selected stack, found once: the edit alone.
        let push = try measure({ app, _ in
            guard let stack = app.window.root?.selectedChild else { return }
            app.navigate(from: stack, to: try AnyScreenRoute(root: .stack).push(AnyScreen(name: "Pushed"), animation: nil))
            app.navigate(from: stack, to: try AnyScreenRoute(root: .stack).pop(animation: nil))
        }, iterations: { _ in 20_000 })
        return [
            searchRow("last(...)", last),
            searchRow("top(...)", top),
            searchRow("makeVisible (with its search)", visible),
            constantRow("push (and pop) on the selected stack", push),
        ]
    }

    /// Cost per container at the largest size, against the 10-container case: at most about
    /// 1 when the search is linear (the smallest case carries the fixed cost, so less).
    static func searchRow(_ name: String, _ times: [Double]) -> Row {
        let small = times[0] / Double(sizes[0]), large = times[2] / Double(sizes[2])
        let ratio = large / small
        return Row(name: "scaling: \(name)", measured: times[2] * 1e6, baseline: times[0] * 1e6, unit: "µs",
                   baselineName: "10 containers", ratio: ratio, target: "per container ≤ 1× (linear)", met: ratio <= 1.2,
                   note: String(format: "10: %.2f µs, 1000: %.2f µs, 100000: %.1f µs", times[0] * 1e6, times[1] * 1e6, times[2] * 1e6))
    }

    static func constantRow(_ name: String, _ times: [Double]) -> Row {
        let ratio = times[2] / times[0]
        return Row(name: "scaling: \(name)", measured: times[2] * 1e6, baseline: times[0] * 1e6, unit: "µs",
                   baselineName: "10 containers", ratio: ratio, target: "constant (≤ 1.5×)", met: ratio <= 1.5,
                   note: String(format: "10: %.2f µs, 1000: %.2f µs, 100000: %.2f µs", times[0] * 1e6, times[1] * 1e6, times[2] * 1e6))
    }
}
