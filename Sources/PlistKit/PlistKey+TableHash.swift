extension PlistKey {
    /// The hash a hash table (`Dictionary`, `Set`, `OrderedDictionary`) files the key under,
    /// from its UTF-8 bytes, the table's `seed` and a secret of this process (`KeyTableHash`).
    /// Keys that are equal hash alike; ``hash(into:)`` is what a key contributes inside
    /// another value's hash.
    ///
    /// - Complexity: O(*n*) in the key's UTF-8 length.
    public func _rawHashValue(seed: Int) -> Int {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // A borrowed view of the bytes: unlike `withContiguousStorageIfAvailable`, it
            // does not retain the string's storage.
            return string.utf8.span.withUnsafeBufferPointer { KeyTableHash.value(of: ByteView($0), seed: seed) }
        }
        #endif
        if let hashed = ByteView.with(contiguousUTF8: string, { KeyTableHash.value(of: $0, seed: seed) }) {
            return hashed
        }
        var text = string
        return ByteView.with(utf8: &text) { KeyTableHash.value(of: $0, seed: seed) }
    }
}

/// The hash of a key's bytes in a hash table: a folded multiply per eight bytes, keyed by two
/// secret words drawn from the process's random hashing seed.
///
/// Decoded dictionaries of 16 keys or more build a hash table at once, so every key of them is
/// hashed as it is decoded. `Hasher` (SipHash-1-3) spends a few hundred instructions on an
/// `Info.plist` key; this, a fraction of that. The secret is made anew on every run from the
/// process's hashing seed, as `Hasher`'s key is, so which keys share a bucket changes from run
/// to run and a document cannot be written to make its keys collide. Unlike SipHash, the
/// function is not built to stand up to someone who can time many of one process's table
/// lookups. `SWIFT_DETERMINISTIC_HASHING` fixes the secret as it fixes `Hasher`.
enum KeyTableHash {
    /// Two words of this process's hashing seed, read through `Hasher`.
    private static let secret: (UInt64, UInt64) = (word(0x5EED_0001), word(0x5EED_0002))

    private static func word(_ salt: UInt64) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(salt)
        return UInt64(UInt(bitPattern: hasher.finalize())) | 1
    }

    /// The high and low halves of the 128-bit product, combined: every bit of either factor
    /// reaches the low bits, which pick the bucket.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// The hash of `bytes` for a table whose seed is `seed`.
    @inline(__always)
    static func value(of bytes: ByteView, seed: Int) -> Int {
        let (first, second) = secret
        let count = bytes.count
        var state = fold(UInt64(UInt(bitPattern: seed)) ^ first, second ^ UInt64(count))
        var offset = 0
        while offset &+ 8 <= count {
            state = fold(state ^ bytes.word(at: offset), first)
            offset &+= 8
        }
        if offset < count {
            // One to seven bytes are left: the last eight when there are that many (some
            // hashed already, the same ones for every key of this length), else one by one.
            var last: UInt64
            if count >= 8 {
                last = bytes.word(at: count &- 8)
            } else {
                last = 0
                var shift: UInt64 = 0
                while offset < count {
                    last |= UInt64(bytes[offset]) &<< shift
                    shift &+= 8
                    offset &+= 1
                }
            }
            state = fold(state ^ last, second)
        }
        return Int(truncatingIfNeeded: fold(state, first ^ second))
    }
}
