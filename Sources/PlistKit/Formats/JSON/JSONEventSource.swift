/// JSON as events, read incrementally: the structure (`{ } [ ] , :`) is followed here with
/// a stack of open containers, and each scalar token is found in the input window and parsed
/// by ``JSONReader/scalar(_:)``, the code the whole-value reader uses, so both accept and
/// refuse the same documents with the same codes.
final class JSONEventSource: PlistEventSource {
    private enum State {
        /// Just after `[` or `{`: a value (or key) or the closing bracket.
        case opened
        /// After a value: `,` or the closing bracket.
        case afterValue
        /// After a key and its `:`: the value.
        case afterKey
    }

    private struct Open {
        var isObject: Bool
        var state: State
    }

    private let input: EventInput
    private let maximumDepth: Int
    private var stack: [Open] = []
    private var started = false
    private var finished = false

    init(_ input: EventInput, options: PlistReadingOptions) {
        self.input = input
        maximumDepth = options.maximumDepth
    }

    func next() throws(PlistError) -> PlistEvent? {
        guard !finished else { return nil }
        if !started {
            started = true
            if try input.byte(at: 0) == 0xEF, try input.byte(at: 1) == 0xBB, try input.byte(at: 2) == 0xBF { input.advance(3) }
            guard try skipWhitespace() != nil else { throw error(.truncated, "JSON input holds no value") }
            return try value()
        }
        guard let top = stack.last else {
            if let byte = try skipWhitespace() {
                throw error(.syntax, "unexpected '\(describe(byte))' after the JSON value")
            }
            finished = true
            return nil
        }
        let close = UInt8(ascii: top.isObject ? "}" : "]")
        let byte = try skipWhitespace()
        switch top.state {
        case .afterKey:
            stack[stack.count - 1].state = .afterValue
            return try value()
        case .opened:
            if byte == close { return closeContainer() }
            if top.isObject { return try key() }
            stack[stack.count - 1].state = .afterValue
            return try value()
        case .afterValue:
            guard let byte else {
                throw error(.truncated, top.isObject ? "JSON object is not closed" : "JSON array is not closed")
            }
            if byte == close { return closeContainer() }
            guard byte == UInt8(ascii: ",") else {
                let expected = top.isObject ? "',' or '}' in a JSON object" : "',' or ']' in a JSON array"
                throw error(.syntax, "expected \(expected), found '\(describe(byte))'")
            }
            input.advance(1)
            if top.isObject {
                _ = try skipWhitespace()
                return try key()
            }
            _ = try skipWhitespace()
            return try value()
        }
    }

    private func closeContainer() -> PlistEvent {
        input.advance(1)
        return stack.removeLast().isObject ? .endDictionary : .endArray
    }

    /// A key, its `:` and the white space after it.
    private func key() throws(PlistError) -> PlistEvent {
        let byte = try input.byte(at: 0)
        guard byte == UInt8(ascii: "\"") else {
            throw error(byte == nil ? .truncated : .syntax, "expected a string key in a JSON object, found '\(describe(byte))'")
        }
        guard case .string(let key) = try scalar() else { preconditionFailure("a quoted token is a string") }
        let colon = try skipWhitespace()
        guard colon == UInt8(ascii: ":") else {
            throw error(colon == nil ? .truncated : .syntax, "expected ':' after key '\(key)', found '\(describe(colon))'")
        }
        input.advance(1)
        stack[stack.count - 1].state = .afterKey
        return .key(key)
    }

    /// The value at the current position (white space already skipped).
    private func value() throws(PlistError) -> PlistEvent {
        guard let byte = try input.byte(at: 0) else { throw error(.truncated, "JSON ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard stack.count < maximumDepth else {
                throw error(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels")
            }
            let isObject = byte == UInt8(ascii: "{")
            input.advance(1)
            stack.append(Open(isObject: isObject, state: .opened))
            return isObject ? .startDictionary(count: nil) : .startArray(count: nil)
        default:
            return .scalar(try scalar())
        }
    }

    /// The scalar token at the current position, parsed by the whole-value reader's code.
    private func scalar() throws(PlistError) -> Plist {
        let length = try tokenLength()
        let input = input
        let (value, used) = try input.withBytes(length) { (token) throws(PlistError) in
            do throws(PlistError) {
                return try JSONReader.scalar(token)
            } catch {
                throw input.relocated(error)
            }
        }
        input.advance(used)
        return value
    }

    /// The bytes of the token at the current position: a string up to its closing quote (or
    /// the end of the input), anything else up to white space or a structural character.
    private func tokenLength() throws(PlistError) -> Int {
        var length = 0
        if try input.byte(at: 0) == UInt8(ascii: "\"") {
            length = 1
            while let byte = try input.byte(at: length) {
                length += 1
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\"), try input.byte(at: length) != nil { length += 1 }
            }
            return length
        }
        while let byte = try input.byte(at: length) {
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"),
                 UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""):
                return max(length, 1)
            default:
                length += 1
            }
        }
        return length
    }

    /// Skips JSON white space; the next byte, or nil at the end.
    private func skipWhitespace() throws(PlistError) -> UInt8? {
        while let byte = try input.byte(at: 0) {
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: input.advance(1)
            default: return byte
            }
        }
        return nil
    }

    private func error(_ code: PlistError.Code, _ message: String) -> PlistError {
        PlistError(code, message, at: input.location)
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "end of input" }
        return byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }
}
