#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PlistDates {
    /// The most bytes ``appendISO8601(_:to:timeSeparator:)`` stores: a sign, a year of up to
    /// 8 digits (the most a date in ``formattableRange`` has), `-MM-DD`, the separator and
    /// `HH:MM:SS`.
    static let maximumISO8601Count = 24

    /// Stores `YYYY-MM-DD`, `timeSeparator` and `HH:MM:SS` of `date` in UTC, seconds rounded
    /// down, as plutil writes dates (the caller adds the zone: `Z` after a `T` in XML, ` +0000`
    /// after a space in OpenStep text). Returns false, with nothing stored, for dates that are
    /// not finite or lie beyond ``formattableRange``.
    static func appendISO8601(_ date: Date, to out: inout ByteBuffer, timeSeparator: UInt8 = UInt8(ascii: "T")) -> Bool {
        let interval = date.timeIntervalSinceReferenceDate
        guard formattableRange.contains(interval) else { return false }
        let total = Int(interval.rounded(.down)) + unixToReference
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        out.append(reserving: maximumISO8601Count) { out in
            // C's %04d: the sign counts towards the width.
            if year < 0 {
                out.append(UInt8(ascii: "-"))
                out.appendDigits(UInt64(-year), count: max(3, DecimalText.digitCount(UInt64(-year))))
            } else {
                out.appendDigits(UInt64(year), count: max(4, DecimalText.digitCount(UInt64(year))))
            }
            out.append(UInt8(ascii: "-"))
            out.appendDigits(UInt64(month), count: 2)
            out.append(UInt8(ascii: "-"))
            out.appendDigits(UInt64(day), count: 2)
            out.append(timeSeparator)
            out.appendDigits(UInt64(secondOfDay / 3600), count: 2)
            out.append(UInt8(ascii: ":"))
            out.appendDigits(UInt64(secondOfDay / 60 % 60), count: 2)
            out.append(UInt8(ascii: ":"))
            out.appendDigits(UInt64(secondOfDay % 60), count: 2)
        }
        return true
    }
}
