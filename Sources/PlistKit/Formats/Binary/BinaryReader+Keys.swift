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

    /// The print of the `count` UTF-8 bytes at `start`, followed by at least 16 readable
    /// bytes from `start` when `count` is below 16.
    @inline(__always)
    init(_ start: UnsafeRawPointer, count: Int) {
        if count <= SmallASCIIString.capacity {
            (first, second) = SmallASCIIString.bits(start, count: count)
        } else {
            first = start.loadUnaligned(as: UInt64.self)
            second = start.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) ^ UInt64(truncatingIfNeeded: count)
        }
    }

    /// The print of `key`'s UTF-8.
    init(_ key: String) {
        var key = key
        self = key.withUTF8 { utf8 in
            if utf8.count > SmallASCIIString.capacity {
                return BinaryKeyPrint(UnsafeRawPointer(utf8.baseAddress!), count: utf8.count)
            }
            var padded: (UInt64, UInt64) = (0, 0)
            return withUnsafeMutableBytes(of: &padded) { words in
                words.copyMemory(from: UnsafeRawBufferPointer(utf8))
                return BinaryKeyPrint(UnsafeRawPointer(words.baseAddress!), count: utf8.count)
            }
        }
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
