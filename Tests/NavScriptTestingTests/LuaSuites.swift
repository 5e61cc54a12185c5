import NavScriptTesting
import Testing

/// The repository's Lua suites, as Swift Testing cases: one case per scenario, shown by its
/// name and `file:line`, failures recorded at the Lua line. The same suites also run
/// through the `navscript` binary (scripts/test).
@Suite struct LuaSuites {
    // With only NavScriptTesting imported, as the README's test file: LuaLimits comes with it.
    @Test(arguments: NavScenarios.discover("lua/tests", "lua/examples", limits: LuaLimits()))
    func scenario(_ scenario: NavScenario) {
        scenario.run()
    }
}
