/// Binary: writing the strings the standard library holds inline: ASCII strings of at most 15 bytes
/// (a record's names, numbers, keys), whose bytes are the `String` value's own two words (see
/// ``SmallASCIIString``). The standard library hands such a string's UTF-8 to a closure only
/// after copying it out of the value, through generic code; here the two words are read and
/// stored as they are.
extension ModelEncodingState {
    /// The count of the inline ASCII string `bits`, or nil for any other string (or where the
    /// standard library stores strings otherwise: ``SmallASCIIString/isAvailable``).
    @inline(__always)
    static func inlineASCIICount(_ bits: StringBits) -> Int? {
        // The last byte: immortal, small and ASCII in the high nibble, the count below.
        let discriminator = bits.high &>> 56
        guard discriminator & 0xF0 == 0xE0, SmallASCIIString.isAvailable else { return nil }
        return Int(discriminator & 0x0F)
    }

    /// Appends the binary string object of `string` when it is inline ASCII of at most 14
    /// bytes (whose header is one byte); returns false, appending nothing, otherwise.
    @inline(__always)
    static func appendInlineASCII(_ string: String, binary buffer: inout ByteBuffer) -> Bool {
        let bits = StringBits(string)
        guard let count = inlineASCIICount(bits), count < 15 else { return false }
        buffer.append(BinaryMarker.asciiString << 4 | UInt8(count))
        buffer.appendLeadingBytes(of: bits.low, bits.high, count: count)
        return true
    }
}
