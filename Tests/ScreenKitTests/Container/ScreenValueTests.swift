import ScreenKit
import Testing

/// What a Swift screen factory reads from a script's traits: each kind by its accessor, nil
/// for any other kind, and a whole number as a double too, as a script writes `7` or `7.0`.
@Suite struct ScreenValueTests {
    @Test func eachKindReadsByItsAccessor() {
        let traits: [String: ScreenValue] = ["id": .int(7), "ratio": .double(0.5), "on": .bool(true), "name": .string("a"),
                                             "list": .array([.int(1)]), "fields": .object(["a": .int(1)])]
        #expect(traits["id"]?.intValue == 7 && traits["id"]?.doubleValue == 7 && traits["id"]?.stringValue == nil)
        #expect(traits["ratio"]?.doubleValue == 0.5 && traits["ratio"]?.intValue == nil)
        #expect(traits["on"]?.boolValue == true && traits["name"]?.boolValue == nil)
        #expect(traits["list"]?.arrayValue == [.int(1)] && traits["fields"]?.arrayValue == nil)
        #expect(traits["fields"]?.objectValue == ["a": .int(1)] && traits["name"]?.stringValue == "a")
    }
}
