import CLua
import CLuaBridge

/// A state's limits and what it spends against them: the budget of instructions and time
/// calls share, the host's work and memory charged to it, the collector.
extension LuaState {
    /// The limits in force: those the state was opened with, or those `setLimits` last set.
    ///
    ///     lua.setLimits(LuaLimits(memory: 8 << 20))   // lua.limits.memory == 8 << 20
    public var limits: LuaLimits {
        get { options.limits }
    }

    /// Changes the limits from the next call on.
    public func setLimits(_ limits: LuaLimits) {
        guard let L else { return }
        lk_setlimits(L, limits.memory, Int64(limits.instructions), limits.seconds)
        options.limits = limits
    }

    /// Bytes the state holds now, and at most so far.
    public var memoryUsed: Int { L.map { lk_memoryused($0) } ?? 0 }
    /// The most bytes the state has held so far.
    public var memoryPeak: Int { L.map { lk_memorypeak($0) } ?? 0 }
    /// Bytes left under the memory cap (`Int.max` without one).
    public var memoryLeft: Int { limits.memory > 0 ? max(0, limits.memory - memoryUsed) : .max }

    /// Runs `body` with one budget of instructions and time for every call it makes into
    /// Lua, instead of a whole budget for each (a scenario's hooks and body share one).
    public func withBudget<R>(_ body: () throws -> R) rethrows -> R {
        guard let L else { return try body() }
        lk_beginbudget_scope(L)
        defer { if let L = self.L { lk_endbudget_scope(L) } }
        return try body()
    }

    /// Whether a limit of the budget in force was passed: every call into Lua then fails at
    /// once, with that limit's error, until the budget is renewed.
    public var isStopped: Bool {
        L.map { lk_laststop($0) != LK_STOP_NONE } ?? false
    }

    /// Charges work the host did for a script (a navigation step) to its budget: the
    /// error of the limit it passed, if it did. The script then stops as soon as the host
    /// returns to it, and calls into it fail at once until the budget is renewed.
    public func chargeHost(instructions: Int) -> LuaError? {
        guard let L else { return nil }
        return stopError(lk_chargehost(L, Int64(clamping: instructions)), L)
    }

    /// Charges bytes the host keeps for a script (copies of its data in Swift) to the
    /// memory cap until the budget is renewed: the error of the cap, once passed. The script
    /// then stops as soon as the host returns to it.
    public func chargeMemory(bytes: Int) -> LuaError? {
        guard let L, bytes > 0 else { return nil }
        return stopError(lk_chargememory(L, bytes), L)
    }

    /// Charges bytes as `chargeMemory(bytes:)` does, and gives them back when the returned
    /// charge goes: whatever holds the memory keeps the charge (a container its own), so that
    /// what a script lets go stops counting against its cap. After `close` nothing is given
    /// back. Like every use of the state, the charge must go on the thread that uses it.
    ///
    ///     let (charge, error) = lua.chargeMemory(refundable: 512)
    ///     container.retain(charge)
    public func chargeMemory(refundable bytes: Int) -> (LuaMemoryCharge, LuaError?) {
        (LuaMemoryCharge(account: account, bytes: bytes), chargeMemory(bytes: bytes))
    }

    private func stopError(_ stop: Int32, _ L: OpaquePointer) -> LuaError? {
        guard stop != LK_STOP_NONE, let message = lk_stopmessage(L) else { return nil }
        let isMemory = stop == LK_STOP_MEMORY || stop == LK_STOP_CAP
        return LuaError(status: isMemory ? LUA_ERRMEM : LUA_ERRRUN, message: String(cString: message), stop: stop)
    }

    /// Makes the next `count` allocations of the state fail as if the system refused them:
    /// how tests reach what a machine out of memory does.
    package func failAllocations(_ count: Int) {
        guard let L else { return }
        lk_failallocations(L, Int32(clamping: count))
    }

    /// Whether every state of the process is interrupted: each stops at its next count of
    /// instructions, as at a limit, with "stopped: the run was interrupted", until this is
    /// set back to false. For Ctrl-C in a host that runs scripts on threads; settable from
    /// any thread.
    ///
    ///     LuaState.isInterrupting = true    -- a Lua loop stops within a few instructions
    public static var isInterrupting: Bool {
        get { lk_interrupting() != 0 }
        set { lk_interrupt(newValue ? 1 : 0) }
    }

    /// Bytes of the process's emergency reserve that states have had to use because the
    /// system refused the host memory: a process that used any should be replaced.
    public static var reserveUsed: Int { lk_reserveused() }

    /// Runs `body` with the garbage collector stopped: for the host's own setup, which
    /// makes what lives as long as the state, so that collecting during it is wasted work.
    /// Never around script code that may make garbage without bound.
    @inlinable
    public func withCollectorPaused<R>(_ body: () throws -> R) rethrows -> R {
        guard let L else { return try body() }
        let collecting = lk_setcollecting(L, 0)
        defer { lk_setcollecting(L, collecting) }
        return try body()
    }

    /// Collects all garbage now: a state about to be copied (`fork`) leaves its copies no
    /// garbage and no collection under way, so that they copy only the pages they change.
    public func collectGarbage() {
        guard let L else { return }
        lk_collect(L)
    }
}

/// Bytes charged to a state's memory cap, given back when this goes (`chargeMemory(refundable:)`).
///
/// A charge holds its state's account, not the state: a weak reference to the state cost
/// a side table's atomics at every route step a script built, and at every one it dropped.
public final class LuaMemoryCharge {
    private let account: LuaMemoryAccount
    @exclusivity(unchecked) private var bytes: Int

    fileprivate init(account: LuaMemoryAccount, bytes: Int) {
        self.account = account
        self.bytes = bytes
    }

    /// Whether it is a charge of `state`'s.
    public func belongs(to state: LuaState) -> Bool {
        account === state.account
    }

    /// Charges `more` bytes besides, given back with the rest (what grows as long as its
    /// holder lives: an app's log). Past the cap the state stops, as for any charge.
    @discardableResult
    public func add(_ more: Int) -> LuaError? {
        guard let state = account.state, more > 0 else { return nil }
        bytes += more
        return state.chargeMemory(bytes: more)
    }

    deinit {
        if bytes > 0, let L = account.state?.L {
            lk_refundmemory(L, bytes)
        }
    }
}

/// What a state's memory charges refer to: the state while it is open, nil once closed.
final class LuaMemoryAccount {
    /// The state, unowned: `LuaState.close()` (which its deinit calls) clears it first.
    @exclusivity(unchecked) unowned(unsafe) var state: LuaState?
}
