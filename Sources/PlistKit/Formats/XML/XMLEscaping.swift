/// The four bytes the XML writer escapes, `<`, `>`, `&` and CR, found eight bytes at a time.
///
/// CR goes out as `&#xD;`: a raw CR (which plutil writes) would reach any XML reader as LF,
/// and CR LF as LF, so the string would not survive a round trip. Other control characters
/// go out raw, as plutil writes them: XML 1.0 has no way to write them at all, and
/// ``XMLRawCharacters`` reads them back.
enum XMLEscaping {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// True for `<`, `>`, `&` and CR. (`<` is 0x3C and `>` 0x3E: they differ only in bit 1.)
    @inline(__always)
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte | 0x02 == 0x3E || byte == 0x26 || byte == 0x0D
    }

    /// True when one of the eight bytes of `word` is `<`, `>`, `&` or CR.
    @inline(__always)
    private static func containsSpecial(_ word: UInt64) -> Bool {
        // A byte of `angle` is zero for `<` or `>`, of `ampersand` for `&`; the classic
        // test for a zero byte, (x − 0x01…) & ~x & 0x80…, has no false alarms when nonzero
        // is all that matters.
        let angle = (word | 0x0202_0202_0202_0202) ^ 0x3E3E_3E3E_3E3E_3E3E
        let ampersand = word ^ 0x2626_2626_2626_2626
        let carriageReturn = word ^ 0x0D0D_0D0D_0D0D_0D0D
        let zeroBytes = ((angle &- ones) & ~angle) | ((ampersand &- ones) & ~ampersand)
            | ((carriageReturn &- ones) & ~carriageReturn)
        return zeroBytes & highBits != 0
    }

    /// The number of bytes at the start of `text` before its first `<`, `>`, `&` or CR
    /// (`text.count` when it has none).
    @inline(__always)
    static func cleanPrefixCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let count = text.count
        var index = 0
        while count &- index >= 8,
              !containsSpecial(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
            index &+= 8
        }
        while index < count, !isSpecial(base[index]) {
            index &+= 1
        }
        return index
    }

    /// Appends `text` with `<`, `>`, `&` and CR written as `&lt;`, `&gt;`, `&amp;` and
    /// `&#xD;`.
    static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        var next = out.reserve(5 * text.count)
        let start = next
        for byte in text {
            if isSpecial(byte) {
                let entity: StaticString = byte == 0x26 ? "&amp;" : byte == 0x3C ? "&lt;" : byte == 0x3E ? "&gt;" : "&#xD;"
                next.update(from: entity.utf8Start, count: entity.utf8CodeUnitCount)
                next += entity.utf8CodeUnitCount
            } else {
                next.pointee = byte
                next += 1
            }
        }
        out.commit(next - start)
    }
}
