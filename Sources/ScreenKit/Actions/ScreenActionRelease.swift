#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The nested actions of a composite action (a route's level inside a fold, a try's
/// action), released without recursion (see `ScreenReleaseQueue`).
final class ScreenNestedActions {
    private var stored: [any ScreenAction]?

    var actions: [any ScreenAction] { stored ?? [] }

    init(_ actions: [any ScreenAction]) {
        stored = actions
    }

    deinit {
        ScreenReleaseQueue.current.take(&stored)
    }
}

/// One thread's values waiting to be released. A route nested a hundred thousand levels
/// deep, or a fallback of a fallback five thousand deep, is a chain of values that Swift
/// releases by recursing once per level, which overflows the stack (sooner under a
/// sanitizer). So the owners along such chains (a route's lists, a composite action's
/// nested actions) hand what they hold to their thread's queue when they go, and the
/// outermost release empties it, one value at a time: each may queue more. Chains up to
/// `directDepth` long are released at once, without the queue.
final class ScreenReleaseQueue {
    // One thread's alone, and no access spans a release (which may come back here), so the
    // run-time exclusivity checks are skipped (with the lists', 8 % of a push from Lua).
    @exclusivity(unchecked) private var pending: [Any] = []
    @exclusivity(unchecked) private var releasing = false
    /// How many releases are running inside one another on this thread.
    @exclusivity(unchecked) private var depth = 0

    /// Releases nested this deep or less are made at once; deeper ones go through the queue.
    /// Most chains are short, and the queue costs an allocation a value.
    static let directDepth = 64

    /// Releases `value` (leaving nil): at once while the chain of releases is short, else
    /// through the queue, which the outermost queuing call empties.
    func take<T>(_ value: inout T?) {
        if depth < Self.directDepth && !releasing {
            guard let taken = value.take() else { return }
            depth += 1
            Self.release(consume taken)   // its own release may come back here, one level deeper
            depth -= 1
            return
        }
        guard enqueue(&value), !releasing else { return }
        releasing = true
        while let value = pending.popLast() {
            // Released once popLast's access to the queue is over (its release may queue the
            // values nested in it, which needs the queue again), never inside it.
            withExtendedLifetime(value) {}
        }
        releasing = false
    }

    /// Releases `value` before it returns. Written in place (`value = nil`), the release was
    /// free to move past `depth -= 1` in an optimized build, so that every level took the
    /// direct path and a route 8,000 levels deep overflowed the stack; the optimizer may
    /// neither inline this nor hand the release back to the caller.
    /// (It takes the value, not an optional: inside this unspecialized function, `T?` was
    /// a type to look up at run time on every call.)
    @inline(never) @_optimize(none)
    private static func release<T>(_ value: consuming T) {
        _ = consume value
    }

    /// The value moves through a local that is gone when this returns, so that the queue
    /// holds the only reference.
    private func enqueue<T>(_ value: inout T?) -> Bool {
        guard let moved = value.take() else { return false }
        pending.append(moved)
        return true
    }

    static var current: ScreenReleaseQueue {
        if let queue = pthread_getspecific(releaseKey) {
            return Unmanaged<ScreenReleaseQueue>.fromOpaque(queue).takeUnretainedValue()
        }
        let queue = ScreenReleaseQueue()
        pthread_setspecific(releaseKey, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }
}

/// The thread-local slot of each thread's release queue, freed when the thread ends.
private let releaseKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    pthread_key_create(&key) { Unmanaged<ScreenReleaseQueue>.fromOpaque($0).release() }
    #else
    pthread_key_create(&key) { $0.map { Unmanaged<ScreenReleaseQueue>.fromOpaque($0).release() } }
    #endif
    return key
}()
