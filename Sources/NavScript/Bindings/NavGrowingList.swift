import LuaKit

/// A list an app only adds to (`app.log`, `app.transitions`) as Lua reads it: one table kept
/// for the app in its state and filled with what came since the last read, and each read a
/// copy of that table's array. So a scenario that reads the last transition after every step
/// pays a copy of references a read, not a new table for every entry (4,000 steps took 36 s).
/// The entries themselves (a transition's table) are the same from read to read.
///
///     app.transitions[#app.transitions].kind   -- "push"
final class NavGrowingList {
    private var table: LuaReference?
    private var count = 0

    /// Pushes a new table with the list's `total` entries, the new ones (from the count of
    /// the last read) pushed by `element(index)`, 0-based, which pushes one value.
    func push(_ call: LuaCall, in lua: LuaState, total: Int, element: (Int) throws -> Void) throws {
        guard call.reserve(4) else { throw LuaCallError.message("stack overflow") }
        // Another state's table (a host's app used by two), or a list that shrank: anew.
        if table?.state !== lua || total < count {
            table = nil
            count = 0
        }
        if let table {
            try table.push(on: call)
        } else {
            call.pushTable(array: total)
            call.pushCopy(-1)
            table = lua.reference(from: call)
        }
        for index in count..<total {
            try element(index)
            call.setElement(-2, index + 1)
        }
        count = total
        call.pushTable(array: total)
        for index in 0..<total {
            call.element(-2, index + 1)
            call.setElement(-2, index + 1)
        }
        call.remove(-2)
    }
}
