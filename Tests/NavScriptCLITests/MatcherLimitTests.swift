import Foundation
import Testing

/// A limit passed, or an error raised, inside a matcher (the runner's own code, which has no
/// lines) is placed at the script's `expect`, not at Lua's `?:-1:`.
@Suite struct MatcherLimitTests {
    @Test func limitsInsideMatchersNameTheExpectsLine() throws {
        let fixture = try Fixture(["lim_spec.lua": """
            local function deep(n, v) local t = {v} for i = 1, n do t = {t} end return t end
            scenario("stack", function() expect(deep(100000, 1)):toEqual(deep(100000, 1)) end)
            scenario("instructions", function() local a, b = {}, {} for i = 1, 300000 do a[i], b[i] = i, i end b[300000] = 0 expect(a):toEqual(b) end)
            scenario("memory", function() expect(deep(200000, 1)):toBe(deep(200000, 2)) end)
            scenario("snapshot", function() expect(deep(200, 1)):toMatchSnapshot() end)
            """])
        let result = try navscript(["run", "lim_spec.lua", "--instruction-limit", "5000000", "--update-snapshots"],
                                   in: fixture.root)
        #expect(result.status == 1)
        for expected in ["lim_spec.lua:2: expect(value):toEqual: the values are nested too deep to compare", "lim_spec.lua:3: instruction limit exceeded",
                         "lim_spec.lua:5: expect(value):toMatchSnapshot() failed: a table nested more than 100 levels deep cannot be a snapshot"] {
            #expect(result.output.contains(expected), "\(expected)\n\(result.output)")
        }
        // Whichever limit the two tables of 200,000 levels pass first.
        #expect(result.output.contains("lim_spec.lua:4: memory limit exceeded") || result.output.contains("lim_spec.lua:4: instruction limit exceeded"),
                "\(result.output)")
        #expect(!result.output.contains("?:-1:"), "\(result.output)")
    }
}
