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
        out.commit(writeXML(value, to: out.reserve(maximumXMLCount)))
    }

    /// ``appendXML(_:to:)-(_,ByteBuffer)`` for text collected in an array.
    static func appendXML(_ value: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumXMLCount) { buffer in
            let count = writeXML(value, to: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
    }

    /// Stores the XML text of `value` at `dest`, which has room for ``maximumXMLCount``
    /// bytes, and returns the number of bytes stored.
    @inline(__always)
    static func writeXML(_ value: Double, to dest: UnsafeMutablePointer<UInt8>) -> Int {
        if value.isNaN {
            return write("nan", to: dest)
        } else if value.isInfinite {
            return write(value < 0 ? "-infinity" : "+infinity", to: dest)
        } else if value == 0 {
            return write(value.sign == .minus ? "-0.0" : "0.0", to: dest)
        } else {
            return writePercent17g(value, to: dest)
        }
    }

    @inline(__always)
    private static func write(_ text: StaticString, to dest: UnsafeMutablePointer<UInt8>) -> Int {
        dest.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// C's `%.17g` for a finite, nonzero value, stored at `dest` (room for
    /// ``maximumXMLCount`` bytes); returns the number of bytes stored. Exact integer
    /// arithmetic for binary exponents in `fastExponents` (about 1.1e-22 ..< 2.6e36); the C
    /// library elsewhere.
    static func writePercent17g(_ value: Double, to dest: UnsafeMutablePointer<UInt8>) -> Int {
        writePercent17gFast(value, to: dest) ?? writePercent17gLibc(value, to: dest)
    }

    /// Binary exponents (of the leading bit) that the exact UInt128 path handles.
    /// Lower bound: the scale 10^s, s ≤ 38, stays below 2^128; upper: m · 2^e stays below 2^128.
    static let fastExponents: ClosedRange<Int> = -73 ... 120

    /// The C library's `%.17g`, the reference the fast path reproduces.
    static func writePercent17gLibc(_ value: Double, to dest: UnsafeMutablePointer<UInt8>) -> Int {
        let length = dest.withMemoryRebound(to: CChar.self, capacity: maximumXMLCount) { buffer in
            withVaList([value]) { arguments in
                vsnprintf(buffer, maximumXMLCount, "%.17g", arguments)
            }
        }
        return max(0, min(Int(length), maximumXMLCount - 1))
    }

    @inline(__always)
    private static func pow10(_ n: Int) -> UInt128 {
        var result: UInt128 = 1
        var i = 0
        while i < n { result &*= 10; i &+= 1 }
        return result
    }

    private static let powersOf10: [UInt128] = (0 ... 38).map { pow10($0) }

    /// Stores `%.17g` of a finite nonzero `value` at `dest` with exact integer arithmetic
    /// and round-half-even, as glibc does, and returns the number of bytes stored; nil
    /// (nothing stored) outside `fastExponents`.
    @inline(__always)
    static func writePercent17gFast(_ value: Double, to dest: UnsafeMutablePointer<UInt8>) -> Int? {
        let biased = Int(value.exponentBitPattern)
        // Subnormals (biased 0) fall outside fastExponents.
        let e2 = biased - 1023
        guard biased != 0, fastExponents.contains(e2) else { return nil }
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

        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 17) { buffer in
            let base = buffer.baseAddress!
            DecimalText.write(digits, count: 17, to: base)
            // Significant digits without trailing zeros: base[0 ..< end].
            var end = 17
            while end > 1 && base[end &- 1] == 48 { end &-= 1 }

            var n = 0
            @inline(__always) func put(_ byte: UInt8) {
                dest[n] = byte
                n &+= 1
            }
            if value.sign == .minus { put(45) }  // "-"
            let x = decimalExponent
            if x < -4 || x >= 17 {
                put(base[0])
                if end > 1 {
                    put(46)  // "."
                    var j = 1
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
                var j = 0
                while j <= x { put(base[j]); j &+= 1 }
                if end > j {
                    put(46)
                    while j < end { put(base[j]); j &+= 1 }
                }
            } else {
                put(48)
                put(46)
                var z = -1
                while z > x { put(48); z &-= 1 }
                var j = 0
                while j < end { put(base[j]); j &+= 1 }
            }
            return n
        }
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
