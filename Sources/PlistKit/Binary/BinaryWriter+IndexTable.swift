extension BinaryWriter {
    /// An open-addressing hash set of object indices whose keys live elsewhere (in the
    /// writer's `scalarBytes` or `refs`): each slot holds a full hash and an index, and the
    /// caller checks each candidate index against the object it looks for. Linear probing, power-of-two
    /// capacity, at most half full.
    struct IndexTable {
        private struct Slot {
            var hash: UInt64
            /// The object index, or −1 for an empty slot.
            var index: Int
        }

        private static let empty = Slot(hash: 0, index: -1)
        private var slots = [Slot](repeating: IndexTable.empty, count: 64)
        private var count = 0

        /// Where a lookup of one hash stands: the next slot to look at.
        struct Probe {
            let hash: UInt64
            fileprivate var position: Int
        }

        /// A lookup of `hash`, to step through with ``next(_:)``.
        @inline(__always)
        func probe(_ hash: UInt64) -> Probe {
            Probe(hash: hash, position: Int(truncatingIfNeeded: hash) & (slots.count - 1))
        }

        /// The next index recorded under the probe's hash, or nil when there is none left; the
        /// probe then rests on the empty slot where ``insert(_:at:)`` puts a new index.
        @inline(__always)
        func next(_ probe: inout Probe) -> Int? {
            let mask = slots.count - 1
            while true {
                let slot = slots[probe.position]
                if slot.index < 0 { return nil }
                probe.position = (probe.position + 1) & mask
                if slot.hash == probe.hash { return slot.index }
            }
        }

        /// Records `index` under the hash of `probe`, which ``next(_:)`` has run to its end.
        @inline(__always)
        mutating func insert(_ index: Int, at probe: Probe) {
            slots[probe.position] = Slot(hash: probe.hash, index: index)
            count += 1
            if count * 2 > slots.count { grow() }
        }

        /// Doubles the capacity, placing every slot again by its stored hash.
        private mutating func grow() {
            let old = slots
            slots = [Slot](repeating: IndexTable.empty, count: old.count * 2)
            let mask = slots.count - 1
            for slot in old where slot.index >= 0 {
                var position = Int(truncatingIfNeeded: slot.hash) & mask
                while slots[position].index >= 0 { position = (position + 1) & mask }
                slots[position] = slot
            }
        }
    }

    /// A fast non-cryptographic hash of `bytes` (8-byte words, multiply-xorshift mixing, a
    /// final avalanche so that the low bits used for probing depend on every byte).
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            // The last 1…7 bytes, little-endian, as a load of the whole word would give.
            var tail: UInt64 = 0
            var position = bytes.count
            while position > offset {
                position -= 1
                tail = tail << 8 | UInt64(bytes[position])
            }
            hash = mix(hash ^ tail)
        }
        return avalanche(hash)
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
