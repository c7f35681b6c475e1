#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pieces of the OpenStep layout that ``OpenStepWriter`` (a whole value) and
/// ``PlistEventWriter`` (one event at a time) both write: indentation, strings (quoted
/// where needed), data, typed scalars and `.strings` lines.
extension ByteBuffer {
    /// Four spaces per level.
    mutating func appendOpenStepIndent(_ depth: Int) {
        append(repeating: 0x20, count: 4 * depth)
    }

    /// A scalar: a string or data, or with `typedValues` a GNUstep typed value; anything
    /// else throws the reason it cannot be written. Arrays and dictionaries append nothing.
    mutating func appendOpenStepScalar(_ value: borrowing Plist, typedValues: Bool) throws(OpenStepWriter.Failure) {
        switch value {
        case .string(let string): appendOpenStepString(string)
        case .data(let data): appendOpenStepData(data)
        case .dictionary, .array: return
        case .uid: throw OpenStepWriter.Failure(reason: .unrepresentable("a UID"))
        case .integer, .real, .real32, .bool, .date:
            guard typedValues else { throw OpenStepWriter.Failure(reason: .unrepresentable(OpenStepTypedValues.noun(for: value.kind))) }
            try OpenStepTypedValues.append(value, to: &self)
        }
    }

    /// One `"key" = "value";` line of a `.strings` file.
    mutating func appendStringsFileEntry(key: String, value: String) {
        appendOpenStepQuoted(key)
        append(" = ")
        appendOpenStepQuoted(value)
        append(";\n")
    }

    private static let openStepHexDigits = Array("0123456789abcdef".utf8)

    /// `<…>`: lowercase hex in groups of four bytes, as `NSData` describes itself.
    private mutating func appendOpenStepData(_ data: Data) {
        append(UInt8(ascii: "<"))
        let count = data.count
        if count > 0 {
            let pointer = reserve(2 * count + (count - 1) / 4)
            var written = 0
            ByteView.with(data) { bytes in
                for (index, byte) in bytes.enumerated() {
                    if index > 0 && index % 4 == 0 {
                        pointer[written] = 0x20
                        written += 1
                    }
                    pointer[written] = Self.openStepHexDigits[Int(byte >> 4)]
                    pointer[written + 1] = Self.openStepHexDigits[Int(byte & 0x0F)]
                    written += 2
                }
            }
            commit(written)
        }
        append(UInt8(ascii: ">"))
    }

    /// True when `string` can be written without quotes and read back by CF and GNUstep.
    private static func canWriteOpenStepUnquoted(_ string: inout String) -> Bool {
        string.withUTF8 { bytes in
            guard let first = bytes.first, first != UInt8(ascii: "/") else { return false }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
                     UInt8(ascii: "."), UInt8(ascii: "/"):
                    continue
                default:
                    return false
                }
            }
            return true
        }
    }

    /// A string or key, unquoted where CF and GNUstep read it back so.
    mutating func appendOpenStepString(_ string: String) {
        var string = string
        if Self.canWriteOpenStepUnquoted(&string) {
            append(utf8: string)
        } else {
            appendOpenStepQuoted(string)
        }
    }

    /// A string or key in double quotes, escaped.
    mutating func appendOpenStepQuoted(_ string: String) {
        append(UInt8(ascii: "\""))
        var string = string
        ByteView.with(utf8: &string) { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else { continue }
                append(bytes.extracting(start..<index))
                append(UInt8(ascii: "\\"))
                if let letter = OpenStepEscapes.writerLetter(byte) {
                    append(letter)
                } else {
                    append(UInt8(ascii: "0") + (byte >> 6))
                    append(UInt8(ascii: "0") + (byte >> 3) & 7)
                    append(UInt8(ascii: "0") + byte & 7)
                }
                start = index + 1
            }
            append(bytes.extracting(from: start))
        }
        append(UInt8(ascii: "\""))
    }
}
