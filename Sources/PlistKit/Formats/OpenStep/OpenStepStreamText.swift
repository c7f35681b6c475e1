/// OpenStep text read incrementally from an ``EventInput`` (decoded to UTF-8 by
/// ``OpenStepTextDecoder``), for ``OpenStepParser``. Each scalar token is scanned by an
/// ``OpenStepScanner`` over that token's bytes, once they are all read.
struct OpenStepStreamText: OpenStepText {
    let input: EventInput
    private let options: PlistReadingOptions
    private(set) var offset = 0
    private(set) var sawTypedValue = false

    init(_ input: EventInput, options: PlistReadingOptions) {
        self.input = input
        self.options = options
    }

    @inline(__always)
    func byte(at offset: Int) throws(PlistError) -> UInt8? {
        try input.byte(at: offset)
    }

    @inline(__always)
    mutating func advance(_ count: Int) throws(PlistError) {
        // Whether a CR ends a line depends on the byte after it, which is read first.
        if count >= input.buffered { _ = try input.byte(at: count) }
        input.advance(count)
        offset += count
    }

    mutating func scalar() throws(PlistError) -> Plist {
        try scanToken { (scanner) throws(PlistError) in try scanner.scalar() }
    }

    mutating func string() throws(PlistError) -> String {
        try scanToken { (scanner) throws(PlistError) in try scanner.string() }
    }

    func error(_ code: PlistError.Code, _ message: String) -> PlistError {
        PlistError(code, message, at: input.location)
    }

    /// Reads the input to its end, which decodes it (``OpenStepInput`` requires the whole
    /// document to decode).
    func finish() throws(PlistError) {
        while input.buffered > 0 || !input.reachedEnd {
            input.advance(input.buffered)
            _ = try input.fill()
        }
    }

    /// `scan` over the token at the position, then the position after the token, or where
    /// the scanner stopped if it failed (errors count lines and columns from the start of
    /// the input).
    private mutating func scanToken<R>(_ scan: (inout OpenStepScanner) throws(PlistError) -> R) throws(PlistError) -> R {
        let length = try tokenLength()
        let options = options
        var stop = 0
        var typed = false
        let outcome = try input.withBytes(length) { token in
            var scanner = OpenStepScanner(token, options: options)
            defer {
                stop = scanner.index
                typed = scanner.sawTypedValue
            }
            return Result { () throws(PlistError) -> R in try scan(&scanner) }
        }
        switch outcome {
        case .success(let value):
            sawTypedValue = sawTypedValue || typed
            try advance(stop)
            return value
        case .failure(let error):
            let located = input.relocated(error)
            try advance(stop)
            throw located
        }
    }

    /// The bytes of the token at the position: a quoted string to its closing quote, `<…>` to
    /// its `>` (either to the end of the input when unclosed), an unquoted string to its end.
    /// The token holds every byte the scanner looks at.
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
}
