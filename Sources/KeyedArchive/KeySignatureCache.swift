import PlistKit

/// The keys of the last few dictionaries that ``BinaryArchive/entry(of:in:)`` searched, as
/// signatures: two words per key that hold a short ASCII key's bytes and length, laid out as
/// a small `String` holds them, so that a search loads the wanted key's own bits and compares
/// words in a row instead of reading each key object through the offset table again.
///
/// An unarchived object's fields are looked up one by one, a search each (Foundation on Linux
/// writes every object's keys in an order of its own, so no position can be guessed), with
/// the fields of nested objects (a date, a shared object) between them: a few dictionaries
/// kept, by the offset of their object, serve all of an object's lookups after the first.
/// The archive cannot change, so what is kept stays true.
final class KeySignatureCache {
    /// Dictionaries kept, replaced in turn.
    private static let ways = 4
    /// Dictionaries with more keys than this are searched in the file.
    static let maximumKeys = 32
    private static let wordsPerWay = 2 * maximumKeys

    // Touched only from the decoding thread, never across a call out, like the
    // unarchiver's own state: no dynamic exclusivity checks.
    /// Per way: the dictionary's object offset (-1: empty) and its key count (-1: none kept).
    @exclusivity(unchecked) private var offsets = [Int](repeating: -1, count: ways)
    @exclusivity(unchecked) private var counts = [Int](repeating: 0, count: ways)
    /// Per way, two words per key (see ``signature(ofKeyAt:reads:)``).
    private let words = UnsafeMutablePointer<UInt64>.allocate(capacity: ways * wordsPerWay)
    @exclusivity(unchecked) private var nextWay = 0

    deinit {
        words.deallocate()
    }

    /// The signatures of the keys of the dictionary `object` (two words per key, in order);
    /// nil when it has more than ``maximumKeys`` keys or a key that is not a short ASCII
    /// string (its keys are then compared as text).
    @inline(__always)
    func signatures(of object: BinaryObject, reads: TableReads) -> UnsafeBufferPointer<UInt64>? {
        for way in 0..<Self.ways where offsets[way] == object.offset {
            return counts[way] < 0 ? nil : UnsafeBufferPointer(start: words + way * Self.wordsPerWay, count: 2 * counts[way])
        }
        return fill(with: object, reads: reads)
    }

    private func fill(with object: BinaryObject, reads: TableReads) -> UnsafeBufferPointer<UInt64>? {
        let way = nextWay
        nextWay = (nextWay + 1) % Self.ways
        offsets[way] = object.offset
        counts[way] = -1
        guard object.count <= Self.maximumKeys else { return nil }
        let base = words + way * Self.wordsPerWay
        for entry in 0..<object.count {
            guard let (low, high) = Self.signature(ofKeyAt: reads.offset(ofObject: reads.ref(entry, from: object.start)), reads: reads) else { return nil }
            base[2 * entry] = low
            base[2 * entry + 1] = high
        }
        counts[way] = object.count
        return UnsafeBufferPointer(start: base, count: 2 * object.count)
    }

    /// The signature of the key object at `offset` when it is an ASCII string of fewer than 15
    /// bytes (whose bytes the scan checked): its first 8 bytes as a little-endian word (zero
    /// past the end), and the rest with `0xE0` plus the count in the top byte. That is the
    /// layout of a small ASCII `String` on 64-bit little-endian platforms, so that a key can
    /// be compared by its bits (see ``signature(of:)``). Nil for any other key object.
    @inline(__always)
    private static func signature(ofKeyAt offset: Int, reads: TableReads) -> (UInt64, UInt64)? {
        let marker = reads.address(offset).load(as: UInt8.self)
        let count = Int(marker & 0x0F)
        guard marker >> 4 == 0x5, count != 0x0F else { return nil }
        // The offset table and the trailer follow the objects, so 8 bytes can always be read.
        let low = word(reads.address(offset + 1), count: Swift.min(count, 8))
        let rest = count > 8 ? word(reads.address(offset + 9), count: count - 8) : 0
        return (low, rest | UInt64(0xE0 | count) &<< 56)
    }

    /// The signature of `key`, as ``signature(ofKeyAt:reads:)`` makes it for a key object of
    /// the same text; nil unless it is ASCII and shorter than 15 bytes.
    @inline(__always)
    func signature(of key: String) -> (UInt64, UInt64)? {
        if smallStringsAreSignatures {
            // A small ASCII string's bits are its signature; any other string is not a short
            // ASCII key (or is one held in other storage, rare: read its bytes).
            let (low, high) = withUnsafeBytes(of: key) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
            if high >> 60 == 0xE, (high >> 56) & 0x0F != 0x0F { return (low, high) }
        }
        var key = key
        return key.withUTF8 { bytes in
            guard bytes.count < 15 else { return nil }
            var low: UInt64 = 0, high = UInt64(0xE0 | bytes.count) &<< 56, combined: UInt8 = 0
            for (position, byte) in bytes.enumerated() {
                combined |= byte
                if position < 8 {
                    low |= UInt64(byte) &<< (UInt64(position) &* 8)
                } else {
                    high |= UInt64(byte) &<< (UInt64(position - 8) &* 8)
                }
            }
            return combined < 0x80 ? (low, high) : nil
        }
    }

    /// True when a small ASCII string's bits are laid out as signatures are (64-bit
    /// little-endian platforms, checked once per process on two strings); otherwise keys are
    /// read byte by byte. Copied into each cache, so that a lookup reads a stored property.
    private let smallStringsAreSignatures = KeySignatureCache.stringLayoutMatches
    private static let stringLayoutMatches: Bool = {
        func bits(_ string: String) -> [UInt8] { withUnsafeBytes(of: string) { Array($0) } }
        guard MemoryLayout<String>.size == 16 else { return false }
        let expected: [[UInt8]] = [
            Array("$class".utf8) + Array(repeating: 0, count: 9) + [0xE6],
            Array("NS.objects".utf8) + Array(repeating: 0, count: 5) + [0xEA],
        ]
        return bits("$class") == expected[0] && bits("NS.objects") == expected[1]
    }()

    /// The first `count` (up to 8) bytes at `bytes`, as a little-endian word; 8 bytes must be
    /// readable.
    @inline(__always)
    static func word(_ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
        let all = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        return count == 8 ? all : all & (1 &<< (UInt64(count) &* 8) &- 1)
    }
}
