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
