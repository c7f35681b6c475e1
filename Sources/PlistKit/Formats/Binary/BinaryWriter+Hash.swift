extension BinaryWriter {
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
