/// The grammar of NeXT/OpenStep text and `.strings` files, as CF's old-style parser
/// (`CFOldStylePList.c`) reads them: the one place that decides what a document holds and
/// whether it is valid. It reports what it reads to an ``OpenStepEventHandler``:
/// ``OpenStepReader`` builds a ``Plist`` in the parse loop, ``OpenStepEventSource`` hands
/// the events on as ``PlistEvent``s, and ``OpenStepSpans`` records where they sit in the text.
///
/// - `{ key = value; }` dictionaries (every entry ends with `;`; `key;` alone means
///   `key = key;`), `( a, b, )` arrays (a trailing comma is allowed); scalar tokens (quoted
///   and unquoted strings, `<hex data>`, GNUstep's typed values) are scanned by
///   ``OpenStepScanner``.
/// - White space (tab, LF, VT, FF, CR, space, U+2028, U+2029), `//` and `/* */` comments
///   between tokens; an unclosed `/*` runs to the end of the text.
/// - A document that is one string followed by more text is a `.strings` file: the entries
///   of a dictionary without braces, the string its first key. Text after the last entry
///   that cannot start a key is ignored; a document of white space and comments only is an
///   empty dictionary.
/// - CF's recovery: a dictionary key that fails to scan (an unclosed quote) ends the
///   dictionary's entries, with the position where the scanner stopped; an element that fails
///   where, past white space, the position is just before the innermost open array's `)`
///   ends that array without the element (``Event/endArrayDroppingElement(openContainers:)``).
///
/// A pull parser: ``read(into:)`` reports one event at a time (``next()`` returns it),
/// keeping the open containers on a stack, so that a chunked input is read as far as each
/// event needs; ``parse(into:)`` reports them all. After an error it is not called again.
struct OpenStepParser<Text: OpenStepText> {
    /// One event, for the readers that pull them (``next()``).
    enum Event {
        case startDictionary
        case startArray
        case key(String)
        case scalar(Plist)
        case endDictionary
        case endArray
        /// CF's recovery: the innermost open array ends at its `)`, without the element that
        /// failed with ``OpenStepParser/droppedElementError``. `openContainers` containers
        /// that element had started (0 when it was one scalar token) end with it, unfinished.
        case endArrayDroppingElement(openContainers: Int)
    }

    /// Where the parser is: outside the root value, or in the innermost open container.
    private enum State: UInt8 {
        /// Before or after the root value.
        case document
        /// In a dictionary, before a key or the end.
        case dictionaryEntry
        /// After a key: `=` and a value, or `;` (the key is its own value).
        case dictionaryAfterKey
        /// After a value: `;`.
        case dictionaryAfterValue
        /// After `(`.
        case arrayOpened
        /// After an element: `,` or `)`.
        case arrayAfterElement
        /// After `,`: an element or `)`.
        case arrayAfterComma

        var isArray: Bool { rawValue >= State.arrayOpened.rawValue }
    }

    private enum Phase {
        /// Nothing read yet.
        case start
        /// The root value is being read.
        case body
        /// The end was checked and reported.
        case finished
    }

    var text: Text
    /// The state in the innermost open container.
    private var state = State.document
    /// The states of the containers around it: `outer[d]` is the state of the container
    /// `d` deep (1 for the root), `outer[0]` the document's. `outer.count` containers are
    /// open.
    private var outer: [State] = []
    /// The last key of the dictionary `d` deep at `keys[d]`, for error messages.
    private var keys: [String] = [""]
    private var phase = Phase.start
    /// True while a `.strings` file's first key, read as the document's value before it was
    /// clear, is still to be reported.
    private var pendingKey = false
    /// True when the root is a dictionary without braces.
    private var unbracedRoot = false
    private let maximumDepth: Int
    /// How many containers enclose the value read.
    private let baseDepth: Int
    /// False when one value is read (from the middle of a text) rather than a document.
    private let readsDocument: Bool
    /// True when the document is a `.strings` file (a dictionary without braces).
    private(set) var isStringsFile = false
    /// True once a `//` or `/* */` comment has been read.
    private(set) var sawComment = false
    /// The offset of the last event's first byte: its token, `{`, `(`, `}` or `)`; for a
    /// key's own value (`key;`), its `;`.
    private(set) var eventStart = 0
    /// The offset just after the `;` of the last dictionary entry read.
    private(set) var entryEnd = 0
    /// The error of the element that ``Event/endArrayDroppingElement(openContainers:)``
    /// dropped.
    private(set) var droppedElementError: PlistError?

    /// A parser of the document `text` holds.
    init(_ text: Text, options: PlistReadingOptions) {
        self.text = text
        maximumDepth = options.maximumDepth
        baseDepth = 0
        readsDocument = true
    }

    /// A parser of the one value at `text`'s position, inside `depth` containers; what
    /// follows the value is not read.
    init(value text: Text, depth: Int, options: PlistReadingOptions) {
        self.text = text
        maximumDepth = options.maximumDepth
        baseDepth = depth
        readsDocument = false
    }

    /// The next event, or nil after the last one (once what follows the document's value
    /// is checked).
    mutating func next() throws(PlistError) -> Event? {
        var slot = EventSlot()
        _ = try read(into: &slot)
        return slot.event
    }

    /// Reports every event to `handler`, to the last (and checks what follows the
    /// document's value).
    @inline(__always)
    mutating func parse<Handler: OpenStepEventHandler>(into handler: inout Handler) throws(PlistError) {
        while try read(into: &handler) {}
    }

    /// Reports the next event to `handler`; false, reporting none, after the last one.
    @inline(__always)
    mutating func read<Handler: OpenStepEventHandler>(into handler: inout Handler) throws(PlistError) -> Bool {
        do throws(PlistError) {
            return try step(&handler)
        } catch {
            try recover(from: error, &handler)
            return true
        }
    }

    /// Reads on to the next event (over separators, which give none) and reports it to
    /// `handler` as the last thing it does, so that an error leaves none half reported;
    /// false at the end. Inlined into ``read(into:)``, so that ``parse(into:)`` is one loop.
    @inline(__always)
    private mutating func step<Handler: OpenStepEventHandler>(_ handler: inout Handler) throws(PlistError) -> Bool {
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
        while true {
            switch state {
            case .document:
                switch phase {
                case .start:
                    phase = .body
                    try documentStart(&handler)
                    return true
                case .body:
                    phase = .finished
                    if readsDocument {
                        if try skipWhitespace() != nil {
                            throw text.error(.syntax, "unexpected '\(try describeCharacter())' after the property list")
                        }
                        try text.finish()
                    }
                    return false
                case .finished:
                    return false
                }
            case .dictionaryEntry:
                if pendingKey {
                    pendingKey = false
                    state = .dictionaryAfterKey
                    handler.key(keys[1])
                    return true
                }
                if let byte = try skipWhitespace(), byte == quote || byte == apostrophe || OpenStepEscapes.isUnquoted(byte) {
                    let start = text.offset
                    // A key that does not scan (an unclosed quote) ends the entries, at the
                    // position where the scanner stopped; input that does not decode is an error.
                    let scanned: String?
                    do throws(PlistError) {
                        scanned = try text.string()
                    } catch {
                        guard error.code != .invalidString, error.code != .io else { throw error }
                        scanned = nil
                    }
                    if let key = scanned {
                        eventStart = start
                        keys[outer.count] = key
                        state = .dictionaryAfterKey
                        handler.key(key)
                        return true
                    }
                }
                if outer.count == 1 && unbracedRoot {
                    // The end of a .strings file: whatever follows is ignored, but must decode.
                    eventStart = text.offset
                    state = outer.removeLast()
                    phase = .finished
                    try text.finish()
                    handler.endDictionary()
                    return true
                }
                guard let byte = try skipWhitespace(), byte == UInt8(ascii: "}") else {
                    throw text.error(try text.byte(at: 0) == nil ? .truncated : .syntax, "expected '}' or a key in a dictionary, found '\(try describeCharacter())'")
                }
                eventStart = text.offset
                try text.advance(1)
                state = outer.removeLast()
                handler.endDictionary()
                return true
            case .dictionaryAfterKey:
                guard let byte = try skipWhitespace() else {
                    throw text.error(.truncated, "expected '=' or ';' after the key \"\(keys[outer.count])\", found the end of the input")
                }
                if byte == UInt8(ascii: ";") {
                    eventStart = text.offset
                    state = .dictionaryAfterValue
                    handler.scalar(.string(keys[outer.count]))
                    return true
                }
                guard byte == UInt8(ascii: "=") else {
                    throw text.error(.syntax, "expected '=' or ';' after the key \"\(keys[outer.count])\", found '\(try describeCharacter())'")
                }
                try text.advance(1)
                state = .dictionaryAfterValue
                guard let first = try skipWhitespace() else { throw text.error(.truncated, "OpenStep text ends where a value should be") }
                try value(first, &handler)
                return true
            case .dictionaryAfterValue:
                guard let byte = try skipWhitespace() else {
                    throw text.error(.truncated, "expected ';' after the value of \"\(keys[outer.count])\", found the end of the input")
                }
                guard byte == UInt8(ascii: ";") else {
                    throw text.error(.syntax, "expected ';' after the value of \"\(keys[outer.count])\", found '\(try describeCharacter())'")
                }
                try text.advance(1)
                entryEnd = text.offset
                state = .dictionaryEntry
            case .arrayOpened, .arrayAfterComma:
                let byte = try skipWhitespace()
                if let byte, Self.startsValue(byte) {
                    state = .arrayAfterElement
                    try value(byte, &handler)
                    return true
                }
                guard let byte else { throw text.error(.truncated, "expected ')' to close an array, found the end of the input") }
                try endArray(byte, &handler)
                return true
            case .arrayAfterElement:
                guard let byte = try skipWhitespace() else { throw text.error(.truncated, "expected ',' or ')' in an array, found the end of the input") }
                if byte == UInt8(ascii: ",") {
                    try text.advance(1)
                    state = .arrayAfterComma
                    continue
                }
                try endArray(byte, &handler)
                return true
            }
        }
    }

    /// The array's end, which `byte` (at the position) must be.
    private mutating func endArray<Handler: OpenStepEventHandler>(_ byte: UInt8, _ handler: inout Handler) throws(PlistError) {
        guard byte == UInt8(ascii: ")") else {
            throw text.error(.syntax, "expected ',' or ')' in an array, found '\(try describeCharacter())'")
        }
        eventStart = text.offset
        try text.advance(1)
        state = outer.removeLast()
        handler.endArray()
    }

    /// The first event: an empty dictionary for white space alone, the root value, or the
    /// start of a `.strings` file.
    private mutating func documentStart<Handler: OpenStepEventHandler>(_ handler: inout Handler) throws(PlistError) {
        guard let byte = try skipWhitespace() else {
            guard readsDocument else { throw text.error(.truncated, "OpenStep text ends where a value should be") }
            eventStart = text.offset
            unbracedRoot = true
            open(.dictionaryEntry)
            handler.startDictionary()
            return
        }
        guard readsDocument, !Self.startsContainer(byte) else {
            try value(byte, &handler)
            return
        }
        let scalar = try self.scalar(byte)
        guard try skipWhitespace() != nil else {
            phase = .finished
            try text.finish()
            handler.scalar(scalar)
            return
        }
        guard case .string(let key) = scalar else {
            throw text.error(.syntax, "unexpected '\(try describeCharacter())' after the property list")
        }
        // A string followed by more text: a .strings file, whose first key it was.
        isStringsFile = true
        unbracedRoot = true
        open(.dictionaryEntry)
        keys[1] = key
        pendingKey = true
        handler.startDictionary()
    }

    /// Opens a container inside the current one, in `initial` state.
    @inline(__always)
    private mutating func open(_ initial: State) {
        outer.append(state)
        state = initial
        if keys.count <= outer.count { keys.append("") }
    }

    /// CF's recovery in arrays: when, past white space, the position where `error` left the
    /// text is a `)`, the innermost open array ends there without the failed element.
    /// Otherwise, and for errors of the input itself (undecodable bytes, a failed read),
    /// `error` is thrown.
    private mutating func recover<Handler: OpenStepEventHandler>(from error: PlistError, _ handler: inout Handler) throws(PlistError) {
        guard error.code != .invalidString, error.code != .io else { throw error }
        var array = outer.count
        if !state.isArray {
            array -= 1
            while array > 0, !outer[array].isArray { array -= 1 }
        }
        guard array > 0, try skipWhitespace() == UInt8(ascii: ")") else { throw error }
        eventStart = text.offset
        try text.advance(1)
        let unfinished = outer.count - array
        state = outer[array - 1]
        outer.removeSubrange((array - 1)...)
        droppedElementError = error
        handler.endArrayDroppingElement(openContainers: unfinished)
    }

    // MARK: Values

    @inline(__always)
    private static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: OpenStepEscapes.isUnquoted(byte)
        }
    }

    @inline(__always)
    private static func startsContainer(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(")
    }

    /// The value that starts with `byte` at the position (white space skipped): a container
    /// opens, a scalar is read.
    @inline(__always)
    private mutating func value<Handler: OpenStepEventHandler>(_ byte: UInt8, _ handler: inout Handler) throws(PlistError) {
        guard Self.startsContainer(byte) else {
            handler.scalar(try scalar(byte))
            return
        }
        eventStart = text.offset
        guard outer.count + baseDepth < maximumDepth else {
            throw text.error(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels")
        }
        try text.advance(1)
        if byte == UInt8(ascii: "{") {
            open(.dictionaryEntry)
            handler.startDictionary()
        } else {
            open(.arrayOpened)
            handler.startArray()
        }
    }

    /// The scalar token that starts with `byte` at the position (white space skipped).
    private mutating func scalar(_ byte: UInt8) throws(PlistError) -> Plist {
        eventStart = text.offset
        guard Self.startsValue(byte) else {
            throw text.error(.syntax, "unexpected '\(try describeCharacter())' where a value should be")
        }
        return try text.scalar()
    }

    // MARK: White space and comments

    /// Skips white space and comments; the next byte, or nil at the end of the text.
    @inline(__always)
    private mutating func skipWhitespace() throws(PlistError) -> UInt8? {
        // Most tokens follow the last without white space or after one space.
        if let byte = try text.byte(at: 0) {
            if Self.isPlainToken(byte) { return byte }
            if byte == 0x20, let next = try text.byte(at: 1), Self.isPlainToken(next) {
                try text.advance(1)
                return next
            }
        }
        return try skipWhitespaceAndComments()
    }

    /// True for a byte that starts no white space, comment or line separator.
    @inline(__always)
    private static func isPlainToken(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x80 && byte != UInt8(ascii: "/")
    }

    private mutating func skipWhitespaceAndComments() throws(PlistError) -> UInt8? {
        while let byte = try text.byte(at: 0) {
            switch byte {
            case 0x09...0x0D, 0x20:
                try text.advance(1)
            case 0xE2 where try isLineSeparator():
                try text.advance(3)
            case UInt8(ascii: "/"):
                let second = try text.byte(at: 1)
                if second == UInt8(ascii: "/") {
                    sawComment = true
                    try text.advance(2)
                    while let next = try text.byte(at: 0) {
                        if next == 0x0A || next == 0x0D { break }
                        if next == 0xE2, try isLineSeparator() { break }
                        try text.advance(1)
                    }
                } else if second == UInt8(ascii: "*") {
                    sawComment = true
                    try text.advance(2)
                    while let next = try text.byte(at: 0) {
                        if next == UInt8(ascii: "*"), try text.byte(at: 1) == UInt8(ascii: "/") {
                            try text.advance(2)
                            break
                        }
                        try text.advance(1)
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

    /// True for U+2028 or U+2029 (UTF-8 E2 80 A8 / E2 80 A9) at the position.
    @inline(__always)
    private mutating func isLineSeparator() throws(PlistError) -> Bool {
        guard let third = try text.byte(at: 2) else { return false }
        return try text.byte(at: 1) == 0x80 && (third == 0xA8 || third == 0xA9)
    }

    /// The character at the position, for an error message.
    private mutating func describeCharacter() throws(PlistError) -> String {
        guard let byte = try text.byte(at: 0) else { return "end of input" }
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        if byte < 0x80 { return "0x" + String(byte, radix: 16) }
        var bytes = [byte]
        while bytes.count < 4, let next = try text.byte(at: bytes.count), next & 0xC0 == 0x80 { bytes.append(next) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
