#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array of plain values other than bytes in one `malloc` block: the binary
/// writer's object, reference and uniquing tables, the event writer's spill stacks, the XML
/// scanner's element stack and tree builder's container stack. (Bytes go in ``ByteBuffer``,
/// which speaks the same vocabulary.)
///
/// Unlike `Array` it has no copy-on-write or bounds checks on the hot paths, and it grows
/// with `realloc`, which can extend a large block in place or remap its pages instead of
/// copying them. A class, so that appending through an owner's `let` never copies; each
/// buffer belongs to one owner. Indices are the owner's own, so only debug builds check
/// them.
final class GrowableTable<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = GrowableTable.reallocate(nil, capacity: capacity)
    }

    deinit {
        free(base)
    }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        @inline(__always) set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    /// The last element; nil when there is none.
    var last: Element? {
        @inline(__always) get { count > 0 ? base[count &- 1] : nil }
    }

    /// The element at `index`, checked against the count in release builds too: for
    /// indices an input supplies (the binary reader's per-object marks).
    subscript(checked index: Int) -> Element {
        @inline(__always) get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "table index out of range")
            return base[index]
        }
        @inline(__always) set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "table index out of range")
            base[index] = newValue
        }
    }

    /// Replaces the elements with `newCount` copies of `value`.
    @inline(__always)
    func reset(repeating value: Element, count newCount: Int) {
        count = 0
        reserve(newCount).initialize(repeating: value, count: newCount)
        count = newCount
    }

    /// Makes room for `extra` more elements, and returns where the first of them goes; the
    /// caller writes them and then calls ``commit(_:)``.
    @inline(__always)
    func reserve(_ extra: Int) -> UnsafeMutablePointer<Element> {
        if capacity - count < extra { grow(toHold: count + extra) }
        return base + count
    }

    /// Counts `written` elements that the caller stored at ``reserve(_:)``.
    @inline(__always)
    func commit(_ written: Int) {
        assert(written <= capacity - count)
        count += written
    }

    @inline(__always)
    func append(_ element: Element) {
        reserve(1).initialize(to: element)
        count += 1
    }

    @inline(__always)
    func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        reserve(elements.count).update(from: source, count: elements.count)
        count += elements.count
    }

    @inline(__always)
    func removeAll() {
        count = 0
    }

    /// Drops every element, and gives back the memory beyond `limit` elements.
    func removeAll(keepingCapacityUpTo limit: Int) {
        count = 0
        if capacity > limit {
            capacity = max(limit, 1)
            base = GrowableTable.reallocate(base, capacity: capacity)
        }
    }

    /// Removes the last element, which must exist, and returns it.
    @inline(__always)
    func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty table")
        count -= 1
        return base[count]
    }

    /// Drops the last `dropped` elements.
    @inline(__always)
    func removeLast(_ dropped: Int) {
        assert(dropped <= count)
        count -= dropped
    }

    /// The elements `range`.
    @inline(__always)
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        assert(range.lowerBound >= 0 && range.upperBound <= count)
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Copies the elements `range` to `destination`, which may overlap them.
    @inline(__always)
    func copy(_ range: Range<Int>, to destination: Int) {
        assert(range.upperBound <= count && destination + range.count <= count)
        guard destination != range.lowerBound else { return }
        UnsafeMutableRawPointer(base + destination).copyMemory(
            from: base + range.lowerBound, byteCount: range.count * MemoryLayout<Element>.stride)
    }

    /// At least doubles the capacity.
    private func grow(toHold needed: Int) {
        capacity = max(needed, capacity * 2)
        base = GrowableTable.reallocate(base, capacity: capacity)
    }

    private static func reallocate(_ pointer: UnsafeMutablePointer<Element>?, capacity: Int) -> UnsafeMutablePointer<Element> {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let block = realloc(pointer, max(bytes, 1)) else {
            fatalError("out of memory for \(capacity) elements of \(Element.self)")
        }
        return block.bindMemory(to: Element.self, capacity: capacity)
    }
}

/// The elements' memory as bytes, for hashing and comparing ranges of elements.
extension GrowableTable {
    /// The bytes of the elements `range`, valid until the table next grows or drops them;
    /// checked in debug builds only, like ``buffer(_:)``.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> ByteView {
        ByteView(UnsafeRawBufferPointer(buffer(range)))
    }
}

/// A table of bytes as a ``ByteView`` source and target.
extension GrowableTable where Element == UInt8 {
    /// Appends the bytes of `view`.
    @inline(__always)
    func append(_ view: ByteView) {
        view.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// The bytes at `range`, as a view valid until the table next changes.
    @inline(__always)
    func view(_ range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "byte range out of range")
        return ByteView(buffer(range))
    }
}
