#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes a text event source reads: a window over the input that holds what has been
/// read but not yet consumed, refilled a chunk at a time from a file descriptor (or holding
/// all of an in-memory input at once).
///
/// A tokenizer looks ahead with ``byte(at:)`` (which reads more chunks while the bytes it
/// asks for are not there yet), reads a token through ``withBytes(_:_:)`` and consumes it
/// with ``advance(_:)``. Consumed bytes are dropped at the next refill, so the window holds at
/// most the longest token plus one chunk. The window also counts lines and columns of what
/// was consumed, for error positions.
final class EventInput {
    private let descriptor: Int32?
    private let chunkSize: Int
    // Used by one event reader or writer, from one thread at a time and never re-entrantly:
    // the state below skips Swift's dynamic exclusivity checks, which cost more than an event.
    /// Read but unconsumed bytes are `window[start...]`.
    @exclusivity(unchecked) private var window: [UInt8]
    @exclusivity(unchecked) private var start = 0
    /// True once the descriptor reported the end of the file (or for in-memory input).
    @exclusivity(unchecked) private(set) var reachedEnd: Bool
    /// Turns the bytes read into what tokenizers see (OpenStep's UTF-16 becomes UTF-8);
    /// called with each chunk and, at the end, with an empty final call.
    @exclusivity(unchecked) private var decoder: EventInputDecoder?
    /// Line and column (1-based) of the first unconsumed byte.
    @exclusivity(unchecked) private(set) var line = 1
    @exclusivity(unchecked) private(set) var column = 1
    /// Whether columns count Unicode scalars and a lone CR ends a line (OpenStep), or
    /// columns count bytes and only LF ends a line (JSON).
    var countsScalars = false

    /// All of `bytes`, already in memory.
    init(_ bytes: some Collection<UInt8>) {
        descriptor = nil
        chunkSize = 0
        window = Array(bytes)
        reachedEnd = true
    }

    /// Reads `descriptor` from its current offset, `chunkSize` bytes at a time.
    init(descriptor: Int32, chunkSize: Int) {
        self.descriptor = descriptor
        self.chunkSize = max(1, chunkSize)
        window = []
        reachedEnd = false
    }

    /// How many unconsumed bytes the window holds now.
    var buffered: Int { window.count - start }

    /// Reads one more chunk; false when the input has ended.
    func fill() throws(PlistError) -> Bool {
        guard let descriptor, !reachedEnd else { return false }
        if start > 0, start >= window.count / 2 {
            window.removeSubrange(0..<start)
            start = 0
        }
        let oldCount = window.count
        window.append(contentsOf: repeatElement(0, count: chunkSize))
        let result = Syscalls.readSome(descriptor, into: &window, from: oldCount)
        let count: Int
        switch result {
        case .success(let value): count = value
        case .failure(let errno):
            window.removeSubrange(oldCount...)
            throw PlistError(.io, "reading the file failed: \(errno.description)")
        }
        window.removeSubrange((oldCount + count)...)
        if count == 0 { reachedEnd = true }
        if let decoder {
            let raw = Array(window[oldCount...])
            window.removeSubrange(oldCount...)
            try decoder.decode(raw, final: reachedEnd, into: &window)
        } else if count == 0 {
            return false
        }
        return true
    }

    /// Makes `decoder` turn the input into what tokenizers see, starting with the bytes read
    /// so far (none of which may be consumed yet).
    func install(_ decoder: EventInputDecoder) throws(PlistError) {
        let raw = Array(window[start...])
        window.removeAll(keepingCapacity: true)
        start = 0
        self.decoder = decoder
        try decoder.decode(raw, final: reachedEnd, into: &window)
    }

    /// The unconsumed byte `offset` bytes ahead, reading more of the input as needed; nil
    /// past the end.
    @inline(__always)
    func byte(at offset: Int) throws(PlistError) -> UInt8? {
        while start + offset >= window.count {
            guard try fill() else { return nil }
        }
        return window[start + offset]
    }

    /// Runs `body` over the next `count` unconsumed bytes, which ``byte(at:)`` has seen.
    func withBytes<R>(_ count: Int, _ body: (ByteView) throws(PlistError) -> R) throws(PlistError) -> R {
        let start = start
        return try ByteView.with(window) { (window) throws(PlistError) -> R in try body(window.extracting(start..<(start + count))) }
    }

    /// Takes every unconsumed byte, or reads the next chunk and takes that; nil at the end.
    func takeChunk() throws(PlistError) -> [UInt8]? {
        // A chunk may decode to nothing yet (a character cut off, held for the next one).
        while buffered == 0 {
            guard try fill() else { return nil }
        }
        var chunk: [UInt8] = []
        if start == 0 {
            swap(&chunk, &window)
        } else {
            chunk = Array(window[start...])
            window.removeAll(keepingCapacity: true)
            start = 0
        }
        return chunk
    }

    /// Consumes `count` bytes (which ``byte(at:)`` has seen), counting lines and columns.
    func advance(_ count: Int) {
        let end = start + count
        var index = start
        while index < end {
            let byte = window[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if countsScalars {
                if byte == 0x0D {
                    if index + 1 >= window.count || window[index + 1] != 0x0A {
                        line += 1
                        column = 1
                    }
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            } else {
                column += 1
            }
            index += 1
        }
        start = end
    }

    /// The position of the next unconsumed byte.
    var location: PlistError.Location { .lineColumn(line: line, column: column) }

    /// `error` with its position, which counts from the next unconsumed byte (a token read
    /// through ``withBytes(_:_:)``), moved to count from the start of the input.
    func relocated(_ error: PlistError) -> PlistError {
        var error = error
        if case .lineColumn(let tokenLine, let tokenColumn) = error.location {
            error.location = tokenLine == 1
                ? .lineColumn(line: line, column: column + tokenColumn - 1)
                : .lineColumn(line: line + tokenLine - 1, column: tokenColumn)
        }
        return error
    }
}

/// Turns raw input into the bytes a tokenizer reads, a chunk at a time, keeping what spans
/// two chunks.
protocol EventInputDecoder: AnyObject {
    /// Appends the decoded form of `bytes` to `out`; `final` says no more bytes follow.
    func decode(_ bytes: [UInt8], final: Bool, into out: inout [UInt8]) throws(PlistError)
}
