#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text for reals as plutil writes them.
enum PlistRealFormat {
    /// The most bytes ``writeXML(_:to:)`` stores.
    static let maximumXMLCount = 40

    /// XML: `nan`, `+infinity`, `-infinity`, `0.0` and `-0.0`, otherwise C's `%.17g`.
    /// (plutil writes `-0.0` as `0.0`; PlistKit keeps the sign.)
    static func appendXML(_ value: Double, to out: inout ByteBuffer) {
        out.append(reserving: maximumXMLCount) { writeXML(value, to: &$0) }
    }

    /// Stores the XML text of `value` (at most ``maximumXMLCount`` bytes).
    @inline(__always)
    static func writeXML(_ value: Double, to out: inout ByteOutput) {
        if value.isNaN {
            out.append("nan")
        } else if value.isInfinite {
            out.append(value < 0 ? "-infinity" : "+infinity")
        } else if value == 0 {
            out.append(value.sign == .minus ? "-0.0" : "0.0")
        } else if !writePercent17gFast(value, to: &out) {
            writePercent17gLibc(value, to: &out)
        }
    }

    /// Binary exponents (of the leading bit) that the exact UInt128 path handles.
    /// Lower bound: the scale 10^s, s ≤ 38, stays below 2^128; upper: m · 2^e stays below 2^128.
    static let fastExponents: ClosedRange<Int> = -73 ... 120

    /// The C library's `%.17g`, the reference the fast path reproduces (at most
    /// ``maximumXMLCount`` bytes less one).
    static func writePercent17gLibc(_ value: Double, to out: inout ByteOutput) {
        out.appendPrintf("%.17g", value)
    }

    @inline(__always)
    private static func pow10(_ n: Int) -> UInt128 {
        var result: UInt128 = 1
        var i = 0
        while i < n { result &*= 10; i &+= 1 }
        return result
    }

    private static let powersOf10: [UInt128] = (0 ... 38).map { pow10($0) }

    /// 10^0 through 10^19.
    private static let powersOf10Word: [UInt64] = (0 ... 19).map { UInt64(pow10($0)) }

    /// Stores `%.17g` of a finite nonzero `value` with exact integer arithmetic and
    /// round-half-even, as glibc does, and returns true; false (nothing stored) outside
    /// `fastExponents`.
    @inline(__always)
    static func writePercent17gFast(_ value: Double, to out: inout ByteOutput) -> Bool {
        let biased = Int(value.exponentBitPattern)
        // Subnormals (biased 0) fall outside fastExponents.
        let e2 = biased - 1023
        guard biased != 0, fastExponents.contains(e2) else { return false }
        let m = UInt128(value.significandBitPattern | (1 << 52))
        let e = e2 - 52  // value = m · 2^e

        // floor(log10(value)) is decimalExponent or decimalExponent + 1.
        var decimalExponent = (e2 &* 78913) >> 18
        let lowest: UInt64 = 10_000_000_000_000_000  // 10^16
        let limit: UInt64 = 100_000_000_000_000_000  // 10^17
        var digits: UInt64 = 0
        var attempt = 0
        while true {
            let s = 16 - decimalExponent  // digits = round(value · 10^s)
            var q: UInt128
            var roundUp = false
            if s >= 0 {
                if e >= 0 {
                    q = (m &* powersOf10[s]) &<< UInt128(e)
                } else {
                    // m · 10^s can take up to 181 bits; 1 ≤ k ≤ 125, and the quotient
                    // fits in 64 bits.
                    let (high, low) = m.multipliedFullWidth(by: powersOf10[s])
                    let k = -e
                    q = (high &<< (128 &- k)) | (low &>> k)
                    let remainder = low & ((1 &<< k) &- 1)
                    let half: UInt128 = 1 &<< (k &- 1)
                    roundUp = remainder > half || (remainder == half && q & 1 == 1)
                }
            } else {
                // value ≥ 10^17 > 2^53, so e > 0 here.
                let n = m &<< UInt128(e)
                let divisor = powersOf10[-s]
                let (quotient, remainder) = n.quotientAndRemainder(dividingBy: divisor)
                q = quotient
                let twice = remainder &<< 1
                roundUp = twice > divisor || (twice == divisor && q & 1 == 1)
            }
            if q >= UInt128(limit) {
                // The estimate was one low.
                attempt &+= 1
                precondition(attempt < 2)
                decimalExponent &+= 1
                continue
            }
            digits = UInt64(q)
            if roundUp { digits &+= 1 }
            if digits == limit {
                digits = lowest
                decimalExponent &+= 1
            }
            break
        }

        // The 17 digits without their trailing zeros: `significant`, `end` digits long.
        var significant = digits
        var end = 17
        if significant % lowest == 0 { significant /= lowest; end = 1 }
        // At most 15 trailing zeros otherwise.
        if significant % 100_000_000 == 0 { significant /= 100_000_000; end &-= 8 }
        if significant % 10_000 == 0 { significant /= 10_000; end &-= 4 }
        if significant % 100 == 0 { significant /= 100; end &-= 2 }
        if significant % 10 == 0 { significant /= 10; end &-= 1 }

        if value.sign == .minus { out.append(UInt8(ascii: "-")) }
        let x = decimalExponent
        if x < -4 || x >= 17 {
            // d.ddde±XX: the first digit, then the rest of the significant ones.
            let rest = end &- 1
            let scale = powersOf10Word[rest]
            out.appendDigits(significant / scale, count: 1)
            if rest > 0 {
                out.append(UInt8(ascii: "."))
                out.appendDigits(significant % scale, count: rest)
            }
            out.append(x < 0 ? "e-" : "e+")
            let magnitude = x < 0 ? -x : x
            out.appendDigits(UInt64(magnitude), count: magnitude >= 100 ? 3 : 2)
        } else if x >= 0 {
            // Integer part: the first x + 1 of the 17 digits; fraction: the significant rest.
            if end > x &+ 1 {
                let fraction = end &- x &- 1
                let scale = powersOf10Word[fraction]
                out.appendDigits(significant / scale, count: x &+ 1)
                out.append(UInt8(ascii: "."))
                out.appendDigits(significant % scale, count: fraction)
            } else {
                out.appendDigits(digits / powersOf10Word[16 &- x], count: x &+ 1)
            }
        } else {
            // 0.000ddd: -x - 1 zeros after the point, then the significant digits.
            out.append("0.")
            out.append(repeating: UInt8(ascii: "0"), count: -x &- 1)
            out.appendDigits(significant, count: end)
        }
        return true
    }

    /// JSON: Swift's shortest round-trip text without a trailing `.0` (what Foundation's
    /// `JSONSerialization` writes), except that `-0.0` keeps its fraction so that it reads
    /// back as a real with its sign. Nil for NaN and infinities, which JSON cannot hold.
    static func json(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0, value.sign == .minus { return "-0.0" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
