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

    // The slots are read for every long key: Swift's dynamic exclusivity checks on these
    // stored properties would cost more than the lookup. Nothing hands them out `inout`.

    /// Each slot's string, nil while it is free.
    @exclusivity(unchecked) private var strings: [String?]
    /// Each slot's bytes, ``maximumLength`` a slot, and their count (0 while free).
    @exclusivity(unchecked) private var bytes: [UInt8]
    @exclusivity(unchecked) private var lengths: [UInt8]

    init() {
        strings = Array(repeating: nil, count: Self.slotCount)
        bytes = Array(repeating: 0, count: Self.slotCount * Self.maximumLength)
        lengths = Array(repeating: 0, count: Self.slotCount)
    }

    /// The string of the bytes of `key` (``minimumLength`` … ``maximumLength`` of them), or nil
    /// when one of them is not ASCII. A key found is returned without reading it again; a
    /// key not found is checked, made and kept in its slot.
    @inline(__always)
    func string(_ key: ByteView) -> String? {
        let count = key.count
        assert(count >= Self.minimumLength && count <= Self.maximumLength)
        let first = key.word(at: 0)
        let last = key.word(at: count &- 8)
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xBF58_476D_1CE4_E5B9) ^ UInt64(truncatingIfNeeded: count)
        let slot = Int(truncatingIfNeeded: mixed &>> 56) & (Self.slotCount &- 1)
        let start = slot &* Self.maximumLength
        if Int(lengths[slot]) == count, ByteView.with(bytes, { $0.bytesEqual(at: start, key) }),
           let string = strings[slot] {
            return string
        }
        guard key.isASCII else { return nil }
        let string = UTF8Strings.make(ascii: key)
        for index in 0..<count { bytes[start &+ index] = key[index] }
        lengths[slot] = UInt8(truncatingIfNeeded: count)
        strings[slot] = string
        return string
    }
}
