#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// OpenStep text in one contiguous UTF-8 buffer, and the scanner of its scalar tokens: quoted
/// strings with CF's escapes, unquoted strings, `<hex data>` and GNUstep's typed values.
///
/// ``OpenStepParser`` reads a whole document through it (the position is ``index``), and
/// ``OpenStepStreamText`` scans each scalar token of a chunked input with one made over that
/// token's bytes. What a token may hold is decided here only; where it stops on a failure is
/// kept in ``index``, since CF's recovery in arrays depends on it.
struct OpenStepScanner: OpenStepText {
    let bytes: ByteView
    var index: Int
    private let typedValues: Bool
    /// Reused for strings that hold escapes.
    private var scratch: [UInt8] = []
    /// True once a GNUstep typed value has been read.
    private(set) var sawTypedValue = false

    init(_ bytes: ByteView, options: PlistReadingOptions, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
        typedValues = options.gnustepTypedValues
    }

    // MARK: OpenStepText

    var offset: Int { index }

    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        bytes.byte(at: index + offset)
    }

    @inline(__always)
    mutating func advance(_ count: Int) {
        index += count
    }

    /// The scalar token at ``index``, whose first byte starts a quoted or unquoted string or
    /// `<`.
    mutating func scalar() throws(PlistError) -> Plist {
        switch bytes[index] {
        case UInt8(ascii: "<"): try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): .string(try parseQuotedString())
        default: .string(parseUnquotedString())
        }
    }

    /// The string at ``index``, whose first byte is a quote or may start an unquoted string.
    mutating func string() throws(PlistError) -> String {
        let byte = bytes[index]
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") ? try parseQuotedString() : parseUnquotedString()
    }

    func error(_ code: PlistError.Code, _ message: String) -> PlistError {
        error(code, message, at: nil)
    }

    /// The whole text is in memory and was checked before reading: nothing is left to do.
    func finish() {}

    // MARK: Errors

    /// An error at `offset` (the current position by default), as line and column. Lines
    /// end at LF, CR or CR LF; columns count characters (Unicode scalars).
    func error(_ code: PlistError.Code, _ message: String, at offset: Int?) -> PlistError {
        let end = min(offset ?? index, bytes.count)
        var line = 1
        var column = 1
        var position = 0
        while position < end {
            let byte = bytes[position]
            if byte == 0x0A || (byte == 0x0D && (position + 1 >= bytes.count || bytes[position + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            position += 1
        }
        return PlistError(code, message, at: .lineColumn(line: line, column: column))
    }

    func describeCharacter() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        if byte < 0x80 { return "0x" + String(byte, radix: 16) }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// True for U+2028 or U+2029 (UTF-8 E2 80 A8 / E2 80 A9) at `offset`.
    @inline(__always)
    private func isLineSeparator(at offset: Int) -> Bool {
        offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
    }

    // MARK: Strings

    mutating func parseUnquotedString() -> String {
        let start = index
        index = bytes.firstIndex(from: index) { !OpenStepEscapes.isUnquoted($0) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string in `"` or `'` quotes (the current byte), with CF's escapes.
    private mutating func parseQuotedString() throws(PlistError) -> String {
        let opening = index
        let quote = bytes[index]
        index += 1
        let start = index
        let count = bytes.count
        // Fast path: no escapes.
        index = bytes.firstIndex(from: index) { $0 == quote || $0 == UInt8(ascii: "\\") }
        if index < count, bytes[index] == quote {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        guard index < count else {
            index = start  // where CF leaves it, which matters to a dictionary key (see above)
            throw error(.truncated, "unterminated quoted string", at: opening)
        }
        scratch.removeAll(keepingCapacity: true)
        bytes.append(start..<index, to: &scratch)
        // A \U escape's high surrogate, waiting for the low one that may follow.
        var pendingHigh: UInt32?
        func flushPending(_ scratch: inout [UInt8]) {
            if pendingHigh != nil {
                Self.appendScalar(0xFFFD, to: &scratch)
                pendingHigh = nil
            }
        }
        while true {
            guard index < count else {
                index = start
                throw error(.truncated, "unterminated quoted string", at: opening)
            }
            let byte = bytes[index]
            if byte == quote {
                flushPending(&scratch)
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte != UInt8(ascii: "\\") {
                flushPending(&scratch)
                let runStart = index
                index += 1
                index = bytes.firstIndex(from: index) { $0 == quote || $0 == UInt8(ascii: "\\") }
                bytes.append(runStart..<index, to: &scratch)
                continue
            }
            index += 1
            guard index < count else { throw error(.truncated, "unterminated escape in a quoted string", at: opening) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // Up to three octal digits; the byte wraps as CF's does (\777 is 0xFF).
                var value = escape &- UInt8(ascii: "0")
                var digits = 1
                while digits < 3, index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") {
                    value = value &<< 3 &+ (bytes[index] &- UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                flushPending(&scratch)
                Self.appendScalar(OpenStepEscapes.octalScalar(value), to: &scratch)
            case UInt8(ascii: "U"):
                // Up to four hex digits (none gives U+0000); UTF-16 surrogate pairs combine.
                var unit: UInt32 = 0
                var digits = 0
                while digits < 4, index < count, let digit = OpenStepEscapes.hexValue(bytes[index]) {
                    unit = unit << 4 | UInt32(digit)
                    index += 1
                    digits += 1
                }
                switch unit {
                case 0xD800...0xDBFF:
                    flushPending(&scratch)
                    pendingHigh = unit
                case 0xDC00...0xDFFF:
                    if let high = pendingHigh {
                        pendingHigh = nil
                        Self.appendScalar(0x10000 + (high - 0xD800) << 10 + (unit - 0xDC00), to: &scratch)
                    } else {
                        Self.appendScalar(0xFFFD, to: &scratch)
                    }
                default:
                    flushPending(&scratch)
                    Self.appendScalar(unit, to: &scratch)
                }
            default:
                flushPending(&scratch)
                if let replacement = OpenStepEscapes.letterEscape(escape) {
                    scratch.append(replacement)
                } else {
                    // Any other character stands for itself (all of it, if it is not ASCII).
                    let length = escape < 0x80 ? 1 : escape < 0xE0 ? 2 : escape < 0xF0 ? 3 : 4
                    bytes.append((index - 1)..<min(index - 1 + length, count), to: &scratch)
                    index += length - 1
                }
            }
        }
    }

    /// Appends the UTF-8 of a scalar value (a valid scalar: never a surrogate).
    private static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        out.append(contentsOf: UTF8.encode(scalar)!)
    }

    // MARK: Data and typed values

    /// `<hex bytes>` (white space between byte pairs), or GNUstep's `<*…>` and `<[…]>`.
    private mutating func parseData() throws(PlistError) -> Plist {
        let opening = index
        index += 1
        let count = bytes.count
        if typedValues, index < count, bytes[index] == UInt8(ascii: "*") || bytes[index] == UInt8(ascii: "[") {
            return try parseTypedValue(opening: opening)
        }
        // The closing '>' bounds the allocation; the hex is then decoded in one pass.
        var end = index
        while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
        var data = Data(capacity: (end - index) / 2)
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                return .data(data)
            }
            if let high = OpenStepEscapes.hexValue(byte) {
                guard index + 1 < count, let low = OpenStepEscapes.hexValue(bytes[index + 1]) else {
                    index += 1
                    throw error(.invalidData, "data has an odd number of hex digits")
                }
                data.append(high << 4 | low)
                index += 2
                continue
            }
            switch byte {
            case 0x20, 0x0A, 0x09, 0x0D:
                index += 1
            case 0xE2 where isLineSeparator(at: index):
                index += 3
            default:
                throw error(.invalidData, "'\(describeCharacter())' is not a hex digit in data")
            }
        }
        throw error(.truncated, "data is not closed with '>'", at: opening)
    }

    /// GNUstep's `<*I12>`, `<*R1.5>`, `<*BY>`, `<*D2020-01-01 12:00:00 +0000>` and
    /// `<[base64]>`; `index` is at the `*` or `[`.
    private mutating func parseTypedValue(opening: Int) throws(PlistError) -> Plist {
        let marker = bytes[index]
        // On failure the position goes back to the marker, where CF's hex reader stops.
        var succeeded = false
        defer { if !succeeded { index = opening + 1 } }
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        guard index < bytes.count else { throw error(.truncated, "typed value is not closed with '>'", at: opening) }
        let body = bytes.extracting(start..<index)
        index += 1
        if marker == UInt8(ascii: "[") {
            guard body.last == UInt8(ascii: "]") else { throw error(.invalidData, "base64 data is not closed with ']>'", at: opening) }
            var decoded: [UInt8] = []
            guard Base64.decode(body.extracting(upTo: body.count - 1), into: &decoded) else {
                throw error(.invalidData, "data in <[…]> is not valid base64", at: opening)
            }
            sawTypedValue = true
            succeeded = true
            return .data(Data(decoded))
        }
        guard let value = OpenStepTypedValues.parse(body) else {
            let text = String(decoding: body, as: UTF8.self)
            let code: PlistError.Code = switch body.first {
            case UInt8(ascii: "I"): .invalidInteger
            case UInt8(ascii: "R"): .invalidReal
            case UInt8(ascii: "D"): .invalidDate
            default: .syntax
            }
            throw error(code, "<*\(text)> is not a GNUstep typed value", at: opening)
        }
        sawTypedValue = true
        succeeded = true
        return value
    }
}
