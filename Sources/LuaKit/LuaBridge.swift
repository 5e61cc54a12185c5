import CLua
import CLuaBridge

/// The Swift half of the bridge's error protocol (the C half, and why it exists, is in
/// `Sources/CLuaBridge/lk_call.c`). Every Swift function Lua calls enters here: the
/// `LuaCallError` it throws is written into the status, and C raises it after this frame has
/// returned. Nothing in Swift ever raises a Lua error.
final class LuaFunctionBox {
    typealias Body = (LuaCall) throws -> Int32

    let body: Body

    init(body: @escaping Body) {
        self.body = body
    }
}

let luaSwiftEntry: lk_function = { L, context, status in
    guard let L, let context, let status else { return -1 }
    return Unmanaged<LuaFunctionBox>.fromOpaque(context)._withUnsafeGuaranteedRef { box in
        do {
            return try box.body(LuaCall(L))
        } catch let error as LuaCallError {
            switch error {
            case let .argument(index, message):
                lk_setstatus(status, Int32(LK_ERROR_ARGUMENT), index, message)
            case let .type(index, expected):
                lk_setstatus(status, Int32(LK_ERROR_TYPE), index, expected)
            case let .message(message):
                lk_setstatus(status, Int32(LK_ERROR_MESSAGE), 0, message)
            case let .plain(message):
                lk_setstatus(status, Int32(LK_ERROR_PLAIN), 0, message)
            case .value:
                lk_setstatus(status, Int32(LK_ERROR_VALUE), 0, nil)
            }
            return -1
        } catch let error as LuaError {
            // A script error from a nested call already says where it happened.
            lk_setstatus(status, Int32(LK_ERROR_PLAIN), 0, error.message)
            return -1
        } catch {
            // Any other Swift error reads as its description, at the caller's line.
            lk_setstatus(status, Int32(LK_ERROR_MESSAGE), 0, "\(error)")
            return -1
        }
    }
}

/// Releases the Swift object a userdata held, when Lua collects it or the state closes.
let luaRelease: lk_release = { object in
    guard let object else { return }
    Unmanaged<AnyObject>.fromOpaque(object).release()
}

/// Where `print` writes: the state's output closure.
let luaOutput: lk_output = { context, text, length in
    guard let context, let text else { return }
    let state = Unmanaged<LuaState>.fromOpaque(context).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    state.output?(line)
}
