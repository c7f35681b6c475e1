#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates as plutil shows them to a person, computed without Foundation's formatters (which
/// trap on a date holding NaN).
public enum PlutilDateText {
    /// What `plutil -p` prints: `2001-01-01 00:00:00 +0000`, UTC, proleptic Gregorian,
    /// seconds from 1970 truncated, for dates from `Date.distantPast` to `Date.distantFuture`
    /// inclusive; `<description unavailable>` for any other date, infinite and NaN ones
    /// included (plutil crashes on NaN).
    public static func description(_ date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval >= -63_114_076_800, interval <= 63_113_904_000 else { return "<description unavailable>" }
        // Foundation truncates the seconds from 1970 towards zero.
        let fromUnixEpoch = Int((interval + Double(PlistDates.unixToReference)).rounded(.towardZero))
        let (year, month, day, second) = civil(fromUnixEpoch - PlistDates.unixToReference, julianBeforeCutover: false)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + " " + time(second) + " +0000"
    }

    /// What `plutil -extract KEYPATH raw` prints: ISO 8601 in UTC (`2001-01-01T00:00:00Z`),
    /// seconds rounded down, in the Julian calendar before the Gregorian reform of
    /// 1582-10-15 as ICU counts; nil for NaN, infinite and other dates more than 10^15
    /// seconds from 2001 (plutil prints a made-up date for those).
    public static func iso8601(_ date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard PlistDates.formattableRange.contains(interval) else { return nil }
        let (year, month, day, second) = civil(Int(interval.rounded(.down)), julianBeforeCutover: true)
        let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return yearText + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + time(second) + "Z"
    }

    /// Seconds from 1970 of 1582-10-15 00:00:00 UTC, the first Gregorian day.
    private static let gregorianCutover = -12_219_292_800

    private static func civil(_ secondsFromReference: Int, julianBeforeCutover: Bool) -> (year: Int, month: Int, day: Int, second: Int) {
        let total = secondsFromReference + PlistDates.unixToReference
        let days = floorDivide(total, 86_400)
        let second = total - days * 86_400
        if julianBeforeCutover, total < gregorianCutover {
            let (year, month, day) = julianFromDays(days)
            return (year, month, day, second)
        }
        let (year, month, day) = PlistDates.civilFromDays(days)
        return (year, month, day, second)
    }

    /// The Julian calendar date for a count of days from 1970-01-01 (Gregorian).
    private static func julianFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let c = days + 2_440_588 + 32_082
        let d = floorDivide(4 * c + 3, 1461)
        let e = c - floorDivide(1461 * d, 4)
        let m = floorDivide(5 * e + 2, 153)
        return (d - 4800 + m / 10, m + 3 - 12 * (m / 10), e - (153 * m + 2) / 5 + 1)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func time(_ second: Int) -> String {
        pad(second / 3600, 2) + ":" + pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
