/// Makes a `String` of at most 15 ASCII bytes directly in the form the standard library
/// stores such a string: inline in the value's two 64-bit words, the bytes in order from the
/// first word's lowest byte, and the last byte `0xE0 | count` (immortal, small, ASCII).
///
/// The standard library builds the same value from a buffer a byte at a time, through
/// generic checks: about 90 instructions for a key or a name, where these are two loads, a
/// mask and one ASCII check. Decoders make hundreds of thousands of such strings
/// (`records`: three of its four string fields).
///
/// The form is that of the 64-bit little-endian platforms, part of the standard library's
/// ABI on Apple's. ``isAvailable`` checks it once against strings the standard library made
/// of every length 0...15, comparing only their bits (so a platform that stores them
/// otherwise never holds a value made here); where it fails, callers use the standard
/// library's initializers.
enum SmallASCIIString {
    /// The most bytes an inline string holds.
    static let capacity = 15

    /// True when strings made by ``make(_:count:)`` are the standard library's own.
    static let isAvailable: Bool = {
        guard MemoryLayout<String>.size == 16, UInt16(1).littleEndian == 1 else { return false }
        // Sixteen bytes, as `make` reads: the bytes past `count` must be left out.
        let sample = Array("0123456789abcdef".utf8)
        for count in 0...capacity {
            let expected = String(decoding: sample.prefix(count), as: UTF8.self)
            let (low, high) = sample.withUnsafeBytes { words($0.baseAddress!, count: count) }
            guard StringBits(expected) == StringBits(low: low, high: high | discriminator(count)) else { return false }
        }
        return true
    }()

    /// The string of the `count` (at most ``capacity``) bytes at `bytes`, of which 16 must be
    /// readable; nil when one of the `count` is not ASCII. Only when ``isAvailable``.
    @inline(__always)
    static func make(_ bytes: UnsafeRawPointer, count: Int) -> String? {
        let (low, high) = words(bytes, count: count)
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return unsafeBitCast((low, high | discriminator(count)), to: String.self)
    }

    /// The first `count` of the 16 bytes at `bytes` as two little-endian words, the rest zero.
    @inline(__always)
    private static func words(_ bytes: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
        let low = bytes.loadUnaligned(as: UInt64.self)
        let high = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        return count < 8
            ? (low & ((1 &<< UInt64(8 &* count)) &- 1), 0)
            : (low, high & ((1 &<< UInt64(8 &* (count &- 8))) &- 1))
    }

    /// The last byte of an inline ASCII string of `count` bytes, in place in the second word.
    @inline(__always)
    private static func discriminator(_ count: Int) -> UInt64 {
        UInt64(0xE0 | count) &<< 56
    }
}
