/// A two-word summary of a key's UTF-8: keys with different prints differ, so a dictionary
/// checks its keys for repeats by comparing prints and compares in full only the keys whose
/// prints are equal (in a real file, none: its writer uniqued them).
///
/// A key of up to 15 bytes is its bytes and length, in the words of ``SmallASCIIString``;
/// a longer one its first and last eight bytes, the length mixed into the second word. The
/// print is a function of the bytes alone, however the `String` was made.
struct BinaryKeyPrint: Equatable {
    let first: UInt64
    let second: UInt64

    /// The print of the `count` UTF-8 bytes at `start` in `bytes`, which holds at least 16
    /// bytes from `start` when `count` is below 16.
    @inline(__always)
    init(_ bytes: ByteView, at start: Int, count: Int) {
        if count <= SmallASCIIString.capacity {
            (first, second) = SmallASCIIString.bits(bytes, at: start, count: count)
        } else {
            first = bytes.word(at: start)
            second = bytes.word(at: start &+ count &- 8) ^ UInt64(truncatingIfNeeded: count)
        }
    }

    /// The print of a key of at most ``SmallASCIIString/capacity`` bytes whose words
    /// ``SmallASCIIString/bits(_:count:)`` read.
    @inline(__always)
    init(_ words: (low: UInt64, high: UInt64)) {
        first = words.low
        second = words.high
    }

    /// The print of `key`'s UTF-8.
    init(_ key: String) {
        var key = key
        self = ByteView.with(utf8: &key) { utf8 in
            if utf8.count > SmallASCIIString.capacity {
                return BinaryKeyPrint(utf8, at: 0, count: utf8.count)
            }
            // The words ``SmallASCIIString/bits(_:count:)`` makes, assembled a byte at a time
            // (the key's bytes need not have 16 readable after them).
            var low: UInt64 = 0
            var high: UInt64 = 0
            for (index, byte) in utf8.enumerated() {
                if index < 8 {
                    low |= UInt64(byte) &<< UInt64(8 &* index)
                } else {
                    high |= UInt64(byte) &<< UInt64(8 &* (index &- 8))
                }
            }
            return BinaryKeyPrint(first: low, second: high | UInt64(0xE0 | utf8.count) &<< 56)
        }
    }

    private init(first: UInt64, second: UInt64) {
        self.first = first
        self.second = second
    }
}

/// The distinct keys of a decoded dictionary and the references they were read from.
///
/// Every reference was checked and named a string when the dictionary was decoded, so a
/// dictionary with the same references has the same keys, in the same order, all distinct.
struct BinaryKeySet {
    /// The key references, in order.
    let refs: [Int]
    /// The keys, in order: one array shared by every dictionary built from this set.
    let keys: [PlistKey]

    /// The key set of the dictionary `object`, whose keys are `keys`.
    init(_ object: BinaryObject, in table: BinaryObjectTable, keys: [PlistKey]) {
        refs = (0..<object.count).map { table.ref(at: object.start + $0 * table.refSize) }
        self.keys = keys
    }

    /// True if the dictionary `object` has exactly these key references.
    func matches(_ object: BinaryObject, in table: BinaryObjectTable) -> Bool {
        guard refs.count == object.count else { return false }
        var position = object.start
        for ref in refs {
            guard table.ref(at: position) == ref else { return false }
            position += table.refSize
        }
        return true
    }
}
