import Foundation
import Testing

/// Lua cuts a chunk name longer than 59 characters to "..." and its end in every message it
/// writes; the runner's messages name the whole path, as `file:line` must be openable.
@Suite struct LongPathTests {
    static let folder = "a_rather_long_folder_name/with_more_nesting"

    @Test func messagesNameTheWholePath() throws {
        let fixture = try Fixture([
            "\(Self.folder)/scenarios/some_long_file_name.lua": """
                local M = require "routes.a_long_module_name_for_testing"
                scenario("raises", function() error("boom") end)
                scenario("indexes nil", function() local x = nil; return x.y end)
                scenario("expects", function() expect(1):toBe(2) end)
                scenario("loops", function() while true do end end)
                scenario("in a module", function() M.fail() end)
                """,
            "\(Self.folder)/routes/a_long_module_name_for_testing.lua": "return { fail = function() error('deep') end }\n",
            "\(Self.folder)/scenarios/broken_long_file_name_for_syntax.lua": "scenario('y', function()\n",
        ])
        let result = try navscript(["run", ".", "--instruction-limit", "1000000"], in: fixture.root)
        #expect(result.status == 2)
        let file = "\(Self.folder)/scenarios/some_long_file_name.lua"
        for expected in ["\(file):2: boom", "\(file):3: attempt to index a nil value", "\(file):4: expect(value):toBe(expected) failed",
                         "\(file):5: instruction limit exceeded", "\(Self.folder)/routes/a_long_module_name_for_testing.lua:1: deep",
                         "in function <\(file):2>", "\(Self.folder)/scenarios/broken_long_file_name_for_syntax.lua:2: 'end' expected"] {
            #expect(result.output.contains(expected), "\(expected)")
        }
        #expect(!result.output.contains("..."), "\(result.output)")
    }

    /// The whole name comes back however the message travelled (a coroutine's or a pcall's
    /// error raised again), whatever bytes it holds (a NUL), and a name that itself holds
    /// "..." is not doubled.
    @Test func wholeNamesSurviveCoroutinesNULsAndDots() throws {
        let module = "routes/a_very_long_module_name_that_exceeds_the_lua_limit_of_sixty"
        let fixture = try Fixture([
            "\(module).lua": "return { fail = function() error('deep') end }",
            "scenarios/s.lua": """
                local M = require "routes.a_very_long_module_name_that_exceeds_the_lua_limit_of_sixty"
                scenario("co", function() coroutine.wrap(M.fail)() end)
                scenario("pc", function() local ok, e = pcall(M.fail); error(e, 0) end)
                scenario("nul", function() M.nul() end)
                """,
            "dots/.../qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq_spec.lua": "scenario('exp', function() expect(1):toBe(2) end)",
            "n/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_spec.lua": "scenario('nul', function() error('a\\0b') end)",
        ])
        let modules = try navscript(["run", "scenarios"], in: fixture.root)
        #expect(modules.output.components(separatedBy: "\(module).lua:1: deep").count - 1 == 2, "\(modules.output)")
        let dots = try navscript(["run", "dots/.../qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq_spec.lua"], in: fixture.root)
        #expect(dots.output.contains("dots/.../qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq_spec.lua:1: expect(value)"), "\(dots.output)")
        #expect(!dots.output.contains("dots/dots"))
        let nul = try navscript(["run", "n"], in: fixture.root)
        // The message is whole past its NUL, which the console writes visibly.
        #expect(nul.output.contains("_spec.lua:1: a\\x00b\n     stack traceback:"), "\(nul.output)")
    }
}
