/// Makes a `String` of at most 15 ASCII bytes directly in the form the standard library
/// stores such a string: inline in the value's two 64-bit words, the bytes in order from the
/// first word's lowest byte, and the last byte `0xE0 | count` (immortal, small, ASCII).
///
/// The standard library builds the same value from a buffer a byte at a time, through
/// generic checks: about 90 instructions for a key or a name, where these are a copy and a
/// store. Decoders make hundreds of thousands of such strings (`records`: three of its four
/// string fields).
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
        let sample = Array("0123456789abcdef".utf8)
        for count in 0...capacity {
            let expected = String(decoding: sample.prefix(count), as: UTF8.self)
            let made = sample.withUnsafeBytes { words($0.baseAddress!, count: count) }
            guard StringBits(expected) == StringBits(low: made.0, high: made.1) else { return false }
        }
        return true
    }()

    /// The string of the ASCII bytes at `bytes` (`count` of them, at most ``capacity``).
    /// Only when ``isAvailable``.
    @inline(__always)
    static func make(_ bytes: UnsafeRawPointer, count: Int) -> String {
        unsafeBitCast(words(bytes, count: count), to: String.self)
    }

    /// The string of `count` (at most ``capacity``) ASCII bytes held in `low` and `high` as
    /// a little-endian load of them would hold them, every byte past the string zero. Only
    /// when ``isAvailable``.
    @inline(__always)
    static func make(low: UInt64, high: UInt64, count: Int) -> String {
        unsafeBitCast((low, high | UInt64(0xE0 | count) &<< 56), to: String.self)
    }

    @inline(__always)
    private static func words(_ bytes: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.baseAddress!.copyMemory(from: bytes, byteCount: count)
            raw[15] = 0xE0 | UInt8(truncatingIfNeeded: count)
        }
        return words
    }
}
