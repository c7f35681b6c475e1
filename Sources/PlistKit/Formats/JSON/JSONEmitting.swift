#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pieces of plutil's JSON layout that ``JSONWriter`` (a whole value) and
/// ``PlistEventWriter`` (one event at a time) both write. `depth` is the number of
/// containers around a container; `pretty` is plutil's `-r` layout.
extension ByteBuffer {
    /// A newline and two spaces per level.
    mutating func appendJSONNewline(_ depth: Int) {
        append(0x0A)
        append(repeating: 0x20, count: 2 * depth)
    }

    /// Checks the depth and writes `{` or `[`; an empty container is closed at once
    /// (plutil's readable layout puts an empty line inside it).
    mutating func appendJSONOpen(dictionary: Bool, isEmpty: Bool, depth: Int, maximumDepth: Int, pretty: Bool) throws(PlistError) {
        guard depth < maximumDepth else { throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels") }
        append(dictionary ? UInt8(ascii: "{") : UInt8(ascii: "["))
        guard isEmpty else { return }
        if pretty { appendJSONNewline(0); appendJSONNewline(depth) }
        append(dictionary ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// What goes before the element or entry at `position` of a container at `depth`.
    mutating func appendJSONSeparator(position: Int, depth: Int, pretty: Bool) {
        if position > 0 { append(UInt8(ascii: ",")) }
        if pretty { appendJSONNewline(depth + 1) }
    }

    /// A dictionary key and the colon after it.
    mutating func appendJSONKey(_ key: String, pretty: Bool) {
        appendJSONString(key)
        if pretty { append(" : ") } else { append(UInt8(ascii: ":")) }
    }

    /// The end of a non-empty container at `depth`.
    mutating func appendJSONClose(dictionary: Bool, depth: Int, pretty: Bool) {
        if pretty { appendJSONNewline(depth) }
        append(dictionary ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// A scalar; dates, data, UIDs, NaN and infinities are refused (with an empty key path,
    /// which the caller fills in). Arrays and dictionaries append nothing.
    mutating func appendJSONScalar(_ value: borrowing Plist) throws(JSONWriteFailure) {
        switch value {
        case .dictionary, .array:
            return
        case .string(let string):
            appendJSONString(string)
        case .integer(let integer):
            appendDecimal(integer)
        case .real(let real):
            try appendJSONReal(real)
        case .real32(let real):
            try appendJSONReal(Double(real))
        case .bool(let bool):
            if bool { append("true") } else { append("false") }
        case .date, .data, .uid:
            throw JSONWriteFailure(reason: .unrepresentable(copy value))
        }
    }

    private mutating func appendJSONReal(_ real: Double) throws(JSONWriteFailure) {
        guard let text = PlistRealFormat.json(real) else { throw JSONWriteFailure(reason: .unrepresentable(.real(real))) }
        append(utf8: text)
    }

    private static let jsonHexDigits = Array("0123456789abcdef".utf8)

    /// A quoted JSON string: `/` as `\/`, control characters as `\b \f \n \r \t` or `\u00xx`.
    mutating func appendJSONString(_ string: String) {
        append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else { continue }
                append(bytes, start..<index)
                append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): append(byte)
                case 0x08: append(UInt8(ascii: "b"))
                case 0x0C: append(UInt8(ascii: "f"))
                case 0x0A: append(UInt8(ascii: "n"))
                case 0x0D: append(UInt8(ascii: "r"))
                case 0x09: append(UInt8(ascii: "t"))
                default:
                    append("u00")
                    append(Self.jsonHexDigits[Int(byte >> 4)])
                    append(Self.jsonHexDigits[Int(byte & 15)])
                }
                start = index + 1
            }
            if start < bytes.count {
                append(bytes, start..<bytes.count)
            }
        }
        append(UInt8(ascii: "\""))
    }
}
