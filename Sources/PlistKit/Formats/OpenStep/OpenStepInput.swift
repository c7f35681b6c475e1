/// The text of an OpenStep document as UTF-8, decoded the way CF decodes it before parsing.
///
/// CF looks at the first bytes only: a UTF-32 or UTF-16 byte-order mark (either order) or
/// UTF-8's; without a BOM, a zero in either of the first two bytes means UTF-16 without a
/// BOM, which CF reads by skipping the first two bytes and taking the rest in the host's
/// order (little-endian on every platform Swift runs on). Anything else is UTF-8, and must be
/// valid UTF-8 throughout, as CF's string conversion requires.
enum OpenStepInput {
    /// How a document is encoded, as CF decides from its first bytes.
    enum Encoding: Equatable {
        case utf8
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)
    }

    /// The encoding of a document of `count` bytes that starts with `head` (its first five
    /// bytes, or all of a shorter one), and where its text starts (after a byte-order mark,
    /// or after the two bytes CF skips in UTF-16 without one).
    static func encoding(head: ByteView, count: Int) -> (encoding: Encoding, textStart: Int) {
        func starts(_ prefix: [UInt8]) -> Bool { head.count >= prefix.count && head.starts(with: prefix) }
        if count > 4, starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
        if count > 4, starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
        if count > 3, starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if count > 2 {
            if starts([0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
            if starts([0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
            if head[0] == 0 || head[1] == 0 { return (.utf16(bigEndian: false), 2) }
        }
        return (.utf8, 0)
    }

    /// Runs `body` over the document as UTF-8: the input itself when it is UTF-8 (without a
    /// copy), a transcoded copy otherwise.
    static func withUTF8<R>(_ bytes: ByteView, _ body: (ByteView) throws(PlistError) -> R) throws(PlistError) -> R {
        switch encoding(head: bytes, count: bytes.count) {
        case (.utf32(let bigEndian), let start): return try ByteView.with(transcodedUTF32(bytes, from: start, bigEndian: bigEndian), body)
        case (.utf16(let bigEndian), let start): return try ByteView.with(UTF8Strings.transcodedUTF16(bytes, from: start, bigEndian: bigEndian), body)
        case (.utf8, let start):
            let text = bytes.extracting(from: start)
            try validateUTF8(text)
            return try body(text)
        }
    }

    /// Throws `.invalidString` at the first byte that is not part of valid UTF-8.
    private static func validateUTF8(_ bytes: ByteView) throws(PlistError) {
        if let offset = firstInvalidUTF8(bytes) {
            var line = 1
            var column = 1
            for position in 0..<offset {
                let byte = bytes[position]
                if byte == 0x0A || (byte == 0x0D && bytes[position + 1] != 0x0A) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                    column += 1
                }
            }
            throw PlistError(.invalidString, "OpenStep text is not valid UTF-8 (and has no UTF-16 byte-order mark)", at: .lineColumn(line: line, column: column))
        }
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence
    /// (overlong forms, surrogates and values above U+10FFFF included), or nil. ASCII is
    /// skipped eight bytes at a time.
    static func firstInvalidUTF8(_ bytes: ByteView) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            index = bytes.firstNonASCII(from: index)
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var scalar: UInt32
            let minimum: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07); minimum = 0x10000
            default: return index
            }
            guard index + length <= count else { return index }
            for next in 1..<length {
                let byte = bytes[index + next]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
            index += length
        }
        return nil
    }

    /// UTF-32 from `start` on, as UTF-8; invalid scalars become U+FFFD.
    static func transcodedUTF32(_ bytes: ByteView, from start: Int, bigEndian: Bool) -> [UInt8] {
        let unitCount = (bytes.count - start) / 4
        var scalars = String.UnicodeScalarView()
        for index in 0..<unitCount {
            var value: UInt32 = 0
            for byte in 0..<4 {
                let shift = bigEndian ? UInt32(3 - byte) * 8 : UInt32(byte) * 8
                value |= UInt32(bytes[start + 4 * index + byte]) << shift
            }
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return Array(String(scalars).utf8)
    }
}
