import Foundation
@testable import PlistKit
import Testing
import TestSupport

/// The XML writer's `%.17g` without printf must match the C library byte for byte.
struct RealFormatTests {

    static func formatted(_ value: Double) -> String {
        var out = ByteBuffer(capacity: PlistRealFormat.maximumXMLCount)
        PlistRealFormat.appendXML(value, to: &out)
        return String(decoding: out.data(), as: UTF8.self)
    }

    /// The reference: C's `%.17g` with plutil's spellings of the special values (but `-0.0`
    /// keeps its sign).
    static func reference(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }  // plutil: 0.0 for both
        return String(format: "%.17g", value)
    }

    static func check(_ value: Double, _ failures: inout [String]) {
        let got = formatted(value)
        let want = reference(value)
        if got != want, failures.count < 20 {
            failures.append("\(value.bitPattern.hex): got \(got), want \(want)")
        }
    }

    @Test func edgeCases() {
        var values: [Double] = [
            0, -0.0, .nan, .infinity, -.infinity,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne,
            1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.5, 1.5, 123.456, -123.456,
            1e16, 1e17, 1e18, 9007199254740992, 0.99999999999999999,
            9.9999999999999995e16, 9.9999999999999998e16, 1e-4, 1e-5, 1e-6, 1e-7,
            0.0001, 0.00012345, 0.000099999999999999999, 1.7976931348623157e308,
            2.2250738585072014e-308, 1e23, 1e22, 1e21,
            3.14159265358979323846, 2.718281828459045, 6.02214076e23, 6.62607015e-34,
        ]
        // Decimal texts no Double holds (each test is of the nearest one), read at run time:
        // as literals the compiler warns that they round.
        values += ["123456789012345678", "12345678901234567", "9007199254740993", "99999999999999999",
                   "999999999999999999", "4.9406564584124654e-324", "5e-324"].map { Double($0)! }
        for p in -1074 ... 1023 {
            let v = Double(sign: .plus, exponent: p, significand: 1)
            values += [v, -v, v.nextUp, v.nextDown]
        }
        for p in -330 ... 310 {
            let v = Double("1e\(p)")!
            values += [v, -v, v.nextUp, v.nextDown, 5 * v, 9.5 * v]
        }
        // Exact ties at the 17th digit: 16 integer digits and a fraction of .25 or .75.
        var rng = SplitMix64(seed: 0x5EED_0003)
        for _ in 0 ..< 20_000 {
            let x = Double(UInt64.random(in: 1_000_000_000_000_000 ..< 2_000_000_000_000_000, using: &rng))
            values += [x + 0.25, x + 0.75, -(x + 0.25), (x + 0.75) / 1024, (x + 0.25) * 1024]
        }
        var failures: [String] = []
        for v in values { Self.check(v, &failures) }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func randomBitPatterns() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var failures: [String] = []
        // A million patterns in the full run (`TestTools.fullRun`), 200,000 by default.
        for i in 0 ..< TestTools.scaled(200_000, full: 1_000_000) {
            let bits = rng.next()
            let v: Double
            switch i % 4 {
            case 0:
                // Any bit pattern, subnormals and specials included.
                v = Double(bitPattern: bits)
            case 1:
                // Exponents around the fast path's range, and subnormals.
                let exponent = UInt64(bits >> 52) % 200 &+ 1023 &- 40
                let biased = i % 64 == 1 ? 0 : exponent
                v = Double(bitPattern: (bits & 0x800F_FFFF_FFFF_FFFF) | (biased << 52))
            case 2:
                // Nice decimals k / 10^n.
                let k = Double(Int64(bitPattern: bits) % 10_000_000)
                let n = Int(bits >> 56) % 12
                v = k / pow(10, Double(n))
            default:
                // Integers and short decimals scaled by powers of ten.
                let k = Double(Int64(bitPattern: bits) >> Int(bits & 63))
                let n = Int((bits >> 8) & 63) - 31
                v = n >= 0 ? k * pow(10, Double(n)) : k / pow(10, Double(-n))
            }
            Self.check(v, &failures)
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func uniformUnitInterval() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        var failures: [String] = []
        for _ in 0 ..< TestTools.scaled(50_000, full: 200_000) {
            Self.check(Double.random(in: 0 ..< 1, using: &rng), &failures)
            Self.check(Double.random(in: -1e9 ... 1e9, using: &rng), &failures)
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}

extension UInt64 {
    fileprivate var hex: String { "0x" + String(self, radix: 16) }
}
