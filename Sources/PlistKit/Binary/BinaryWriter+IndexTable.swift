extension BinaryWriter {
    /// An open-addressing hash set of object indices whose keys live elsewhere (in the
    /// writer's `scalarBytes` or `refs`, say): each slot holds 32 bits of the key's hash and
    /// an index, and the caller checks each candidate index against the key it looks for.
    /// Linear probing from the slot the stored hash bits name, power-of-two capacity, at most
    /// half full. `package` so that the keyed archiver uniques its strings the same way.
    package struct IndexTable {
        /// The hash bits in the high half, the index plus one in the low half; zero when empty.
        private var slots = [UInt64](repeating: 0, count: 64)
        private var count = 0
        /// The sum of the slots ``preload(_:)`` loaded, kept so that the loads are made.
        private var preloaded: UInt64 = 0

        /// An empty table.
        package init() {}

        /// The number of slots (a power of two).
        var slotCount: Int { slots.count }
        /// The number of indices recorded.
        var usedCount: Int { count }
        /// Slot `position`: the hash bits high, the index plus one low; zero when empty.
        func slot(at position: Int) -> UInt64 { slots[position] }

        /// Where a lookup of one hash stands: the next slot to look at.
        package struct Probe {
            fileprivate let tag: UInt32
            fileprivate var position: Int
        }

        /// A lookup of `hash`, to step through with ``next(_:)``.
        @inline(__always)
        package func probe(_ hash: UInt64) -> Probe {
            let tag = UInt32(truncatingIfNeeded: hash)
            return Probe(tag: tag, position: Int(tag) & (slots.count - 1))
        }

        /// The next index recorded under the probe's hash bits, or nil when there is none left;
        /// the probe then rests on the empty slot where ``insert(_:at:)`` puts a new index.
        @inline(__always)
        package func next(_ probe: inout Probe) -> UInt32? {
            slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                while true {
                    let slot = slots[probe.position]
                    if slot == 0 { return nil }
                    probe.position = (probe.position + 1) & mask
                    if UInt32(truncatingIfNeeded: slot >> 32) == probe.tag {
                        return UInt32(truncatingIfNeeded: slot) - 1
                    }
                }
            }
        }

        /// Loads the first slot a lookup of `hash` probes, so that the cache misses of a
        /// batch of lookups overlap; the load itself changes nothing.
        @inline(__always)
        mutating func preload(_ hash: UInt64) {
            preloaded &+= slots[probe(hash).position]
        }

        /// Records `index` (below `UInt32.max`) under the hash of `probe`, which ``next(_:)``
        /// has run to its end.
        @inline(__always)
        package mutating func insert(_ index: UInt32, at probe: Probe) {
            slots[probe.position] = UInt64(probe.tag) << 32 | UInt64(index + 1)
            count += 1
            if count * 2 > slots.count { grow() }
        }

        /// Doubles the capacity, placing every slot again by its stored hash bits.
        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                for slot in old where slot != 0 {
                    var position = Int(slot >> 32) & mask
                    while slots[position] != 0 { position = (position + 1) & mask }
                    slots[position] = slot
                }
            }
        }
    }

    /// A fast non-cryptographic hash of `bytes` (8-byte words, multiply-xorshift mixing, a
    /// final avalanche so that every bit of the result depends on every byte).
    package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var hash = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            // The last 1…7 bytes, read as at most three overlapping loads (the length is
            // already in the hash, so overlaps cannot make two inputs alike).
            let tail: UInt64
            if count >= 8 {
                tail = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count - offset >= 4 {
                tail = UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) << 32
                    | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            } else {
                let rest = count - offset
                tail = UInt64(bytes[offset]) << 16 | UInt64(bytes[offset + rest / 2]) << 8 | UInt64(bytes[count - 1])
            }
            hash = mix(hash ^ tail)
        }
        return avalanche(hash)
    }

    /// A hash of a pair of words, such as the addresses in a
    /// ``BinaryWriter/Uniquing/StorageIdentity``.
    @inline(__always)
    static func hash(_ first: UInt, _ second: UInt) -> UInt64 {
        avalanche(mix(UInt64(first)) ^ UInt64(second))
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0xBF58_476D_1CE4_E5B9
        return product ^ (product >> 31)
    }

    /// MurmurHash3's 64-bit finalizer.
    @inline(__always)
    private static func avalanche(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        return value ^ (value >> 33)
    }
}

extension BinaryWriter {
    /// Whether two byte ranges hold the same bytes, compared eight at a time.
    static func bytesEqual(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var offset = 0
        while offset + 8 <= lhs.count {
            if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < lhs.count {
            if lhs[offset] != rhs[offset] { return false }
            offset += 1
        }
        return true
    }
}
