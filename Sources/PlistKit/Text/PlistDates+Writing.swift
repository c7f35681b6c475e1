#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PlistDates {
    /// The most bytes ``writeISO8601(_:separator:zone:to:)`` stores with the `Z` zone: a sign,
    /// a year of up to 8 digits (``formattableRange`` reaches about 31.7 million years) and
    /// `-MM-DDTHH:MM:SSZ`.
    static let maximumISO8601Count = 25

    /// Stores `YYYY-MM-DDTHH:MM:SSZ`, seconds rounded down, as plutil writes dates (with
    /// `separator` for the `T` and `zone` for the `Z`: OpenStep writes `YYYY-MM-DD HH:MM:SS
    /// +0000`), and returns true; false (nothing stored) for dates that are not finite or lie
    /// beyond ``formattableRange``.
    static func writeISO8601(_ date: Date, separator: UInt8 = UInt8(ascii: "T"), zone: StaticString = "Z", to out: inout ByteOutput) -> Bool {
        let interval = date.timeIntervalSinceReferenceDate
        guard formattableRange.contains(interval) else { return false }
        let total = Int(interval.rounded(.down)) + unixToReference
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        // C's %04d: the sign counts towards the width.
        let yearDigits: Int
        if year < 0 {
            out.append(UInt8(ascii: "-"))
            yearDigits = max(3, DecimalText.digitCount(UInt64(-year)))
        } else {
            yearDigits = max(4, DecimalText.digitCount(UInt64(year)))
        }
        out.appendDigits(UInt64(year.magnitude), count: yearDigits)
        out.append(UInt8(ascii: "-"))
        out.appendDigits(UInt64(month), count: 2)
        out.append(UInt8(ascii: "-"))
        out.appendDigits(UInt64(day), count: 2)
        out.append(separator)
        out.appendDigits(UInt64(secondOfDay / 3600), count: 2)
        out.append(UInt8(ascii: ":"))
        out.appendDigits(UInt64(secondOfDay / 60 % 60), count: 2)
        out.append(UInt8(ascii: ":"))
        out.appendDigits(UInt64(secondOfDay % 60), count: 2)
        out.append(zone)
        return true
    }
}
