/// ``EventInput`` as the ``JSONInput`` of ``JSONParser``: the cursor is the window's first
/// unconsumed byte, and a token stays in the window until the parser passes it.
struct JSONEventInput: JSONInput {
    private let input: EventInput

    init(_ input: EventInput) {
        self.input = input
    }

    @inline(__always)
    func byte(at offset: Int) throws(PlistError) -> UInt8? {
        try input.byte(at: offset)
    }

    @inline(__always)
    func advance(_ count: Int) {
        input.advance(count)
    }

    @inline(__always)
    func withBytes<R>(_ range: Range<Int>, _ body: (ByteView) throws(PlistError) -> R) throws(PlistError) -> R {
        try input.withBytes(range.upperBound) { (bytes) throws(PlistError) in try body(bytes.extracting(range)) }
    }

    func location(ahead offset: Int) -> PlistError.Location {
        guard case .lineColumn(var line, var column) = input.location else { return input.location }
        let bytes = (try? input.withBytes(min(offset, input.buffered)) { bytes in Array(bytes) }) ?? []
        for byte in bytes {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return .lineColumn(line: line, column: column)
    }
}
