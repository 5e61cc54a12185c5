import Foundation
import LuaKit
import ScreenKit

/// `nav.app { restore = app:snapshot() }`: an app rebuilt from a snapshot, exactly (the
/// tree, keys, classes, styles, selection, presentations, clock and held deeplink). The
/// snapshot is plain data, so it can be changed, stored or made by hand.
extension NavRuntime {
    /// The most containers a restored snapshot may have.
    static let restoreLimits = LuaCopyLimits(values: 1_000_000, bytes: 64 << 20)

    func restoredApplication(_ call: LuaCall, _ index: Int32) throws -> (ScreenApplication, String?) {
        guard call.type(index) == .table else { throw LuaCallError.argument(1, "option 'restore' must be a snapshot (app:snapshot())") }
        let value = try call.value(index, depth: 256, limits: Self.restoreLimits)
        do {
            let state = try ScreenApplicationState(luaSnapshot: value)
            return (try ScreenApplication(restoring: state), state.pendingDeeplink)
        } catch let error as ScreenDSLError {
            throw LuaCallError.argument(1, error.reason)
        }
    }
}

extension NavRuntime {
    /// NAVSCRIPT_CHECK_RESTORE=1: after every step of every scenario that leaves the app at
    /// rest (nothing scheduled: restore settles animations), the hierarchy is written as
    /// JSON, restored into a new app and compared (the tests run the example suites so,
    /// which checks restore on every hierarchy they reach).
    static let checksRestore = ProcessInfo.processInfo.environment["NAVSCRIPT_CHECK_RESTORE"] == "1"

    func checkRestore(_ app: NavApp) throws {
        guard app.application.clock.isIdle else { return }
        let state = app.application.state(pendingDeeplink: app.pendingDeeplink)
        do {
            let data = try JSONEncoder().encode(state)
            let read = try JSONDecoder().decode(ScreenApplicationState.self, from: data)
            let restored = try ScreenApplication(restoring: read)
            let again = restored.state(pendingDeeplink: read.pendingDeeplink)
            // A NaN trait is not equal to itself: then what the states print is compared.
            guard again == state || "\(again)" == "\(state)" else {
                throw LuaCallError.plain("restore check: the restored hierarchy differs:\n" + restored.tree() + "\nfrom:\n" + app.application.tree())
            }
        } catch let error as LuaCallError {
            throw error
        } catch {
            throw LuaCallError.plain("restore check: \(error)")
        }
    }
}
