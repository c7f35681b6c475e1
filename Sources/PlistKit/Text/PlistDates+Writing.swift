#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PlistDates {
    /// The most bytes ``writeISO8601(_:to:)`` stores: a sign, a year of up to 8 digits
    /// (``formattableRange`` reaches about 31.7 million years) and `-MM-DDTHH:MM:SSZ`.
    static let maximumISO8601Count = 25

    /// Stores `YYYY-MM-DDTHH:MM:SSZ`, seconds rounded down, as plutil writes dates, at
    /// `dest` (room for ``maximumISO8601Count`` bytes) and returns the number of bytes
    /// stored, or nil (nothing stored) for dates that are not finite or lie beyond
    /// ``formattableRange``.
    static func writeISO8601(_ date: Date, to dest: UnsafeMutablePointer<UInt8>) -> Int? {
        let interval = date.timeIntervalSinceReferenceDate
        guard formattableRange.contains(interval) else { return nil }
        let total = Int(interval.rounded(.down)) + unixToReference
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        // C's %04d: the sign counts towards the width.
        var next = dest
        let yearDigits: Int
        if year < 0 {
            next.pointee = UInt8(ascii: "-")
            next += 1
            yearDigits = max(3, DecimalText.digitCount(UInt64(-year)))
        } else {
            yearDigits = max(4, DecimalText.digitCount(UInt64(year)))
        }
        DecimalText.write(UInt64(year.magnitude), count: yearDigits, to: next)
        next += yearDigits
        next[0] = UInt8(ascii: "-")
        DecimalText.write(UInt64(month), count: 2, to: next + 1)
        next[3] = UInt8(ascii: "-")
        DecimalText.write(UInt64(day), count: 2, to: next + 4)
        next[6] = UInt8(ascii: "T")
        DecimalText.write(UInt64(secondOfDay / 3600), count: 2, to: next + 7)
        next[9] = UInt8(ascii: ":")
        DecimalText.write(UInt64(secondOfDay / 60 % 60), count: 2, to: next + 10)
        next[12] = UInt8(ascii: ":")
        DecimalText.write(UInt64(secondOfDay % 60), count: 2, to: next + 13)
        next[15] = UInt8(ascii: "Z")
        return next + 16 - dest
    }
}
