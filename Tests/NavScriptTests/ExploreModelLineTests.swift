@testable import NavScript
import Testing

/// The line a model's errors are placed at: the one whose code calls `explore.model`, what
/// comments and strings say of it aside.
@Suite struct ExploreModelLineTests {
    @Test(arguments: [
        ("return explore.model {\n}", 1),
        ("-- explore.model below\nreturn explore.model {}", 2),
        ("--[[\n  this file returns explore.model { ... }\n]]\nreturn explore.model {}", 4),
        ("--[==[ explore.model ]] still ]==]\n\nreturn explore.model {}", 3),
        ("local s = \"uses explore.model\"\nlocal t = 'explore.model \\' x'\nreturn explore.model {}", 3),
        ("local s = [[\nexplore.model\n]]\nreturn explore.model {}", 4),
        // A string goes on past an escaped line break (CRLF too) and `\z`'s white space.
        ("local s = 'a\\\nexplore.model'\nreturn explore.model {}", 3),
        ("local s = 'a\\\r\nexplore.model'\r\nreturn explore.model {}", 3),
        ("local s = 'a\\z\n   explore.model'\nreturn explore.model {}", 3),
        // Line breaks as Lua counts them: CR alone, CRLF, LFCR.
        ("-- a\r-- b\rreturn explore.model {}", 3),
        ("-- a\r\n\n\rreturn explore.model {}", 3),
    ])
    func theCallIsFoundOutsideCommentsAndStrings(script: String, line: Int) {
        #expect(ExploreModelLine.find(in: Array(script.utf8)) == line)
    }

    @Test func twoCallsOrNoneGiveNoLine() {
        #expect(ExploreModelLine.find(in: Array("local a = explore.model {}\nreturn explore.model {}".utf8)) == nil)
        #expect(ExploreModelLine.find(in: Array("-- explore.model\nreturn {}".utf8)) == nil)
    }

    @Test func linesEndAsLuaEndsThem() {
        #expect(LuaLines.split(Array("a\r\nb\n\rc\rd\ne".utf8)) == ["a", "b", "c", "d", "e"])
        #expect(LuaLines.split(Array("a\n\nb\r\r".utf8)) == ["a", "", "b", "", ""])
        #expect(LuaLines.split([0x61, 0xE9, 0x0A]) == ["a\u{FFFD}", ""])
    }

    /// A comment or string left open runs to the end, as Lua reads it (the file then does not load).
    @Test func anUnclosedCommentRunsToTheEnd() {
        #expect(ExploreModelLine.find(in: Array("return explore.model {}\n--[[ explore.model".utf8)) == 1)
        #expect(ExploreModelLine.codeLines(Array("a\n--[[ b\nc".utf8)) == ["a", "      ", " "])
    }
}
