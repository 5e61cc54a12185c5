import Foundation
import Testing

/// Restore on every hierarchy the example suites reach: with NAVSCRIPT_CHECK_RESTORE=1,
/// each step that leaves an app at rest writes its hierarchy as JSON, restores it into a
/// new app and compares; a difference fails the scenario.
@Suite struct RestoreTests {
    @Test func everyHierarchyOfTheExampleSuitesRestoresExactly() throws {
        let result = try navscript(["run", "lua/examples", "lua/tests/nav", "--color", "never"], environment: ["NAVSCRIPT_CHECK_RESTORE": "1"])
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("restore check"))
    }
}
