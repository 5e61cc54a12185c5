import Testing
@testable import NavScript

/// What makes two failures one, for shrinking and for the file a failure is saved in.
@Suite struct ExploreFailureTests {
    @Test func numbersAreOneFormAndNamesWithDigitsInsideAreNot() {
        #expect(ExploreFailure.form("Chat 44 is open twice") == "Chat # is open twice")
        #expect(ExploreFailure.form("x(2) failed at 0.5 s") == "x(#) failed at #.# s")
        #expect(ExploreFailure.form("when2.lua:8: instruction limit exceeded") == "when2.lua:#: instruction limit exceeded")
        // A number that ends a word is one (an id glued to a name); one inside a name is not.
        #expect(ExploreFailure.form("Chat32 failed, big_45 and bigx45.") == "Chat# failed, big_# and bigx#.")
        #expect(ExploreFailure.form("v2_3 in h264x and routes/a2.lua") == "v2_# in h264x and routes/a2.lua")
        #expect(ExploreFailure.form("error in routes/v20/chat.lua:3: boom, t5\\m.lua") == "error in routes/v20/chat.lua:#: boom, t5\\m.lua")
        #expect(ExploreFailure.form("first line 1\nsecond 2") == "first line #")
        #expect(ExploreFailure.form("got table: 0x55a1f3c0 and 0x7f") == "got table: # and #")
        let a = ExploreFailure(invariant: "i", message: "a1.lua:3: boom"), b = ExploreFailure(invariant: "i", message: "a2.lua:3: boom")
        #expect(!a.isSame(as: b))
        // Two asserts of one model are two failures; a limit met on another line is one.
        #expect(!a.isSame(as: ExploreFailure(invariant: "i", message: "a1.lua:7: boom")))
        #expect(a.isSame(as: ExploreFailure(invariant: "i", message: "a1.lua:3: boom")))
        let limit = ExploreRunner.limitInvariant
        #expect(ExploreFailure(invariant: limit, message: "a1.lua:3: instruction limit exceeded (100 instructions)")
            .isSame(as: ExploreFailure(invariant: limit, message: "a1.lua:7: instruction limit exceeded (100 instructions)")))
        #expect(ExploreFailure.form("a1.lua:12: Chat 4", keepingLines: true) == "a1.lua:12: Chat #")
    }
}
