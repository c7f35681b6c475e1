/// A stack of values that come and go by moving: the XML tree builder's stacks of finished
/// values and keys, whose tails become arrays and dictionaries as containers close.
///
/// Unlike `Array` it has no copy-on-write check per push, and a tail leaves it as one block
/// move into the new array (no retain, release or placeholder per element). A class, so a
/// push through an owner's `let` never copies; each stack belongs to one owner. Indices and
/// counts are the owner's own: the owner pushes before it takes, so only debug builds check
/// them, apart from the tail's start, checked always.
final class MoveStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The element at `index`, copied.
    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count)
            return base[index]
        }
    }

    @inline(__always)
    func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Removes the last element, which must exist, and returns it.
    @inline(__always)
    func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty stack")
        count &-= 1
        return (base + count).move()
    }

    /// The elements from `start` on, moved into a new array; the stack ends before `start`.
    @inline(__always)
    func takeTail(from start: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: tailCount(from: start)) { moveTail(from: start, to: $0, count: &$1) }
    }

    /// ``takeTail(from:)`` into a `ContiguousArray`.
    @inline(__always)
    func takeTail(from start: Int) -> ContiguousArray<Element> {
        ContiguousArray(unsafeUninitializedCapacity: tailCount(from: start)) { moveTail(from: start, to: $0, count: &$1) }
    }

    /// Moves the elements from `start` on into `buffer`, which has room for them, and ends
    /// the stack before `start`.
    @inline(__always)
    private func moveTail(from start: Int, to buffer: UnsafeMutableBufferPointer<Element>, count initialized: inout Int) {
        let moved = count &- start
        if moved > 0 { buffer.baseAddress!.moveInitialize(from: base + start, count: moved) }
        initialized = moved
        count = start
    }

    /// Destroys the elements from `start` on (none when the stack ends there).
    @inline(__always)
    func removeTail(from start: Int) {
        (base + start).deinitialize(count: tailCount(from: start))
        count = start
    }

    /// Runs `body` over the elements from `start` on, which it may change in place (swap
    /// them out, for instance).
    @inline(__always)
    func withTail<R>(from start: Int, _ body: (inout UnsafeMutableBufferPointer<Element>) -> R) -> R {
        var tail = UnsafeMutableBufferPointer(start: base + start, count: tailCount(from: start))
        return body(&tail)
    }

    private func tailCount(from start: Int) -> Int {
        precondition(start >= 0 && start <= count, "tail start out of range")
        return count &- start
    }

    /// Doubles the capacity, moving the elements.
    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
