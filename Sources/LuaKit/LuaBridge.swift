import CLua
import CLuaBridge

/// A Swift function Lua can call. One made once (a `static let`) can be registered on any
/// number of states: its body finds the state's host object with `call.host(_:)`, so that
/// registering it costs a state no Swift allocation at all.
///
///     static let name = LuaFunction { call in call.push(try call.host(Runtime.self).name); return 1 }
public final class LuaFunction: @unchecked Sendable {
    /// What the function does: it reads its arguments from the call, pushes its results and
    /// returns how many it pushed (as a `lua_CFunction` does).
    public typealias Body = (LuaCall) throws -> Int32

    let body: Body

    /// A function with `body`; make it once (a `static let`) to share it between states.
    public init(_ body: @escaping Body) {
        self.body = body
    }

    /// What the C side calls it with; valid as long as the function lives.
    var context: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }
}

/// The Swift half of the bridge's error protocol (the C half, and why it exists, is in
/// `Sources/CLuaBridge/lk_call.c`). Every Swift function Lua calls enters here: the
/// `LuaCallError` it throws is written into the status, and C raises it after this frame has
/// returned. Nothing in Swift ever raises a Lua error.
let luaSwiftEntry: lk_function = { L, context, status in
    guard let L, let context, let status else { return -1 }
    return Unmanaged<LuaFunction>.fromOpaque(context)._withUnsafeGuaranteedRef { box in
        do {
            return try box.body(LuaCall(L))
        } catch let error as LuaCallError {
            switch error {
            case let .argument(index, message):
                lk_setstatus(status, Int32(LK_ERROR_ARGUMENT), index, cText(message))
            case let .type(index, expected):
                lk_setstatus(status, Int32(LK_ERROR_TYPE), index, cText(expected))
            case let .message(message):
                lk_setstatus(status, Int32(LK_ERROR_MESSAGE), 0, cText(message))
            case let .plain(message):
                lk_setstatus(status, Int32(LK_ERROR_PLAIN), 0, cText(message))
            case .value:
                lk_setstatus(status, Int32(LK_ERROR_VALUE), 0, nil)
            }
            return -1
        } catch let error as LuaError {
            // A script error from a nested call already says where it happened.
            lk_setstatus(status, Int32(LK_ERROR_PLAIN), 0, cText(error.message))
            return -1
        } catch {
            // Any other Swift error reads as its description, at the caller's line.
            lk_setstatus(status, Int32(LK_ERROR_MESSAGE), 0, cText("\(error)"))
            return -1
        }
    }
}

/// A message as C text: a NUL byte in it (from a script's string) shows as `\0` instead
/// of cutting the message short.
private func cText(_ message: String) -> String {
    message.contains("\0") ? message.replacingOccurrences(of: "\0", with: "\\0") : message
}

/// Destroys the Swift value a userdata held, when Lua collects it or the state closes. The
/// context is the value's type (its metadata: see `LuaClass`).
let luaDestroy: lk_destroy = { value, context in
    guard let value, let context else { return }
    destroy(unsafeBitCast(context, to: Any.Type.self), at: value)
}

private func destroy<T>(_ type: T.Type, at value: UnsafeMutableRawPointer) {
    value.assumingMemoryBound(to: T.self).deinitialize(count: 1)
}

/// Where `print` writes: the state's output closure.
let luaOutput: lk_output = { context, text, length in
    guard let context, let text else { return }
    let state = Unmanaged<LuaState>.fromOpaque(context).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    state.output?(line)
}
