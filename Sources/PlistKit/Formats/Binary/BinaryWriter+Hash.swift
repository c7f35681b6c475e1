extension BinaryWriter {
    /// ``ByteView/hash(seed:)`` of the UTF-8 of `text` (made contiguous first if it is not):
    /// for other targets of the package that key tables by strings as the writer does.
    package static func hash(utf8 text: inout String) -> UInt64 {
        ByteView.with(utf8: &text) { $0.hash() }
    }

    /// A hash of a pair of words, such as the addresses in a
    /// ``BinaryWriter/Uniquing/StorageIdentity``, mixed as ``ByteView/hash(seed:)`` mixes
    /// bytes.
    @inline(__always)
    static func hash(_ first: UInt, _ second: UInt) -> UInt64 {
        ByteView.avalanche(ByteView.mix(UInt64(first)) ^ UInt64(second))
    }
}
