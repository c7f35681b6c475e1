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
    static func parse(_ text: ByteView) -> Plist? {
        guard let kind = text.first else { return nil }
        let body = text.extracting(from: 1)
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
    private static func parseDate(_ text: ByteView) -> Date? {
        PlistDates.parse(text, separator: " ", zone: .numericOffset)
    }

    /// Appends `value`, an integer, real, Boolean or date, as a typed value (any other value
    /// appends nothing); throws for a date no calendar text can hold.
    static func append(_ value: borrowing Plist, to out: inout ByteBuffer) throws(OpenStepWriter.Failure) {
        switch value {
        case .integer(let integer):
            out.append("<*I")
            out.appendDecimal(integer)
            out.append(UInt8(ascii: ">"))
        case .real(let real):
            appendReal(real, to: &out)
        case .real32(let real):
            appendReal(Double(real), to: &out)
        case .bool(let bool):
            out.append(bool ? "<*BY>" : "<*BN>")
        case .date(let date):
            guard appendDate(date, to: &out) else { throw OpenStepWriter.Failure(reason: .date) }
        case .dictionary, .array, .string, .data, .uid:
            break
        }
    }

    /// What a value of `kind` is called in the error for text without typed values: `an
    /// integer`, `a real`, `a boolean`, `a date`.
    static func noun(for kind: Plist.Kind) -> String {
        switch kind {
        case .integer: "an integer"
        case .real: "a real"
        case .bool: "a boolean"
        default: kind.words
        }
    }

    /// Appends `<*D…>` for `date` in UTC, seconds rounded down as in every text format, or
    /// returns false for dates no calendar text can hold.
    private static func appendDate(_ date: Date, to out: inout ByteBuffer) -> Bool {
        out.append("<*D")
        guard PlistDates.appendISO8601(date, to: &out, timeSeparator: UInt8(ascii: " ")) else {
            out.removeLast(3)
            return false
        }
        out.append(" +0000>")
        return true
    }

    /// Appends `<*R…>`: Swift's shortest text that reads back as the same `Double`
    /// (`nan`, `inf` and `-inf` for the values without digits, which `strtod` reads).
    private static func appendReal(_ real: Double, to out: inout ByteBuffer) {
        out.append("<*R")
        let text = real.isNaN ? "nan" : real.description
        out.append(utf8: text)
        out.append(UInt8(ascii: ">"))
    }
}
