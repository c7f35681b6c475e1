/// Decimal text to `Double` without `strtod`, for the short reals plists are full of.
///
/// ``parse(_:)`` gives exactly the value `Double(String)` gives (round to nearest, ties to
/// even), or nil when it cannot be sure of that cheaply; callers then take the slow path, so
/// what a reader accepts and the values it reads never depend on this file. Two exact
/// methods, tried in turn:
///
/// - Clinger's: a mantissa of at most 2⁵³ and a power of ten of at most 10²² are both exact
///   doubles, so one correctly rounded multiplication or division gives the answer.
/// - Eisel and Lemire's (Lemire, "Number Parsing at a Gigabyte per Second", 2021): multiply
///   the mantissa by a 128-bit truncation of the power of five, keep the top 54 bits, and
///   round; it declines the rare products too close to a halfway point to decide.
enum DecimalReal {
    /// `[+-]? digits* ('.' digits*)? ([eE] [+-]? digits+)?` with at least one mantissa digit,
    /// as a `Double`; nil for any other text, for more than 19 significant digits, and for
    /// values the exact methods cannot settle (among them every subnormal, overflowing or
    /// undecidable result). Never returns an infinity or a NaN.
    static func parse(_ text: ByteView) -> Double? {
        guard !text.isEmpty else { return nil }
        let count = text.count
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative || text[0] == UInt8(ascii: "+") { index = 1 }
        // The significant digits (leading zeros dropped) as an integer, and the power of ten
        // it is to be scaled by.
        var mantissa: UInt64 = 0
        let integerStart = index
        while text.byte(at: index) == UInt8(ascii: "0") { index &+= 1 }
        var significantDigits = DecimalDigits.accumulate(text, &index, into: &mantissa)
        var anyDigit = index != integerStart
        var scale = 0
        if text.byte(at: index) == UInt8(ascii: ".") {
            index &+= 1
            let fractionStart = index
            if significantDigits == 0 {
                while text.byte(at: index) == UInt8(ascii: "0") { index &+= 1 }
            }
            significantDigits &+= DecimalDigits.accumulate(text, &index, into: &mantissa)
            anyDigit = anyDigit || index != fractionStart
            scale = fractionStart &- index
        }
        // 19 digits always fit in 64 bits; 20 may not (and the mantissa may have wrapped).
        guard anyDigit, significantDigits <= 19 else { return nil }
        if index < count {
            guard text[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            index &+= 1
            var exponentNegative = false
            if let sign = text.byte(at: index), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                index &+= 1
            }
            guard index < count else { return nil }
            var exponent = 0
            while let byte = text.byte(at: index) {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                // Far beyond any table, but never overflowing.
                if exponent < 100_000 { exponent = exponent &* 10 &+ Int(digit) }
                index &+= 1
            }
            scale &+= exponentNegative ? 0 &- exponent : exponent
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard let magnitude = clinger(mantissa, scale) ?? eiselLemire(mantissa, scale) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// `mantissa` × 10^`power` when both factors are exact doubles, else nil.
    @inline(__always)
    private static func clinger(_ mantissa: UInt64, _ power: Int) -> Double? {
        guard mantissa <= 1 << 53, power >= -22, power <= 22 else { return nil }
        let value = Double(mantissa)
        return power >= 0 ? value * exactPowersOfTen[power] : value / exactPowersOfTen[-power]
    }

    /// 10⁰ … 10²², every power of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// `mantissa` (not zero) × 10^`power` by the Eisel–Lemire method, or nil when the result
    /// is subnormal, overflows, `power` is outside ``powersOfFive``, or the truncated product
    /// leaves the rounding undecided.
    private static func eiselLemire(_ mantissa: UInt64, _ power: Int) -> Double? {
        guard power >= smallestPowerOfFive, power <= largestPowerOfFive else { return nil }
        // The mantissa with its top bit set, so the product's top bit is bit 127 or 126.
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << leadingZeros
        // ⌊log₂ 10^power⌋ is (217706 × power) >> 16 for every power in the table; the table
        // entry is that power of two times a number in [1, 2), and the biased exponent of
        // the product follows.
        var exponent = ((217_706 &* power) >> 16) &+ 64 &+ 1023 &- leadingZeros
        let row = 2 &* (power &- smallestPowerOfFive)
        let table = powersOfFive
        var (high, low) = normalized.multipliedFullWidth(by: table[row])
        // The product with the table's high word falls short of the true one by less than
        // `normalized` units of `low`. That matters only if adding it could carry into
        // the bits kept, so then add the product with the table's low word too.
        if high & 0x1FF == 0x1FF, low &+ normalized < normalized {
            let (carryHigh, carryLow) = normalized.multipliedFullWidth(by: table[row &+ 1])
            let (sum, carried) = low.addingReportingOverflow(carryHigh)
            let mergedHigh = carried ? high &+ 1 : high
            // Still one carry away from different bits: undecided.
            if mergedHigh & 0x1FF == 0x1FF, sum == .max, carryLow &+ normalized < normalized {
                return nil
            }
            high = mergedHigh
            low = sum
        }
        // Keep 54 bits: 53 and one to round with.
        let topBit = Int(truncatingIfNeeded: high >> 63)
        var significand = high >> (9 &+ topBit)
        exponent &-= 1 ^ topBit
        // Exactly halfway between two doubles as far as the truncated product shows, with
        // an even one below: the true value may be the tie (round down) or just above it
        // (round up).
        if low == 0, high & 0x1FF == 0, significand & 3 == 1 { return nil }
        significand = (significand &+ (significand & 1)) >> 1
        if significand >= 1 << 53 {
            significand >>= 1
            exponent &+= 1
        }
        // Subnormal or zero (below 1), infinite (0x7FF and above).
        guard exponent >= 1, exponent < 0x7FF else { return nil }
        return Double(bitPattern: UInt64(exponent) << 52 | significand & (1 << 52 &- 1))
    }
}
