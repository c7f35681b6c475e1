#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The scalar tokens of ``JSONParser``: strings, numbers and the words `true`, `false` and
/// `null`, each read from the cursor and passed.
extension JSONParser {
    /// Passes `word` at the cursor (unless `advancing` is false), or throws the error for a
    /// value that is not one.
    @inline(__always)
    mutating func word(_ word: StaticString, advancing: Bool = true) throws(PlistError) {
        let count = word.utf8CodeUnitCount
        // The whole word must be there before any byte is compared.
        guard try input.byte(at: count - 1) != nil else { throw wordError(word) }
        for offset in 0..<count where try input.byte(at: offset) != word.utf8Start[offset] {
            throw wordError(word)
        }
        if advancing { input.advance(count) }
    }

    /// The error for a value that starts like `word` (its first letter is at the cursor) but
    /// is not it.
    private func wordError(_ word: StaticString) -> PlistError {
        error(.syntax, "unexpected '\(Self.describe(word.utf8Start[0]))' where a JSON value should be")
    }

    // MARK: Numbers

    /// The number at the cursor: an integer when it has no fraction or exponent and fits
    /// −2⁶³ … 2⁶⁴−1 (`-0` is the integer 0, as plutil reads it), otherwise a real.
    mutating func number() throws(PlistError) -> Plist {
        var length = 0
        var isInteger = true
        let negative = try input.byte(at: 0) == UInt8(ascii: "-")
        if negative { length = 1 }
        // The integer part's value while it has at most 18 digits (which always fit Int64).
        var magnitude: UInt64 = 0
        let integerDigits = try digits(&length, accumulating: &magnitude)
        guard integerDigits > 0 else { throw error(.syntax, "a JSON number needs digits", at: length) }
        if integerDigits > 1, try input.byte(at: length - integerDigits) == UInt8(ascii: "0") {
            throw error(.syntax, "a JSON number cannot start with 0")
        }
        var ignored: UInt64 = 0
        if try input.byte(at: length) == UInt8(ascii: ".") {
            isInteger = false
            length += 1
            guard try digits(&length, accumulating: &ignored) > 0 else {
                throw error(.syntax, "a JSON number needs digits after '.'", at: length)
            }
        }
        if let byte = try input.byte(at: length), byte | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            length += 1
            if let sign = try input.byte(at: length), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { length += 1 }
            guard try digits(&length, accumulating: &ignored) > 0 else {
                throw error(.syntax, "a JSON number needs digits in its exponent", at: length)
            }
        }
        if isInteger, integerDigits <= 18 {
            input.advance(length)
            let value = Int64(magnitude)
            return .integer(PlistInteger(negative ? -value : value))
        }
        let parsed = try input.withBytes(0..<length) { (text) throws(PlistError) -> Plist? in
            if isInteger, let integer = PlistInteger(decimal: String(decoding: text, as: UTF8.self)) {
                return .integer(integer)
            }
            // Finite whenever it reads the text, so no range check (JSON's grammar lies within its own).
            if let real = DecimalReal.parse(text) { return .real(real) }
            if let real = Double(String(decoding: text, as: UTF8.self)), real.isFinite { return .real(real) }
            return nil
        }
        guard let parsed else {
            let text = try input.withBytes(0..<length) { text in String(decoding: text, as: UTF8.self) }
            throw error(.invalidReal, "JSON number \(text) is out of range")
        }
        input.advance(length)
        return parsed
    }

    /// Passes the ASCII digits at `length` bytes past the cursor (advancing `length`),
    /// accumulating up to 18 of them into `value`; returns how many there were.
    @inline(__always)
    private mutating func digits(_ length: inout Int, accumulating value: inout UInt64) throws(PlistError) -> Int {
        let first = length
        while let byte = try input.byte(at: length) {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if length - first < 18 { value = value &* 10 &+ UInt64(digit) }
            length += 1
        }
        return length - first
    }

    // MARK: Strings

    /// The string at the cursor (its opening quote), passed up to its closing quote.
    mutating func string() throws(PlistError) -> String {
        // Most strings have no escapes: they are read straight from the input.
        var length = 1
        // The bytes ORed together: below 0x80 when all are ASCII.
        var bits: UInt8 = 0
        while let byte = try input.byte(at: length) {
            if byte == UInt8(ascii: "\"") {
                let string = try input.withBytes(1..<length) { bytes in UTF8Strings.make(validating: bytes, isASCII: bits < 0x80) }
                guard let string else { throw error(.invalidString, "JSON string is not valid UTF-8") }
                input.advance(length + 1)
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            bits |= byte
            length += 1
        }
        return try escapedString(plainLength: length)
    }

    /// The rest of a string whose first `plainLength` bytes (the quote included) hold no
    /// escape, and whose next byte is an escape, a control character or the end of input.
    private mutating func escapedString(plainLength: Int) throws(PlistError) -> String {
        var buffer = try input.withBytes(1..<plainLength) { bytes in bytes.array }
        var length = plainLength
        while true {
            guard let byte = try input.byte(at: length) else { throw error(.truncated, "JSON string is not closed") }
            if byte == UInt8(ascii: "\"") {
                guard let string = UTF8Strings.make(validating: buffer, isASCII: false) else {
                    throw error(.invalidString, "JSON string is not valid UTF-8")
                }
                input.advance(length + 1)
                return string
            }
            if byte < 0x20 {
                throw error(.syntax, "unescaped control character 0x\(String(byte, radix: 16)) in a JSON string", at: length)
            }
            length += 1
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                continue
            }
            guard let escape = try input.byte(at: length) else { throw error(.truncated, "JSON string is not closed") }
            length += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(&length)
                if (0xD800..<0xDC00).contains(scalar) {
                    guard try input.byte(at: length) == UInt8(ascii: "\\"), try input.byte(at: length + 1) == UInt8(ascii: "u") else {
                        throw error(.invalidString, "unpaired surrogate \\u\(String(scalar, radix: 16)) in a JSON string", at: length)
                    }
                    length += 2
                    let low = try hex4(&length)
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error(.invalidString, "unpaired surrogate \\u\(String(scalar, radix: 16)) in a JSON string", at: length)
                    }
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error(.invalidString, "unpaired surrogate \\u\(String(scalar, radix: 16)) in a JSON string", at: length)
                }
                buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default:
                throw error(.syntax, "invalid escape '\\\(String(UnicodeScalar(escape)))' in a JSON string", at: length - 2)
            }
        }
    }

    /// The four hex digits of a `\u` escape at `length` bytes past the cursor (advancing
    /// `length` past them).
    private mutating func hex4(_ length: inout Int) throws(PlistError) -> UInt32 {
        guard try input.byte(at: length + 3) != nil else {
            throw error(.truncated, "JSON string ends inside a \\u escape", at: length)
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try input.byte(at: length) ?? 0
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.syntax, "invalid \\u escape in a JSON string", at: length)
            }
            value = value << 4 | digit
            length += 1
        }
        return value
    }
}
