/// OpenStep text as events, read incrementally and decoded by ``OpenStepTextDecoder``: the
/// structure (`{ = ; }`, `( , )`, white space and comments) is followed here with a stack of
/// open containers, as ``OpenStepReader`` follows it, and each scalar token (a quoted or
/// unquoted string, `<hex data>`, a GNUstep typed value) is parsed by
/// ``OpenStepReader/scalar(_:options:)``, the whole-value reader's code.
///
/// A `.strings` file (a document that is a string followed by more text) reads as a
/// dictionary, as in CF; text after its last entry that cannot start a key is ignored, but
/// still decoded to its end. CF drops an array element that fails where the failure leaves
/// the position just before the array's `)` (`(a, <0)` reads as `(a)`); so does this source
/// when the element is a scalar, but an element whose first events were delivered already
/// (`(a, { b )`) cannot be taken back, so its error is thrown, saying so.
final class OpenStepEventSource: PlistEventSource {
    private enum Open {
        /// A dictionary; `braced` is false for a `.strings` file's root.
        case dictionary(braced: Bool, state: DictionaryState)
        case array(ArrayState)
    }

    private enum DictionaryState {
        /// Before a key, or the end.
        case entry
        /// After a key: `=` and a value, or `;` (the key is its own value).
        case afterKey(String)
        /// After a value: `;`.
        case afterValue(String)
    }

    private enum ArrayState {
        /// After `(`.
        case opened
        /// After an element: `,` or `)`.
        case afterElement
        /// After `,`: an element or `)`.
        case afterComma
    }

    private let input: EventInput
    private let options: PlistReadingOptions
    private var stack: [Open] = []
    private var started = false
    private var finished = false
    /// A `.strings` file's first key, read as the document's value before it was clear.
    private var pendingKey: String?
    /// Where in the token the whole-value reader stopped, when a scalar token failed.
    private var tokenStop: Int?

    /// What the error message adds when CF would drop an array element whose events were
    /// delivered already.
    static let droppedElementNote = "CF drops the array element this error is in, but its first events were delivered already"

    init(_ input: EventInput, options: PlistReadingOptions) throws(PlistError) {
        self.input = input
        self.options = options
        input.countsScalars = true
        _ = try input.byte(at: 4)
        let count = input.buffered
        guard count > 0 else { throw PlistError.emptyInput(.truncated) }
        let (encoding, textStart) = try input.withBytes(min(count, 5)) { head in OpenStepInput.encoding(head: head, count: count) }
        try input.install(OpenStepTextDecoder(encoding, textStart: textStart))
        guard try input.byte(at: 0) != nil else {
            throw PlistError(.truncated, "OpenStep text is empty", at: .lineColumn(line: 1, column: 1))
        }
    }

    func next() throws(PlistError) -> PlistEvent? {
        if let key = pendingKey {
            pendingKey = nil
            stack[0] = .dictionary(braced: false, state: .afterKey(key))
            return .key(key)
        }
        guard !finished else { return nil }
        guard started else {
            started = true
            return try documentStart()
        }
        while let top = stack.last {
            tokenStop = nil
            let event: PlistEvent?
            do throws(PlistError) {
                switch top {
                case .dictionary(let braced, let state): event = try dictionaryStep(braced: braced, state)
                case .array(let state): event = try arrayStep(state)
                }
            } catch {
                event = try recover(from: error)
            }
            if let event { return event }
        }
        try finish()
        return nil
    }

    /// The first event: an empty dictionary for white space alone, the root value, or the
    /// start of a `.strings` file.
    private func documentStart() throws(PlistError) -> PlistEvent {
        guard let byte = try skipWhitespace() else {
            stack.append(.dictionary(braced: false, state: .entry))
            return .startDictionary(count: nil)
        }
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") { return try value() }
        let first = try value()
        guard try skipWhitespace() != nil else {
            try finish()
            return first
        }
        guard case .scalar(.string(let key)) = first else {
            throw error(.syntax, "unexpected '\(try describeCharacter())' after the property list")
        }
        // A string followed by more text: a .strings file, whose first key it was.
        stack.append(.dictionary(braced: false, state: .entry))
        pendingKey = key
        return .startDictionary(count: nil)
    }

    /// Checks what follows the document's value (unless it is a `.strings` file's, after
    /// which CF ignores what cannot start a key) and reads the input to its end: it must
    /// decode, as ``OpenStepInput`` requires of the whole document.
    private func finish(ignoringTrailingText: Bool = false) throws(PlistError) {
        finished = true
        if !ignoringTrailingText, let _ = try skipWhitespace() {
            throw error(.syntax, "unexpected '\(try describeCharacter())' after the property list")
        }
        while input.buffered > 0 || !input.reachedEnd {
            input.advance(input.buffered)
            _ = try input.fill()
        }
    }

    // MARK: Dictionaries

    /// The next event inside a dictionary, or nil when a step produced none.
    private func dictionaryStep(braced: Bool, _ state: DictionaryState) throws(PlistError) -> PlistEvent? {
        let top = stack.count - 1
        switch state {
        case .entry:
            if let key = try key() {
                stack[top] = .dictionary(braced: braced, state: .afterKey(key))
                return .key(key)
            }
            if braced {
                guard try skipWhitespace() == UInt8(ascii: "}") else {
                    throw error(input.buffered > 0 ? .syntax : .truncated, "expected '}' or a key in a dictionary, found '\(try describeCharacter())'")
                }
                input.advance(1)
            } else {
                // The end of a .strings file: whatever follows is ignored.
                stack.removeLast()
                try finish(ignoringTrailingText: true)
                return .endDictionary
            }
            stack.removeLast()
            return .endDictionary
        case .afterKey(let key):
            guard let byte = try skipWhitespace() else {
                throw error(.truncated, "expected '=' or ';' after the key \"\(key)\", found the end of the input")
            }
            stack[top] = .dictionary(braced: braced, state: .afterValue(key))
            if byte == UInt8(ascii: ";") { return .scalar(.string(key)) }
            guard byte == UInt8(ascii: "=") else {
                throw error(.syntax, "expected '=' or ';' after the key \"\(key)\", found '\(try describeCharacter())'")
            }
            input.advance(1)
            guard try skipWhitespace() != nil else { throw error(.truncated, "OpenStep text ends where a value should be") }
            return try value()
        case .afterValue(let key):
            guard let byte = try skipWhitespace() else {
                throw error(.truncated, "expected ';' after the value of \"\(key)\", found the end of the input")
            }
            guard byte == UInt8(ascii: ";") else {
                throw error(.syntax, "expected ';' after the value of \"\(key)\", found '\(try describeCharacter())'")
            }
            input.advance(1)
            stack[top] = .dictionary(braced: braced, state: .entry)
            return nil
        }
    }

    /// A dictionary key, or nil when none starts here. As in CF, an unclosed quote ends the
    /// entries, with the position just after the quote.
    private func key() throws(PlistError) -> String? {
        guard let byte = try skipWhitespace() else { return nil }
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || OpenStepEscapes.isUnquoted(byte) else { return nil }
        do {
            guard case .string(let key) = try scalar() else { preconditionFailure("a key token is a string") }
            return key
        } catch {
            tokenStop = nil
            input.advance(1)
            return nil
        }
    }

    // MARK: Arrays

    /// The next event inside an array, or nil when a step produced none.
    private func arrayStep(_ state: ArrayState) throws(PlistError) -> PlistEvent? {
        let top = stack.count - 1
        let byte = try skipWhitespace()
        switch state {
        case .opened, .afterComma:
            if let byte, startsValue(byte) {
                stack[top] = .array(.afterElement)
                return try value()
            }
            guard byte != nil else { throw error(.truncated, "expected ')' to close an array, found the end of the input") }
        case .afterElement:
            guard let byte else { throw error(.truncated, "expected ',' or ')' in an array, found the end of the input") }
            if byte == UInt8(ascii: ",") {
                input.advance(1)
                stack[top] = .array(.afterComma)
                return nil
            }
        }
        guard byte == UInt8(ascii: ")") else {
            throw error(.syntax, "expected ',' or ')' in an array, found '\(try describeCharacter())'")
        }
        input.advance(1)
        stack.removeLast()
        return .endArray
    }

    /// CF's recovery in arrays (``OpenStepReader``'s `parseArrayContent`): when the position
    /// where the reader stopped is, past white space, an array's `)`, the innermost array
    /// drops the failed element and ends there. Possible here only when that element was one
    /// scalar token, the top of the stack's array; otherwise `error` is thrown.
    private func recover(from error: PlistError) throws(PlistError) -> PlistEvent {
        guard stack.contains(where: { if case .array = $0 { true } else { false } }) else { throw error }
        if let tokenStop { input.advance(tokenStop) }
        guard try skipWhitespace() == UInt8(ascii: ")") else { throw error }
        guard tokenStop != nil, case .array = stack[stack.count - 1] else {
            throw PlistError(error.code, "\(error.message) (\(Self.droppedElementNote))", at: error.location)
        }
        input.advance(1)
        stack.removeLast()
        return .endArray
    }

    // MARK: Values

    private func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: OpenStepEscapes.isUnquoted(byte)
        }
    }

    /// The value at the current position (white space already skipped): a container opens,
    /// a scalar is read.
    private func value() throws(PlistError) -> PlistEvent {
        let byte = try input.byte(at: 0)!
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "("):
            guard stack.count < options.maximumDepth else {
                throw error(.depthLimitExceeded, "containers nest deeper than \(options.maximumDepth) levels")
            }
            input.advance(1)
            if byte == UInt8(ascii: "{") {
                stack.append(.dictionary(braced: true, state: .entry))
                return .startDictionary(count: nil)
            }
            stack.append(.array(.opened))
            return .startArray(count: nil)
        default:
            guard startsValue(byte) else {
                throw error(.syntax, "unexpected '\(try describeCharacter())' where a value should be")
            }
            return .scalar(try scalar())
        }
    }

    /// The scalar token at the current position, parsed by the whole-value reader's code.
    private func scalar() throws(PlistError) -> Plist {
        let length = try tokenLength()
        let input = input
        let options = options
        var stop = 0
        do throws(PlistError) {
            let (value, used) = try input.withBytes(length) { (token) throws(PlistError) in
                try OpenStepReader.scalar(token, options: options, stop: &stop)
            }
            input.advance(used)
            return value
        } catch {
            tokenStop = stop
            throw input.relocated(error)
        }
    }

    /// The bytes of the token at the current position: a quoted string to its closing quote,
    /// `<…>` to its `>` (or either to the end of the input), an unquoted string to its end.
    private func tokenLength() throws(PlistError) -> Int {
        let first = try input.byte(at: 0)!
        var length = 1
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            while let byte = try input.byte(at: length) {
                length += 1
                if byte == first { break }
                if byte == UInt8(ascii: "\\"), try input.byte(at: length) != nil { length += 1 }
            }
        case UInt8(ascii: "<"):
            while let byte = try input.byte(at: length) {
                length += 1
                if byte == UInt8(ascii: ">") { break }
            }
        default:
            while let byte = try input.byte(at: length), OpenStepEscapes.isUnquoted(byte) { length += 1 }
        }
        return length
    }

    // MARK: White space and comments

    /// Skips white space and comments, as ``OpenStepReader`` does; the next byte, or nil at
    /// the end of the input.
    private func skipWhitespace() throws(PlistError) -> UInt8? {
        while let byte = try input.byte(at: 0) {
            switch byte {
            case 0x09...0x0D, 0x20:
                input.advance(1)
            case 0xE2 where try isLineSeparator(at: 0):
                input.advance(3)
            case UInt8(ascii: "/"):
                let second = try input.byte(at: 1)
                if second == UInt8(ascii: "/") {
                    input.advance(2)
                    while let next = try input.byte(at: 0) {
                        if next == 0x0A || next == 0x0D { break }
                        if next == 0xE2, try isLineSeparator(at: 0) { break }
                        input.advance(1)
                    }
                } else if second == UInt8(ascii: "*") {
                    // An unclosed comment runs to the end of the input, as in CF.
                    input.advance(2)
                    while let next = try input.byte(at: 0) {
                        if next == UInt8(ascii: "*"), try input.byte(at: 1) == UInt8(ascii: "/") {
                            input.advance(2)
                            break
                        }
                        input.advance(1)
                    }
                } else {
                    return byte
                }
            default:
                return byte
            }
        }
        return nil
    }

    /// True for U+2028 or U+2029 at `offset` ahead.
    private func isLineSeparator(at offset: Int) throws(PlistError) -> Bool {
        guard try input.byte(at: offset + 2) != nil else { return false }
        let second = try input.byte(at: offset + 1), third = try input.byte(at: offset + 2)
        return second == 0x80 && (third == 0xA8 || third == 0xA9)
    }

    // MARK: Errors

    private func error(_ code: PlistError.Code, _ message: String) -> PlistError {
        PlistError(code, message, at: input.location)
    }

    private func describeCharacter() throws(PlistError) -> String {
        guard let byte = try input.byte(at: 0) else { return "end of input" }
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        if byte < 0x80 { return "0x" + String(byte, radix: 16) }
        var end = 1
        while let next = try input.byte(at: end), next & 0xC0 == 0x80, end < 4 { end += 1 }
        return try input.withBytes(end) { String(decoding: $0, as: UTF8.self) }
    }
}
