/// The character classes and escapes of OpenStep text, as CF's old-style parser defines them
/// (`CFOldStylePList.c`).
enum OpenStepEscapes {
    /// True for the bytes an unquoted string may hold: ASCII letters and digits and
    /// `_ $ / : . -`. Nothing else, not even non-ASCII letters, may appear unquoted.
    @inline(__always)
    static func isUnquoted(_ byte: UInt8) -> Bool {
        // A literal, not a global: a global table is reached through a lazy-initialization
        // check at every call, which the scanning loops do not hoist.
        let table: StaticString = "00000000000000000000000000000000000010000000011111111111111000000111111111111111111111111110000101111111111111111111111111100000"
        return byte < 128 && table.utf8Start[Int(byte)] == UInt8(ascii: "1")
    }

    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// The character an octal escape `\ooo` stands for: CF converts the byte from the
    /// NeXTSTEP encoding, so `\101` is `A` but `\251` is U+2019. Bytes NeXTSTEP leaves
    /// undefined (0xFE, 0xFF) give U+0000, as in CF.
    static func octalScalar(_ byte: UInt8) -> UInt32 {
        byte < 0x80 ? UInt32(byte) : UInt32(nextStepHigh[Int(byte - 0x80)])
    }

    /// Bytes 0x80…0xFF of NeXTSTEP Latin, as `String.Encoding.nextstep` (and CF's octal
    /// escapes) decode them.
    private static let nextStepHigh: [UInt16] = [
        0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,
        0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
        0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
        0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,
        0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
        0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
        0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
        0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
        0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
        0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
        0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,
        0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
        0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
        0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0x0000, 0x0000,
    ]

    /// The character a one-letter escape stands for (`\n`, `\t`, …), or nil when the letter
    /// stands for itself (`\"`, `\\`, `\'` and any other character).
    @inline(__always)
    static func letterEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a"): 0x07
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "v"): 0x0B
        default: nil
        }
    }

    /// The escape the writer uses for an ASCII control character or a quote or backslash
    /// (the letter after the backslash), or nil when the byte is written as it is or needs
    /// an octal escape.
    @inline(__always)
    static func writerLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x07: UInt8(ascii: "a")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x0B: UInt8(ascii: "v")
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        default: nil
        }
    }
}
