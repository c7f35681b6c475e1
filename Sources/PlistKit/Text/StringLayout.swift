// The standard library's `String` layout, read and written directly: a string's bits for
// identity caches, and inline ASCII strings made from their bytes in two words.

/// The bits of a `String` value: its storage reference and flags, or the bytes of a small
/// string stored inline. Two strings with the same bits hold the same text (the same storage,
/// or the same inline bytes), so equal bits answer "same key?" without reading the text;
/// different bits say nothing, and the text must be compared.
///
/// A string's storage cannot be freed and reused while a `String` holding it is alive, so a
/// table that keeps the strings it remembers may compare later strings with them by bits.
///
/// Public only as SPI (`@_spi(Internals) import PlistKit`): the keyed archiver's identity
/// caches compare bits on their hot paths, and Swift inlines a `package` declaration's
/// `@inlinable` body into no other module (a call, a retain and a witness-table `==` per
/// comparison, measured), where a public one's it does.
@_spi(Internals)
public struct StringBits: Hashable, Sendable {
    /// The first eight bytes of the `String` value.
    public let low: UInt64
    /// The rest: eight bytes on 64-bit platforms, four on 32-bit ones.
    public let high: UInt64

    @inlinable @inline(__always)
    public init(_ string: String) {
        // 16 bytes on 64-bit platforms, 12 on 32-bit ones; the size is a constant, so only one
        // branch is compiled.
        (low, high) = withUnsafeBytes(of: string) { raw in
            MemoryLayout<String>.size >= 16
                ? (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                : (raw.loadUnaligned(as: UInt64.self), UInt64(raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
        }
    }

    /// The bits given word by word (the second holds the last 8 bytes on 64-bit platforms).
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inlinable @inline(__always)
    public static func == (lhs: StringBits, rhs: StringBits) -> Bool {
        lhs.low == rhs.low && lhs.high == rhs.high
    }

    /// A well-mixed hash of the bits, for direct-mapped caches.
    @inlinable @inline(__always)
    public var mixed: UInt64 {
        low &* 0x9E37_79B9_7F4A_7C15 ^ high &* 0xBF58_476D_1CE4_E5B9
    }
}

/// Makes a `String` of at most 15 ASCII bytes directly in the form the standard library
/// stores such a string: inline in the value's two 64-bit words, the bytes in order from the
/// first word's lowest byte, and the last byte `0xE0 | count` (immortal, small, ASCII).
///
/// The standard library builds the same value from a buffer a byte at a time, through
/// generic checks: about 90 instructions for a key or a name, where these are two loads, a
/// mask and one ASCII check. Decoders make hundreds of thousands of such strings
/// (`records`: three of its four string fields), and the keyed unarchiver compares short
/// keys by these two words (its key signatures).
///
/// The form is that of the 64-bit little-endian platforms, part of the standard library's
/// ABI on Apple's. ``isAvailable`` checks it once against strings the standard library made
/// of every length 0...15, comparing only their bits (so a platform that stores them
/// otherwise never holds a value made here); where it fails, callers use the standard
/// library's initializers.
///
/// Public only as SPI (`@_spi(Internals) import PlistKit`), and inlinable, so that the keyed
/// unarchiver's scan makes key signatures inline (a `package` body is inlined into no other
/// module).
@_spi(Internals)
public enum SmallASCIIString {
    /// The most bytes an inline string holds.
    public static let capacity = 15

    /// True when the words ``bits(_:count:)`` makes are the standard library's own.
    public static let isAvailable: Bool = {
        guard MemoryLayout<String>.size == 16, UInt16(1).littleEndian == 1 else { return false }
        // Sixteen bytes, as `bits` reads: the bytes past `count` must be left out.
        let sample = Array("0123456789abcdef".utf8)
        for count in 0...capacity {
            let expected = String(decoding: sample.prefix(count), as: UTF8.self)
            let (low, high) = sample.withUnsafeBytes { bits($0.baseAddress!, count: count) }
            guard StringBits(expected) == StringBits(low: low, high: high) else { return false }
        }
        return true
    }()

    /// The string of the `count` (at most ``capacity``) bytes at `offset` in `bytes`, which
    /// holds 16 from there; nil when one of the `count` is not ASCII. Only when ``isAvailable``.
    @inline(__always)
    static func make(_ bytes: ByteView, at offset: Int, count: Int) -> String? {
        let words = bits(bytes, at: offset, count: count)
        return isASCII(words) ? string(words) : nil
    }

    /// The string of words that ``bits(_:count:)`` made and ``isASCII(_:)`` accepted.
    @inline(__always)
    static func string(_ words: (low: UInt64, high: UInt64)) -> String {
        unsafeBitCast(words, to: String.self)
    }

    /// ``bits(_:count:)`` of the bytes at `offset` in a view, 16 of which must lie in it
    /// from there.
    @inline(__always)
    static func bits(_ bytes: ByteView, at offset: Int, count: Int) -> (low: UInt64, high: UInt64) {
        bytes.checkRange(offset, 16)
        return bytes.withUnsafeBufferPointer { bits(UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped) + offset, count: count) }
    }

    /// The two words of the inline string of the `count` (at most ``capacity``) bytes at
    /// `bytes`, of which 16 must be readable: the bytes as little-endian words, zero past
    /// `count`, and `0xE0 | count` in the last byte. Whether the bytes are ASCII is
    /// ``isASCII(_:)``'s to say.
    @inlinable @inline(__always)
    public static func bits(_ bytes: UnsafeRawPointer, count: Int) -> (low: UInt64, high: UInt64) {
        let low = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let discriminator = UInt64(0xE0 | count) &<< 56
        return count < 8
            ? (low & ((1 &<< UInt64(8 &* count)) &- 1), discriminator)
            : (low, high & ((1 &<< UInt64(8 &* (count &- 8))) &- 1) | discriminator)
    }

    /// True when the words from ``bits(_:count:)`` hold ASCII bytes only (the last byte, the
    /// discriminator, aside).
    @inlinable @inline(__always)
    public static func isASCII(_ bits: (low: UInt64, high: UInt64)) -> Bool {
        (bits.low & 0x8080_8080_8080_8080) | (bits.high & 0x0080_8080_8080_8080) == 0
    }
}
