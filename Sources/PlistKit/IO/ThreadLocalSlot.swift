#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One object per thread, lent out for a call and given back after it: the place a reader
/// keeps what it would otherwise allocate for every document (a scratch, a parser context).
///
/// ``take()`` empties the calling thread's slot, so a nested call on the same thread, or a
/// second caller while the object is out, gets nil and makes its own: an object is never
/// used by two calls at once. ``put(_:)`` keeps the object for the thread's next call unless
/// the slot has been filled meanwhile. When a thread ends, its object is released; a
/// `deinit` frees whatever the object owns.
///
/// Declare one slot per kind of object, as a `static let` of the type that uses it: each
/// slot is a `pthread_key_t`, which the process never gives back.
struct ThreadLocalSlot<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
        key = Syscalls.makeObjectKey()
    }

    /// The calling thread's object, now out of its slot; nil when the slot is empty.
    @inline(__always)
    func take() -> Value? {
        guard let kept = pthread_getspecific(key) else { return nil }
        pthread_setspecific(key, nil)
        return Unmanaged<Value>.fromOpaque(kept).takeRetainedValue()
    }

    /// Keeps `value` for the calling thread's next ``take()``; when the slot already holds
    /// another object, `value` is simply released.
    @inline(__always)
    func put(_ value: Value) {
        guard pthread_getspecific(key) == nil else { return }
        let retained = Unmanaged.passRetained(value)
        if pthread_setspecific(key, retained.toOpaque()) != 0 { retained.release() }
    }
}
