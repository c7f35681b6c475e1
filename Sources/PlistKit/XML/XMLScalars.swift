#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parsing the text of `<integer>`, `<real>` and `<date>` elements.
enum XMLScalars {
    /// Decimal (or `0x` hexadecimal, as CF accepts) integer text with an optional sign, in
    /// −2⁶³ … 2⁶⁴−1. Returns nil for anything else; out-of-range values never wrap.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> PlistInteger? {
        guard let (negative, magnitude) = magnitude(text) else { return nil }
        guard let magnitude else { return nil }
        if negative {
            if magnitude <= UInt64(Int64.max) { return PlistInteger(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return PlistInteger(Int64.min) }
            return nil
        }
        return PlistInteger(magnitude)
    }

    /// True when `text` is integer syntax (so a failure means the value is out of range).
    static func integerLooksValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        magnitude(text) != nil
    }

    /// The sign and magnitude (nil on overflow), or nil when `text` is not integer syntax.
    private static func magnitude(_ text: UnsafeBufferPointer<UInt8>) -> (Bool, UInt64?)? {
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
    static func real(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !text.isEmpty, text.count < 400 else { return nil }
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
    static func date(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func number(_ digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while index < text.count, count < digits.upperBound, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            return digits.contains(count) ? value : nil
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < text.count, text[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
        var yearSign = 1
        if index < text.count, text[index] == UInt8(ascii: "-") { yearSign = -1; index += 1 }
        guard let year = number(1...9), expect("-"),
              let month = number(2...2), expect("-"),
              let day = number(2...2), expect("T"),
              let hour = number(2...2), expect(":"),
              let minute = number(2...2), expect(":"),
              let second = number(2...2), expect("Z"), index == text.count,
              (1...12).contains(month), day >= 1, day <= PlistDates.daysInMonth(month, year: yearSign * year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = PlistDates.daysFromCivil(year: yearSign * year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - PlistDates.unixToReference
        return Date(timeIntervalSinceReferenceDate: Double(seconds))
    }
}

/// Calendar arithmetic for plist dates: proleptic Gregorian, UTC, year 0 exists.
enum PlistDates {
    /// Seconds from 1970-01-01 to 2001-01-01.
    static let unixToReference = 978_307_200

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date for a count of days from 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The largest magnitude of seconds we format (about ±31 million years); beyond it plutil
    /// prints garbage and we refuse.
    static let formattableRange = -1e15...1e15
}
