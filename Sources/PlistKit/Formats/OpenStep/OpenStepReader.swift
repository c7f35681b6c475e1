#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads NeXT/OpenStep text property lists and `.strings` files into a ``Plist``, accepting
/// what CF's old-style parser (`CFOldStylePList.c`) accepts and reading it the same way:
/// every scalar is a string, as `plutil` and `PropertyListSerialization` read it.
///
/// - `{ key = value; }` dictionaries (every entry ends with `;`; `key;` alone means
///   `key = key;`), `( a, b, )` arrays (a trailing comma is allowed), `<0fbd 7777>` data.
/// - Strings quoted with `"` or `'`, with CF's escapes (`\a \b \f \n \r \t \v`, up to three
///   octal digits read as NeXTSTEP Latin, `\U` with up to four hex digits, any other
///   character standing for itself), or unquoted over `A-Z a-z 0-9 _ $ / : . -`.
/// - White space (tab, LF, VT, FF, CR, space, U+2028, U+2029), `//` and `/* */` comments.
/// - A document that is one string followed by more text is a `.strings` file: the entries
///   of a dictionary without braces. As in CF, text after the last entry that cannot start
///   a key is ignored; a document of white space and comments only is an empty dictionary.
/// - With ``PlistReadingOptions/gnustepTypedValues``, GNUstep's `<*I…>`, `<*R…>`, `<*B…>`,
///   `<*D…>` typed scalars and `<[base64]>` data.
///
/// One pass over the UTF-8 text (UTF-16 and UTF-32 input is transcoded first, see
/// ``OpenStepInput``); strings without escapes are made straight from the input. Errors
/// carry the line and column (in characters) where the reader stopped.
struct OpenStepReader: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private let maximumDepth: Int
    private let typedValues: Bool
    /// Reused for strings that hold escapes.
    private var scratch: [UInt8] = []
    /// True once a GNUstep typed value has been read.
    private(set) var sawTypedValue = false
    /// True when the document is a `.strings` file (a dictionary without braces).
    private(set) var isStringsFile = false
    /// True once a `//` or `/* */` comment has been read.
    private(set) var sawComment = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, options: PlistReadingOptions) {
        self.bytes = bytes
        maximumDepth = options.maximumDepth
        typedValues = options.gnustepTypedValues
    }

    /// What a document holds and how it was written.
    struct Document {
        var value: Plist
        var isStringsFile: Bool
        var hasTypedValues: Bool
        var hasComments: Bool
    }

    static func read(_ buffer: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try readDocument(buffer, options: options).value
    }

    static func readDocument(_ buffer: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Document {
        guard !buffer.isEmpty else { throw PlistError.emptyInput(.truncated) }
        return try OpenStepInput.withUTF8(buffer) { (text) throws(PlistError) -> Document in
            guard !text.isEmpty else { throw PlistError(.truncated, "OpenStep text is empty", at: .lineColumn(line: 1, column: 1)) }
            var reader = OpenStepReader(text, options: options)
            let value = try reader.parseDocument()
            return Document(value: value, isStringsFile: reader.isStringsFile, hasTypedValues: reader.sawTypedValue, hasComments: reader.sawComment)
        }
    }

    /// The value that `token` starts with (a quoted or unquoted string, `<hex data>` or a
    /// GNUstep typed value) and how many bytes it takes: what ``OpenStepEventSource`` reads
    /// between its structural characters. Errors count lines and columns from the token's
    /// start; on an error, `stop` is where the reader stopped, which decides whether CF's
    /// array recovery applies (see `parseArrayContent(depth:)`).
    static func scalar(_ token: UnsafeBufferPointer<UInt8>, options: PlistReadingOptions, stop: inout Int) throws(PlistError) -> (value: Plist, length: Int) {
        var reader = OpenStepReader(token, options: options)
        do throws(PlistError) {
            let value = try reader.parseObject(required: true, depth: 0)!
            return (value, reader.index)
        } catch {
            stop = reader.index
            throw error
        }
    }

    // MARK: Document

    private mutating func parseDocument() throws(PlistError) -> Plist {
        guard skipWhitespace() else { return .dictionary([:]) }
        let start = index
        let first = try parseObject(required: true, depth: 0)!
        guard skipWhitespace() else { return first }
        guard case .string = first else {
            throw error(.syntax, "unexpected '\(describeCharacter())' after the property list")
        }
        // A string followed by more text: a .strings file, read again from the start.
        index = start
        isStringsFile = true
        let entries = try parseDictionaryContent(depth: 1)
        return .dictionary(entries)
    }

    // MARK: Errors

    /// An error at `offset` (the current position by default), as line and column. Lines
    /// end at LF, CR or CR LF; columns count characters (Unicode scalars).
    func error(_ code: PlistError.Code, _ message: String, at offset: Int? = nil) -> PlistError {
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

    private func describeCharacter() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        if byte < 0x80 { return "0x" + String(byte, radix: 16) }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    // MARK: White space and comments

    /// Skips white space and comments; false at the end of the input.
    mutating func skipWhitespace() -> Bool {
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x09...0x0D, 0x20:
                index += 1
            case 0xE2 where isLineSeparator(at: index):
                index += 3
            case UInt8(ascii: "/"):
                guard index + 1 < count else { return true }
                if bytes[index + 1] == UInt8(ascii: "/") {
                    sawComment = true
                    index += 2
                    while index < count {
                        let next = bytes[index]
                        if next == 0x0A || next == 0x0D || (next == 0xE2 && isLineSeparator(at: index)) { break }
                        index += 1
                    }
                } else if bytes[index + 1] == UInt8(ascii: "*") {
                    // An unclosed comment runs to the end of the input, as in CF.
                    sawComment = true
                    index += 2
                    while index < count {
                        if bytes[index] == UInt8(ascii: "*"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                            index += 2
                            break
                        }
                        index += 1
                    }
                    if index >= count { index = count }
                } else {
                    return true
                }
            default:
                return true
            }
        }
        return false
    }

    /// True for U+2028 or U+2029 (UTF-8 E2 80 A8 / E2 80 A9) at `offset`.
    @inline(__always)
    private func isLineSeparator(at offset: Int) -> Bool {
        offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
    }

    // MARK: Values

    /// The value at the current position, or nil (when not `required`) if no value starts
    /// there. `depth` counts the containers around it.
    mutating func parseObject(required: Bool, depth: Int) throws(PlistError) -> Plist? {
        guard skipWhitespace() else {
            if required { throw error(.truncated, "OpenStep text ends where a value should be") }
            return nil
        }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"):
            try checkDepth(depth + 1)
            index += 1
            let entries = try parseDictionaryContent(depth: depth + 1)
            guard skipWhitespace(), bytes[index] == UInt8(ascii: "}") else {
                throw error(index < bytes.count ? .syntax : .truncated, "expected '}' or a key in a dictionary, found '\(describeCharacter())'")
            }
            index += 1
            return .dictionary(entries)
        case UInt8(ascii: "("):
            try checkDepth(depth + 1)
            index += 1
            return .array(try parseArrayContent(depth: depth + 1))
        case UInt8(ascii: "<"):
            return try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try parseQuotedString())
        default:
            if OpenStepEscapes.isUnquoted(byte) { return .string(parseUnquotedString()) }
            if required { throw error(.syntax, "unexpected '\(describeCharacter())' where a value should be") }
            return nil
        }
    }

    private func checkDepth(_ depth: Int) throws(PlistError) {
        guard depth <= maximumDepth else {
            throw error(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels")
        }
    }

    /// Entries up to (not including) the first thing that cannot start a key: `}` in a
    /// dictionary, the end (or ignored trailing text) of a `.strings` file. As in CF, a key
    /// that does not parse (an unclosed quote) ends the entries too: in braces the missing
    /// `}` is then the error, and a `.strings` file keeps the entries before it.
    private mutating func parseDictionaryContent(depth: Int) throws(PlistError) -> PlistDictionary {
        var entries = PlistDictionary()
        while true {
            let parsedKey: String?
            do {
                parsedKey = try parseKey()
            } catch {
                // The position is left where CF leaves it: just after the unclosed quote.
                break
            }
            guard let key = parsedKey else { break }
            guard skipWhitespace() else { throw error(.truncated, "expected '=' or ';' after the key \"\(key)\", found the end of the input") }
            let value: Plist
            switch bytes[index] {
            case UInt8(ascii: ";"):
                value = .string(key)
            case UInt8(ascii: "="):
                index += 1
                value = try parseObject(required: true, depth: depth)!
            default:
                throw error(.syntax, "expected '=' or ';' after the key \"\(key)\", found '\(describeCharacter())'")
            }
            entries[PlistKey(key)] = value
            guard skipWhitespace() else { throw error(.truncated, "expected ';' after the value of \"\(key)\", found the end of the input") }
            guard bytes[index] == UInt8(ascii: ";") else {
                throw error(.syntax, "expected ';' after the value of \"\(key)\", found '\(describeCharacter())'")
            }
            index += 1
        }
        return entries
    }

    /// A dictionary key (a quoted or unquoted string), or nil when none starts here.
    mutating func parseKey() throws(PlistError) -> String? {
        guard skipWhitespace() else { return nil }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try parseQuotedString() }
        if OpenStepEscapes.isUnquoted(byte) { return parseUnquotedString() }
        return nil
    }

    /// Elements after `(`, separated by commas (one after the last is allowed), and `)`.
    ///
    /// As in CF, an element that fails to parse where the failure leaves the position just
    /// before the closing `)` ends the array without it (`(a, { b )` is `(a)`); any other
    /// failure is the error.
    private mutating func parseArrayContent(depth: Int) throws(PlistError) -> [Plist] {
        var elements: [Plist] = []
        do throws(PlistError) {
            if let first = try parseObject(required: false, depth: depth) {
                elements.append(first)
                while true {
                    guard skipWhitespace() else { throw error(.truncated, "expected ',' or ')' in an array, found the end of the input") }
                    guard bytes[index] == UInt8(ascii: ",") else { break }
                    index += 1
                    guard let next = try parseObject(required: false, depth: depth) else { break }
                    elements.append(next)
                }
            }
        } catch let failure {
            guard skipWhitespace(), bytes[index] == UInt8(ascii: ")") else { throw failure }
            index += 1
            return elements
        }
        guard skipWhitespace() else { throw error(.truncated, "expected ')' to close an array, found the end of the input") }
        guard bytes[index] == UInt8(ascii: ")") else {
            throw error(.syntax, "expected ',' or ')' in an array, found '\(describeCharacter())'")
        }
        index += 1
        return elements
    }

    // MARK: Strings

    private mutating func parseUnquotedString() -> String {
        let start = index
        while index < bytes.count, OpenStepEscapes.isUnquoted(bytes[index]) { index += 1 }
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
        while index < count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(decoding: bytes[start..<index - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        guard index < count else {
            index = start  // where CF leaves it, which matters to a dictionary key (see above)
            throw error(.truncated, "unterminated quoted string", at: opening)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<index])
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
                while index < count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\\") { index += 1 }
                scratch.append(contentsOf: bytes[runStart..<index])
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
                    scratch.append(contentsOf: bytes[(index - 1)..<min(index - 1 + length, count)])
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
        let body = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        if marker == UInt8(ascii: "[") {
            guard body.last == UInt8(ascii: "]") else { throw error(.invalidData, "base64 data is not closed with ']>'", at: opening) }
            var decoded: [UInt8] = []
            guard Base64.decode(UnsafeBufferPointer(rebasing: body.dropLast()), into: &decoded) else {
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
