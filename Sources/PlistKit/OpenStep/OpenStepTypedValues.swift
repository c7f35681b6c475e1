#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// GNUstep's typed scalars in OpenStep text, as its `NSPropertyListSerialization` writes
/// them in `NSPropertyListGNUstepFormat`: `<*I123>` integers, `<*R1.5>` reals, `<*BY>` and
/// `<*BN>` booleans, `<*D2020-01-01 12:00:00 +0000>` dates. CF refuses them (`<*` is not
/// hex data), so reading them never changes what a CF-readable file means.
enum OpenStepTypedValues {
    /// The value of the text between `<*` and `>` (`I123`, `BY`, …), or nil when it is not a
    /// typed value GNUstep writes.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Plist? {
        guard let kind = text.first else { return nil }
        let body = UnsafeBufferPointer(rebasing: text.dropFirst())
        let string = String(decoding: body, as: UTF8.self)
        switch kind {
        case UInt8(ascii: "I"):
            return PlistInteger(decimal: string).map(Plist.integer)
        case UInt8(ascii: "R"):
            guard !string.isEmpty, string.utf8.allSatisfy({ $0 > 0x20 }), let real = Double(string) else { return nil }
            return .real(real)
        case UInt8(ascii: "B"):
            switch string {
            case "Y", "YES": return .bool(true)
            case "N", "NO": return .bool(false)
            default: return nil
            }
        case UInt8(ascii: "D"):
            return parseDate(body).map(Plist.date)
        default:
            return nil
        }
    }

    /// `YYYY-MM-DD HH:MM:SS ±HHMM`, the calendar format GNUstep writes dates in.
    private static func parseDate(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
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
        if expect("-") { yearSign = -1 }
        guard let year = number(1...9), expect("-"),
              let month = number(2...2), expect("-"),
              let day = number(2...2), expect(" "),
              let hour = number(2...2), expect(":"),
              let minute = number(2...2), expect(":"),
              let second = number(2...2), expect(" "),
              index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")
        else { return nil }
        let zoneSign = text[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let zoneHours = number(2...2), let zoneMinutes = number(2...2), index == text.count,
              (1...12).contains(month), day >= 1, day <= PlistDates.daysInMonth(month, year: yearSign * year),
              hour < 24, minute < 60, second < 60, zoneHours < 24, zoneMinutes < 60
        else { return nil }
        let days = PlistDates.daysFromCivil(year: yearSign * year, month: month, day: day)
        let local = days * 86_400 + hour * 3_600 + minute * 60 + second
        let seconds = local - zoneSign * (zoneHours * 3_600 + zoneMinutes * 60) - PlistDates.unixToReference
        return Date(timeIntervalSinceReferenceDate: Double(seconds))
    }

    /// Appends `<*D…>` for `date` in UTC, seconds rounded down as in every text format, or
    /// returns false for dates no calendar text can hold.
    static func appendDate(_ date: Date, to out: inout ByteBuffer) -> Bool {
        var iso = [UInt8](repeating: 0, count: PlistDates.maximumISO8601Count)
        guard let count = iso.withUnsafeMutableBufferPointer({ PlistDates.writeISO8601(date, to: $0.baseAddress!) }) else {
            return false
        }
        // YYYY-MM-DDTHH:MM:SSZ becomes YYYY-MM-DD HH:MM:SS +0000.
        out.append("<*D")
        for byte in iso[..<(count - 1)] {
            out.append(byte == UInt8(ascii: "T") ? UInt8(ascii: " ") : byte)
        }
        out.append(" +0000>")
        return true
    }

    /// Appends `<*R…>`: Swift's shortest text that reads back as the same `Double`
    /// (`nan`, `inf` and `-inf` for the values without digits, which `strtod` reads).
    static func appendReal(_ real: Double, to out: inout ByteBuffer) {
        out.append("<*R")
        var text = real.isNaN ? "nan" : real.description
        text.withUTF8 { out.append($0.baseAddress!, count: $0.count) }
        out.append(UInt8(ascii: ">"))
    }
}
