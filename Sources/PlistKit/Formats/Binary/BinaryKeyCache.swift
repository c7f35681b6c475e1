/// Dictionary keys of ``minimumLength`` to ``maximumLength`` ASCII bytes that a thread's
/// binary reads made before, found again by their bytes: a document that repeats the keys of
/// the last one (every `Info.plist` has `CFBundleShortVersionString`) gets the same `String`
/// storage, retained, instead of a new allocation, a copy and, later, a free.
///
/// Shorter keys are made inline (``SmallASCIIString``) and cost nothing to make again;
/// longer ones are rare. The cache is direct-mapped: a key's length, first and last eight
/// bytes pick one slot, and a key that lands on a taken slot replaces its occupant. A file
/// whose keys all pick one slot only makes them miss, as without the cache. Memory is fixed:
/// ``slotCount`` strings and their bytes, for as long as the thread keeps its
/// ``BinaryReaderScratch``.
final class BinaryKeyCache {
    /// Slots in the cache, a power of two.
    static let slotCount = 256
    /// The shortest key kept: shorter ones are made inline.
    static let minimumLength = SmallASCIIString.capacity + 1
    /// The longest key kept.
    static let maximumLength = 64

    /// Each slot's string, nil while it is free.
    private let strings: UnsafeMutablePointer<String?>
    /// Each slot's bytes, ``maximumLength`` a slot, and their count (0 while free).
    private let bytes: UnsafeMutableRawPointer
    private let lengths: UnsafeMutablePointer<UInt8>

    init() {
        strings = .allocate(capacity: Self.slotCount)
        strings.initialize(repeating: nil, count: Self.slotCount)
        bytes = .allocate(byteCount: Self.slotCount * Self.maximumLength, alignment: 8)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: Self.slotCount * Self.maximumLength)
        lengths = .allocate(capacity: Self.slotCount)
        lengths.initialize(repeating: 0, count: Self.slotCount)
    }

    deinit {
        strings.deinitialize(count: Self.slotCount)
        strings.deallocate()
        bytes.deallocate()
        lengths.deallocate()
    }

    /// The string of the bytes of `key` (``minimumLength`` … ``maximumLength`` of them), or nil
    /// when one of them is not ASCII. A key found is returned without reading it again; a
    /// key not found is checked, made and kept in its slot.
    @inline(__always)
    func string(_ key: UnsafeRawBufferPointer) -> String? {
        let count = key.count
        assert(count >= Self.minimumLength && count <= Self.maximumLength)
        let first = key.loadUnaligned(as: UInt64.self)
        let last = key.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: count)
        let slot = Int(truncatingIfNeeded: mixed &>> 56) & (Self.slotCount &- 1)
        let kept = (bytes + slot &* Self.maximumLength).assumingMemoryBound(to: UInt8.self)
        if Int(lengths[slot]) == count, key.bytesEqual(at: 0, UnsafeBufferPointer(start: kept, count: count)),
           let string = strings[slot] {
            return string
        }
        guard key.isASCII else { return nil }
        let string = UTF8Strings.make(ascii: key)
        UnsafeMutableRawPointer(kept).copyMemory(from: key.baseAddress!, byteCount: count)
        lengths[slot] = UInt8(truncatingIfNeeded: count)
        strings[slot] = string
        return string
    }
}
