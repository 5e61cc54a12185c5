import Foundation
import Testing

/// What a second review of `navscript explore` found: shrinking that moved to another assert,
/// a custom action left pending at a walk's end, a model that explores nothing, and whole
/// numbers that shrank toward their lowest instead of toward 0.
@Suite struct ExploreSecondReviewTests {
    /// Two asserts say the same thing on two lines: a walk that broke the second is not
    /// shrunk to one that breaks the first (the user fixes the bug found, and its scenario passes).
    @Test func shrinkingKeepsToTheLineThatRaised() throws {
        let fixture = try Fixture(["asserts.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("a", function(app, n)
                assert(n ~= 0)
                assert(n < 50)
              end, { args = explore.int(0, 100) }) },
            }
            """])
        let result = try navscript(["explore", "asserts.lua"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("  1. a(50)\n"), "\(result.output)")
        #expect(result.output.contains("asserts.lua:6: assertion failed!"), "\(result.output)")
    }

    /// No action advances the clock: the push is still animating when the walk ends, and the
    /// action after it waits for ever. The run loop settles at the end of each walk and each
    /// state the search meets mid-animation, and the saved scenario settles as the walk did.
    @Test func aCustomActionLeftPendingAtTheEndIsFound() throws {
        let fixture = try Fixture(["pend.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            nav.action("hang", { on = "stack", perform = function(container, navigator, done) end })
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("push then hang", function(app)
                  app.navigator:navigate(nav.route():top(nav.stack):push(B()):hang())
                end, { when = function(app) return #app:topStack().children == 1 end }) },
            }
            """])
        let pending = "pending: ScreenCustomAction<UINavigationController>(name: \"hang\")"
        for arguments in [["explore", "pend.lua", "--save-failures", "saved"], ["explore", "pend.lua", "--exhaustive", "--depth", "3"]] {
            let result = try navscript(arguments, in: fixture.root)
            #expect(result.status == 1, "\(arguments): \(result.output)\(result.errors)")
            #expect(result.output.contains("✗ Invariant 'no custom action is left pending once the run loop settles' broke"), "\(result.output)")
            #expect(result.output.contains("  1. push then hang\n"), "\(result.output)")
            #expect(result.output.contains(pending), "\(result.output)")
        }
        let saved = try navscript(["run", "saved"], in: fixture.root)
        #expect(saved.status == 1)
        #expect(saved.output.contains("does not hold after step 1 (push then hang): \(pending)"), "\(saved.output)")
    }

    /// A model none of whose actions is ever enabled checks nothing, and says so, as run
    /// refuses to run no scenarios.
    @Test func aModelThatExploresNothingIsNoPass() throws {
        let fixture = try Fixture(["none.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("never", function(app) end, { when = function() return false end }) },
            }
            """])
        for arguments in [["explore", "none.lua", "--runs", "5"], ["explore", "none.lua", "--exhaustive"]] {
            let result = try navscript(arguments, in: fixture.root)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(result.output.contains("No action was enabled in any state reached: nothing was explored beyond the start states, whose invariants held."),
                    "\(result.output)")
        }
    }

    /// As Hypothesis's integers: toward 0 when the range holds it, else its end nearest 0,
    /// and a negative number's positive counterpart is simpler.
    @Test(arguments: [
        ("explore.action(\"far\", function(app, n) assert(n > -10 and n < 10, \"far\") end, { args = explore.int(-100, 100) })", "far(10)"),
        ("explore.action(\"below\", function(app, n) assert(n > -40, \"low\") end, { args = explore.int(-100, -20) })", "below(-40)"),
        ("explore.action(\"above\", function(app, n) assert(n < 40, \"high\") end, { args = explore.int(20, 100) })", "above(40)"),
    ])
    func wholeNumbersShrinkTowardZero(action: String, shrunk: String) throws {
        let fixture = try Fixture(["sym.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { \(action) },
            }
            """])
        let result = try navscript(["explore", "sym.lua", "--runs", "20", "--depth", "1"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("  1. \(shrunk)\n"), "\(result.output)")
    }
}
