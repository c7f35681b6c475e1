/// Runs of ASCII decimal digits read eight at a time, for the number parsers.
enum DecimalDigits {
    /// Appends the decimal digits at `index` (advanced past them) to `mantissa`, eight at a
    /// time while it can, and returns how many there were. Wraps rather than traps beyond 19
    /// digits, where the caller gives up anyway.
    @inline(__always)
    static func accumulate(_ bytes: ByteView, _ index: inout Int, into mantissa: inout UInt64) -> Int {
        let start = index
        let count = bytes.count
        while count &- index >= 8 {
            let chunk = UInt64(littleEndian: bytes.word(at: index))
            guard isEightDigits(chunk) else { break }
            mantissa = mantissa &* 100_000_000 &+ valueOfEightDigits(chunk)
            index &+= 8
        }
        while let byte = bytes.byte(at: index) {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index &+= 1
        }
        return index &- start
    }

    /// True when all eight bytes of `chunk` are ASCII digits: each high nibble is 3, and stays
    /// 3 when 6 is added (which a low nibble above 9 would carry into).
    @inline(__always)
    private static func isEightDigits(_ chunk: UInt64) -> Bool {
        let highNibbles = chunk & 0xF0F0_F0F0_F0F0_F0F0
        let carried = (chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
        return highNibbles | carried >> 4 == 0x3333_3333_3333_3333
    }

    /// The number eight ASCII digits spell, the first in the lowest byte of `chunk`: pairs,
    /// then quadruples, then the whole, each step one multiplication over every lane.
    @inline(__always)
    private static func valueOfEightDigits(_ chunk: UInt64) -> UInt64 {
        let digits = chunk &- 0x3030_3030_3030_3030
        // 16-bit lanes: 10 × first + second of each pair, at most 99.
        let pairs = (digits &* 10 &+ digits >> 8) & 0x00FF_00FF_00FF_00FF
        // 32-bit lanes: 100 × first + second pair, at most 9999.
        let quadruples = (pairs &* 100 &+ pairs >> 16) & 0x0000_FFFF_0000_FFFF
        return (quadruples & 0xFFFF_FFFF) &* 10_000 &+ quadruples >> 32
    }
}
