/// The bytes ``JSONParser`` reads, seen through a cursor: the parser looks ahead with
/// ``byte(at:)``, reads what it has seen with ``withBytes(_:_:)`` and consumes it with
/// ``advance(_:)``. Offsets count from the cursor.
///
/// Two inputs conform: ``JSONBufferInput``, a whole document in memory (the whole-value
/// reader), and `JSONEventInput`, the chunked ``EventInput`` of the event reader. The parser
/// is specialized for each, so neither pays for the other.
protocol JSONInput {
    /// The byte `offset` bytes past the cursor, reading more of the input as needed; nil
    /// past the end.
    mutating func byte(at offset: Int) throws(PlistError) -> UInt8?

    /// Moves the cursor past `count` bytes that ``byte(at:)`` has seen.
    mutating func advance(_ count: Int)

    /// Runs `body` over the bytes at `range` (offsets from the cursor), which ``byte(at:)``
    /// has seen.
    func withBytes<R>(_ range: Range<Int>, _ body: (ByteView) throws(PlistError) -> R) throws(PlistError) -> R

    /// The line and column (1-based; columns count bytes, only LF ends a line) of the byte
    /// `offset` bytes past the cursor, which ``byte(at:)`` has seen or which is just past the
    /// end. Computed only for errors.
    func location(ahead offset: Int) -> PlistError.Location
}

/// A whole JSON document in memory: the cursor is an index into the buffer.
struct JSONBufferInput: JSONInput {
    private let bytes: ByteView
    private var index = 0

    init(_ bytes: ByteView) {
        self.bytes = bytes
    }

    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        bytes.byte(at: index &+ offset)
    }

    @inline(__always)
    mutating func advance(_ count: Int) {
        index &+= count
    }

    @inline(__always)
    func withBytes<R>(_ range: Range<Int>, _ body: (ByteView) throws(PlistError) -> R) throws(PlistError) -> R {
        try body(bytes.extracting((index &+ range.lowerBound)..<(index &+ range.upperBound)))
    }

    func location(ahead offset: Int) -> PlistError.Location {
        let end = min(index + offset, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return .lineColumn(line: line, column: end - lineStart + 1)
    }
}
