import Foundation
@testable import PlistKit
import Testing
import TestSupport

/// `<integer>` text reads as the standard library reads decimal integers (`Int64`, then
/// `UInt64`), whichever path it takes: 19 digits or fewer go eight at a time, longer text
/// and hexadecimal digit by digit.
@Suite struct XMLIntegerTextTests {
    private func read(_ text: String) -> PlistInteger? {
        var text = text
        return ByteView.with(utf8: &text) { XMLScalars.integer($0) }
    }

    private func expected(_ text: String) -> PlistInteger? {
        Int64(text).map { PlistInteger($0) } ?? UInt64(text).map { PlistInteger($0) }
    }

    @Test func edgeCases() {
        let texts = [
            "", "-", "+", "0", "-0", "+0", "00012", "-00012", "7", "12345678", "123456789",
            "9223372036854775807", "-9223372036854775808", "-9223372036854775809", "9223372036854775808",
            "18446744073709551615", "18446744073709551616", "-18446744073709551615", "99999999999999999999",
            "0000000000000000000001", "1x", "12a", " 1", "1 ", "--1", "+-1", "1.0", "1e3",
        ]
        for text in texts {
            #expect(read(text) == expected(text), "\(text)")
        }
    }

    @Test func hexadecimalAsCFReadsIt() {
        #expect(read("0x1F") == 31)
        #expect(read("-0x10") == -16)
        #expect(read("0XfFfFfFfFfFfFfFfF") == PlistInteger(UInt64.max))
        #expect(read("0x") == nil)
        #expect(read("0x1g") == nil)
    }

    @Test func randomIntegers() {
        var random = SplitMix64(seed: 0x1_17E6)
        for _ in 0..<TestTools.scaled(50_000, full: 200_000) {
            let value = Int64(bitPattern: random.next()) >> Int64.random(in: 0..<64, using: &random)
            let unsigned = random.next() >> UInt64.random(in: 0..<64, using: &random)
            for text in ["\(value)", "\(unsigned)", "+\(unsigned)", "-\(unsigned)", "00\(value.magnitude)"] {
                #expect(read(text) == expected(text), "\(text)")
            }
        }
    }
}
