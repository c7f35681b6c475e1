#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parsing the text of `<integer>`, `<real>` and `<date>` elements.
enum XMLScalars {
    /// Decimal (or `0x` hexadecimal, as CF accepts) integer text with an optional sign, in
    /// −2⁶³ … 2⁶⁴−1. Returns nil for anything else; out-of-range values never wrap.
    static func integer(_ text: ByteView) -> PlistInteger? {
        if let decimal = shortDecimal(text) { return decimal }
        guard let (negative, magnitude) = magnitude(text) else { return nil }
        guard let magnitude else { return nil }
        if negative {
            if magnitude <= UInt64(Int64.max) { return PlistInteger(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return PlistInteger(Int64.min) }
            return nil
        }
        return PlistInteger(magnitude)
    }

    /// `[-+]?[0-9]{1,19}` (not `0x…`), which cannot overflow 64 bits: most integer text,
    /// read eight digits at a time. Nil for anything else, left to ``magnitude(_:)``.
    @inline(__always)
    private static func shortDecimal(_ text: ByteView) -> PlistInteger? {
        guard let first = text.byte(at: 0) else { return nil }
        let negative = first == UInt8(ascii: "-")
        var index = negative || first == UInt8(ascii: "+") ? 1 : 0
        guard text.count &- index <= 19 else { return nil }
        var magnitude: UInt64 = 0
        // Stops at the first byte that is not a digit (the `x` of `0x…`, say).
        guard DecimalDigits.accumulate(text, &index, into: &magnitude) > 0, index == text.count else { return nil }
        if !negative { return PlistInteger(magnitude) }
        return magnitude <= UInt64(Int64.max) ? PlistInteger(-Int64(magnitude)) : nil
    }

    /// True when `text` is integer syntax (so a failure means the value is out of range).
    static func integerLooksValid(_ text: ByteView) -> Bool {
        magnitude(text) != nil
    }

    /// The sign and magnitude (nil on overflow), or nil when `text` is not integer syntax.
    private static func magnitude(_ text: ByteView) -> (Bool, UInt64?)? {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var radix: UInt64 = 10
        if index + 1 < text.count, text[index] == UInt8(ascii: "0"), text[index + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 2
        }
        guard index < text.count else { return nil }
        var value: UInt64? = 0
        while index < text.count {
            let byte = text[index]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            if let current = value {
                let (product, overflow1) = current.multipliedReportingOverflow(by: radix)
                let (sum, overflow2) = product.addingReportingOverflow(digit)
                value = overflow1 || overflow2 ? nil : sum
            }
            index += 1
        }
        return (negative, value)
    }

    /// Real text: decimal with optional exponent, or `nan`, `inf`, `infinity` with an optional
    /// sign, in any case. No white space, no hexadecimal floats.
    static func real(_ text: ByteView) -> Double? {
        guard !text.isEmpty, text.count < 400 else { return nil }
        return DecimalReal.parse(text) ?? realThroughString(text)
    }

    /// ``real(_:)`` for the text ``DecimalReal`` leaves: the words, and decimal text through
    /// `Double(String)`. Out of line, so the common case sets up none of its `String` work.
    @inline(never)
    static func realThroughString(_ text: some Collection<UInt8>) -> Double? {
        var sawDigit = false
        var numeric = true
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): continue
            default: numeric = false
            }
        }
        let string = String(decoding: text, as: UTF8.self)
        if numeric {
            return sawDigit ? Double(string) : nil
        }
        var word = string.lowercased()[...]
        var sign = 1.0
        if word.first == "-" { sign = -1; word = word.dropFirst() } else if word.first == "+" { word = word.dropFirst() }
        switch word {
        case "nan": return Double.nan
        case "inf", "infinity": return sign * Double.infinity
        default: return nil
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (the year may carry a sign and more digits) as a date, using the
    /// proleptic Gregorian calendar in UTC, as Foundation does.
    static func date(_ text: ByteView) -> Date? {
        PlistDates.parse(text, separator: "T", zone: .utcDesignator)
    }
}
