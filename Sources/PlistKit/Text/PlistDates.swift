#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

extension PlistDates {
    /// How a date's text ends: `Z` (XML) or ` ±HHMM` (GNUstep's `<*D…>`).
    enum ZoneForm {
        case utcDesignator
        case numericOffset
    }

    /// `[-]Y…-MM-DD`, `separator`, `HH:MM:SS` and the zone, as a date in the proleptic
    /// Gregorian calendar; nil for any other text or a field out of range.
    static func parse(_ text: ByteView, separator: Unicode.Scalar, zone: ZoneForm) -> Date? {
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
        let yearSign = expect("-") ? -1 : 1
        guard let year = number(1...9), expect("-"),
              let month = number(2...2), expect("-"),
              let day = number(2...2), expect(separator),
              let hour = number(2...2), expect(":"),
              let minute = number(2...2), expect(":"),
              let second = number(2...2)
        else { return nil }
        var offset = 0
        switch zone {
        case .utcDesignator:
            guard expect("Z") else { return nil }
        case .numericOffset:
            guard expect(" ") else { return nil }
            let zoneSign: Int
            if expect("+") { zoneSign = 1 } else if expect("-") { zoneSign = -1 } else { return nil }
            guard let zoneHours = number(2...2), let zoneMinutes = number(2...2), zoneHours < 24, zoneMinutes < 60 else { return nil }
            offset = zoneSign * (zoneHours * 3_600 + zoneMinutes * 60)
        }
        guard index == text.count,
              (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: yearSign * year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: yearSign * year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset - unixToReference
        return Date(timeIntervalSinceReferenceDate: Double(seconds))
    }
}
