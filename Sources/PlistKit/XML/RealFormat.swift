#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text for reals as plutil writes them.
enum PlistRealFormat {
    /// XML: `nan`, `+infinity`, `-infinity`, `0.0` for either zero, otherwise C's `%.17g`.
    static func appendXML(_ value: Double, to out: inout [UInt8]) {
        if value.isNaN {
            out.append(contentsOf: "nan".utf8)
        } else if value.isInfinite {
            out.append(contentsOf: (value < 0 ? "-infinity" : "+infinity").utf8)
        } else if value == 0 {
            out.append(contentsOf: "0.0".utf8)
        } else {
            appendPercent17g(value, to: &out)
        }
    }

    /// C's `%.17g` for a finite, nonzero value. Exact integer arithmetic for binary
    /// exponents in `fastExponents` (about 1.5e-5 ..< 2.6e36); the C library elsewhere.
    static func appendPercent17g(_ value: Double, to out: inout [UInt8]) {
        if !appendPercent17gFast(value, to: &out) {
            appendPercent17gLibc(value, to: &out)
        }
    }

    /// Binary exponents (of the leading bit) that the exact UInt128 path handles.
    /// Lower bound: m · 10^s with s ≤ 22 stays below 2^128; upper: m · 2^e stays below 2^128.
    static let fastExponents: ClosedRange<Int> = -16 ... 120

    /// The C library's `%.17g`, the reference the fast path reproduces.
    static func appendPercent17gLibc(_ value: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            let length = withVaList([value]) { arguments in
                vsnprintf(buffer.baseAddress!, 40, "%.17g", arguments)
            }
            let count = max(0, min(Int(length), 39))
            buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                out.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
            }
        }
    }

    @inline(__always)
    private static func pow10(_ n: Int) -> UInt128 {
        var result: UInt128 = 1
        var i = 0
        while i < n { result &*= 10; i &+= 1 }
        return result
    }

    private static let powersOf10: [UInt128] = (0 ... 38).map { pow10($0) }

    /// Writes `%.17g` of a finite nonzero `value` with exact integer arithmetic and
    /// round-half-even, as glibc does; false (nothing written) outside `fastExponents`.
    @inline(__always)
    static func appendPercent17gFast(_ value: Double, to out: inout [UInt8]) -> Bool {
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
                let scaled = m &* powersOf10[s]
                if e >= 0 {
                    q = scaled &<< UInt128(e)
                } else {
                    let k = UInt128(-e)
                    q = scaled &>> k
                    let remainder = scaled & ((1 &<< k) &- 1)
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

        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            let base = buffer.baseAddress!
            // 17 digits at base[24 ..< 41].
            var d = digits
            var i = 40
            while i >= 24 {
                let (quotient, remainder) = d.quotientAndRemainder(dividingBy: 10)
                base[i] = UInt8(truncatingIfNeeded: remainder) &+ 48
                d = quotient
                i &-= 1
            }
            // Significant digits without trailing zeros: base[24 ..< end].
            var end = 41
            while end > 25 && base[end &- 1] == 48 { end &-= 1 }

            var n = 0
            @inline(__always) func put(_ byte: UInt8) {
                base[n] = byte
                n &+= 1
            }
            if value.sign == .minus { put(45) }  // "-"
            let x = decimalExponent
            if x < -4 || x >= 17 {
                put(base[24])
                if end > 25 {
                    put(46)  // "."
                    var j = 25
                    while j < end { put(base[j]); j &+= 1 }
                }
                put(101)  // "e"
                put(x < 0 ? 45 : 43)
                let magnitude = x < 0 ? -x : x
                if magnitude >= 100 {
                    put(UInt8(truncatingIfNeeded: magnitude / 100) &+ 48)
                }
                put(UInt8(truncatingIfNeeded: (magnitude / 10) % 10) &+ 48)
                put(UInt8(truncatingIfNeeded: magnitude % 10) &+ 48)
            } else if x >= 0 {
                // Integer part: digits[0 ... x]; fraction: the rest, trimmed.
                var j = 24
                while j <= 24 &+ x { put(base[j]); j &+= 1 }
                if end > j {
                    put(46)
                    while j < end { put(base[j]); j &+= 1 }
                }
            } else {
                put(48)
                put(46)
                var z = -1
                while z > x { put(48); z &-= 1 }
                var j = 24
                while j < end { put(base[j]); j &+= 1 }
            }
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: n))
        }
        return true
    }

    /// JSON: Swift's shortest round-trip text without a trailing `.0` (what Foundation's
    /// `JSONSerialization` writes). Nil for NaN and infinities, which JSON cannot hold.
    static func json(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
