/// The one JSON grammar (RFC 8259, UTF-8 with an optional BOM): a pull parser that turns the
/// bytes of a ``JSONInput`` into ``PlistEvent``s, one ``next()`` at a time, and decides every
/// refusal, with its ``PlistError/Code``, message and line and column.
///
/// `JSONReader` builds a ``Plist`` from its events over a buffer in memory;
/// `JSONEventSource` hands them out over a chunked ``EventInput``. Both therefore accept and
/// refuse the same documents in the same words.
///
/// What it reads: objects become dictionaries (keys in file order), integers that fit
/// −2⁶³ … 2⁶⁴−1 become integers, other numbers reals, as plutil reads them. `null` has no
/// plist equivalent and is an error. Containers nest at most `maximumDepth` deep.
struct JSONParser<Input: JSONInput> {
    /// Where the parser stands between two events.
    private enum State {
        /// Before the document's value (and its BOM).
        case start
        /// Just after `[` or `{`: a value (or a key) or the closing bracket.
        case opened
        /// After a key and its `:`: the value.
        case afterKey
        /// After a value: `,` or the closing bracket, or the end of the input at the top level.
        case afterValue
        /// The document and the white space after it were read.
        case finished
    }

    /// The bytes, read from the cursor (the scalar readers beside this file move it too).
    var input: Input
    private let maximumDepth: Int
    /// The open containers, innermost last: true for an object, false for an array.
    private var open: [Bool] = []
    private var state = State.start

    init(_ input: Input, maximumDepth: Int) {
        self.input = input
        self.maximumDepth = maximumDepth
    }

    /// The next event, or nil once the value has ended and nothing but white space follows.
    mutating func next() throws(PlistError) -> PlistEvent? {
        switch state {
        case .afterValue:
            guard let isObject = open.last else { return try end() }
            guard let byte = try skipWhitespace() else {
                throw error(.truncated, isObject ? "JSON object is not closed" : "JSON array is not closed")
            }
            if byte == UInt8(ascii: ",") {
                input.advance(1)
                _ = try skipWhitespace()
                return isObject ? try key() : try value()
            }
            if byte == Self.closing(isObject) { return close() }
            let expected = isObject ? "',' or '}' in a JSON object" : "',' or ']' in a JSON array"
            throw error(.syntax, "expected \(expected), found '\(Self.describe(byte))'")
        case .afterKey:
            _ = try skipWhitespace()
            return try value()
        case .opened:
            let isObject = open[open.count - 1]
            if try skipWhitespace() == Self.closing(isObject) { return close() }
            return isObject ? try key() : try value()
        case .start:
            if try input.byte(at: 0) == 0xEF, try input.byte(at: 1) == 0xBB, try input.byte(at: 2) == 0xBF {
                input.advance(3)
            }
            guard try skipWhitespace() != nil else { throw error(.truncated, "JSON input holds no value") }
            return try value()
        case .finished:
            return nil
        }
    }

    /// After the top-level value: only white space may follow.
    private mutating func end() throws(PlistError) -> PlistEvent? {
        if let byte = try skipWhitespace() {
            throw error(.syntax, "unexpected '\(Self.describe(byte))' after the JSON value")
        }
        state = .finished
        return nil
    }

    /// Passes the innermost container's closing bracket, at the cursor.
    @inline(__always)
    private mutating func close() -> PlistEvent {
        input.advance(1)
        state = .afterValue
        return open.removeLast() ? .endDictionary : .endArray
    }

    /// The key at the cursor, its `:` and the white space before the `:`.
    @inline(__always)
    private mutating func key() throws(PlistError) -> PlistEvent {
        let byte = try input.byte(at: 0)
        guard byte == UInt8(ascii: "\"") else {
            throw error(byte == nil ? .truncated : .syntax, "expected a string key in a JSON object, found '\(Self.describe(byte))'")
        }
        let key = try string()
        let colon = try skipWhitespace()
        guard colon == UInt8(ascii: ":") else {
            throw error(colon == nil ? .truncated : .syntax, "expected ':' after key '\(key)', found '\(Self.describe(colon))'")
        }
        input.advance(1)
        state = .afterKey
        return .key(key)
    }

    /// The value at the cursor (white space already passed): a scalar's event, or the start
    /// of a container.
    @inline(__always)
    private mutating func value() throws(PlistError) -> PlistEvent {
        guard let byte = try input.byte(at: 0) else { throw error(.truncated, "JSON ends where a value should be") }
        let value: Plist
        switch byte {
        case UInt8(ascii: "\""):
            value = .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = try number()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard open.count < maximumDepth else {
                throw error(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels")
            }
            let isObject = byte == UInt8(ascii: "{")
            input.advance(1)
            open.append(isObject)
            state = .opened
            return isObject ? .startDictionary(count: nil) : .startArray(count: nil)
        case UInt8(ascii: "t"):
            try word("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try word("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try word("null", advancing: false)
            throw error(.unsupportedObject, "null cannot be stored in a property list")
        default:
            throw error(.syntax, "unexpected '\(Self.describe(byte))' where a JSON value should be")
        }
        state = .afterValue
        return .scalar(value)
    }

    /// Passes JSON white space; the byte after it, or nil at the end of the input.
    @inline(__always)
    private mutating func skipWhitespace() throws(PlistError) -> UInt8? {
        while let byte = try input.byte(at: 0) {
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: input.advance(1)
            default: return byte
            }
        }
        return nil
    }

    private static func closing(_ isObject: Bool) -> UInt8 {
        isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    }

    // MARK: Errors

    /// An error at the byte `offset` bytes past the cursor.
    func error(_ code: PlistError.Code, _ message: String, at offset: Int = 0) -> PlistError {
        PlistError(code, message, at: input.location(ahead: offset))
    }

    /// A byte as messages show it: itself when printable ASCII, else its hex value.
    static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "end of input" }
        return byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }
}
