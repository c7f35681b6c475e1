#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Reads JSON (RFC 8259, UTF-8 with an optional BOM) into a ``Plist``: objects become
/// dictionaries in file order, integers that fit −2⁶³ … 2⁶⁴−1 become integers, other numbers
/// reals, as plutil reads them. `null` has no plist equivalent and is an error. Errors carry
/// line and column.
struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let maximumDepth: Int

    static func read(_ buffer: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        var reader = JSONReader(bytes: buffer.bindMemory(to: UInt8.self), index: 0, maximumDepth: options.maximumDepth)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count else {
            throw reader.error(.truncated, "JSON input holds no value")
        }
        let value = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else {
            throw reader.error(.syntax, "unexpected '\(reader.describeByte())' after the JSON value")
        }
        return value
    }

    /// The scalar that `token` starts with (a string, a number, `true`, `false` or `null`)
    /// and how many bytes it takes: what ``JSONEventSource`` reads between its structural
    /// characters. Errors count lines and columns from the token's start.
    static func scalar(_ token: UnsafeBufferPointer<UInt8>) throws(PlistError) -> (value: Plist, length: Int) {
        var reader = JSONReader(bytes: token, index: 0, maximumDepth: 0)
        let value = try reader.parseValue(depth: 0)
        return (value, reader.index)
    }

    // MARK: Errors

    /// An error at the current position, as line and column (computed only on failure).
    private func error(_ code: PlistError.Code, _ message: String, at offset: Int? = nil) -> PlistError {
        let end = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return PlistError(code, message, at: .lineColumn(line: line, column: end - lineStart + 1))
    }

    private func describeByte() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        return byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }

    // MARK: Grammar

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(PlistError) -> Plist {
        guard index < bytes.count else { throw error(.truncated, "JSON ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            throw error(.unsupportedObject, "null cannot be stored in a property list", at: index - 4)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(.syntax, "unexpected '\(describeByte())' where a JSON value should be")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(PlistError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count]) else {
            throw error(.syntax, "unexpected '\(describeByte())' where a JSON value should be")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(PlistError) -> Plist {
        var entries = PlistDictionary()
        if try openContainer(closedBy: UInt8(ascii: "}"), depth: depth) { return .dictionary(entries) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count ? .syntax : .truncated, "expected a string key in a JSON object, found '\(describeByte())'")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(index < bytes.count ? .syntax : .truncated, "expected ':' after key '\(key)', found '\(describeByte())'")
            }
            index += 1
            skipWhitespace()
            entries[PlistKey(key)] = try parseValue(depth: depth)
        } while try passSeparator(orClose: UInt8(ascii: "}"), of: "object")
        return .dictionary(entries)
    }

    private mutating func parseArray(depth: Int) throws(PlistError) -> Plist {
        var elements: [Plist] = []
        if try openContainer(closedBy: UInt8(ascii: "]"), depth: depth) { return .array(elements) }
        repeat {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
        } while try passSeparator(orClose: UInt8(ascii: "]"), of: "array")
        return .array(elements)
    }

    /// Passes a container's opening `{` or `[` at `depth` (checked against the limit) and the
    /// white space after it; returns true, having passed `close` too, when the container is empty.
    private mutating func openContainer(closedBy close: UInt8, depth: Int) throws(PlistError) -> Bool {
        guard depth <= maximumDepth else { throw error(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels") }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        return true
    }

    /// Passes what follows a container's element or entry: true at `,` (another comes), false
    /// at `close` (the container ends). `container` ("object", "array") names it in errors.
    private mutating func passSeparator(orClose close: UInt8, of container: String) throws(PlistError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error(.truncated, "JSON \(container) is not closed") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return true
        case close:
            index += 1
            return false
        default:
            throw error(.syntax, "expected ',' or '\(Character(Unicode.Scalar(close)))' in a JSON \(container), found '\(describeByte())'")
        }
    }

    private mutating func parseNumber() throws(PlistError) -> Plist {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error(.syntax, "a JSON number needs digits") }
        if integerDigits > 1, bytes[index - integerDigits] == UInt8(ascii: "0") {
            throw error(.syntax, "a JSON number cannot start with 0", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits() > 0 else { throw error(.syntax, "a JSON number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error(.syntax, "a JSON number needs digits in its exponent") }
        }
        let number = UnsafeBufferPointer(rebasing: bytes[start..<index])
        // As plutil reads JSON: "-0" is the integer 0 (plutil writes -0.0 as "-0"; JSON does
        // not keep reals and integers apart anyway: 1.0 is written "1").
        if isInteger, let integer = PlistInteger(decimal: String(decoding: number, as: UTF8.self)) {
            return .integer(integer)
        }
        // Finite whenever it reads the text, so no range check (JSON's grammar lies within its own).
        if let real = DecimalReal.parse(number) { return .real(real) }
        let text = String(decoding: number, as: UTF8.self)
        guard let real = Double(text), real.isFinite else {
            throw error(.invalidReal, "JSON number \(text) is out of range", at: start)
        }
        return .real(real)
    }

    private mutating func parseString() throws(PlistError) -> String {
        let start = index
        index += 1
        // Fast path: no escapes.
        var scan = index
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                guard let string = String(validating: bytes[index..<scan], as: UTF8.self) else {
                    throw error(.invalidString, "JSON string is not valid UTF-8", at: start)
                }
                index = scan + 1
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            scan += 1
        }
        var buffer: [UInt8] = Array(bytes[index..<scan])
        index = scan
        while true {
            guard index < bytes.count else { throw error(.truncated, "JSON string is not closed", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let string = String(validating: buffer, as: UTF8.self) else {
                    throw error(.invalidString, "JSON string is not valid UTF-8", at: start)
                }
                return string
            }
            if byte < 0x20 {
                throw error(.syntax, "unescaped control character 0x\(String(byte, radix: 16)) in a JSON string")
            }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error(.truncated, "JSON string is not closed", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error(.invalidString, "unpaired surrogate \\u\(String(scalar, radix: 16)) in a JSON string")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error(.invalidString, "unpaired surrogate \\u\(String(scalar, radix: 16)) in a JSON string")
                    }
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error(.invalidString, "unpaired surrogate \\u\(String(scalar, radix: 16)) in a JSON string")
                }
                buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw error(.syntax, "invalid escape '\\\(String(UnicodeScalar(escape)))' in a JSON string", at: index - 2)
            }
        }
    }

    private mutating func hex4() throws(PlistError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(.truncated, "JSON string ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.syntax, "invalid \\u escape in a JSON string")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
