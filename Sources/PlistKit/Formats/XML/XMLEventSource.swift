/// XML as events, read incrementally: each piece of the input goes to libxml2's push parser
/// (``LibXML2Parser/Push``, with the whole-value reader's handler and security settings), the
/// same ``XMLPlistScanner`` checks the elements and parses the scalars, and the events of a
/// piece wait in ``XMLEventQueue``'s queue until ``next()`` has delivered them.
///
/// Characters XML forbids but CF writes raw (see ``XMLRawCharacters``) are escaped a piece
/// at a time as the input arrives; a construct cut off at the end of a piece waits for the
/// next one.
final class XMLEventSource: PlistEventSource {
    /// The most bytes libxml2 parses at once, which bounds the queue of events.
    private static let pieceSize = 64 * 1024
    /// The most bytes escaped at once when a piece holds something to escape.
    private static let escapeWindow = 4 * 1024

    private let input: EventInput
    private let sink = XMLEventQueue()
    private let scanner: XMLPlistScanner<XMLEventQueue>
    private let parser: LibXML2Parser.Push
    // Used by one event reader or writer, from one thread at a time and never re-entrantly:
    // the state below skips Swift's dynamic exclusivity checks, which cost more than an event.
    /// Read but not yet parsed.
    @exclusivity(unchecked) private var pending: [UInt8] = []
    @exclusivity(unchecked) private var pendingStart = 0
    /// Input in UTF-8 (UTF-16 and UTF-32 are transcoded first, see ``XMLTranscoder``), or in
    /// another encoding in which ASCII stands for itself, is escaped on its way to libxml2
    /// (see ``XMLRawCharacters``); `escapeDepth` is the element depth where
    /// the escaping stopped.
    private let escaping: XMLRawCharacters.Escaping
    private var escapes: Bool { escaping != .none }
    /// The escaped form of the bytes being parsed, reused.
    @exclusivity(unchecked) private var escaped: [UInt8] = []
    @exclusivity(unchecked) private var escapeDepth = 0
    @exclusivity(unchecked) private var finished = false
    /// The unparsed bytes end inside a construct: more input is needed first.
    @exclusivity(unchecked) private var stalled = false

    init(_ input: EventInput, options: PlistReadingOptions) throws(PlistError) {
        self.input = input
        scanner = XMLPlistScanner(sink: sink, maximumDepth: options.maximumDepth)
        parser = LibXML2Parser.Push(into: scanner)
        // A UTF-16 or UTF-32 document is read as UTF-8 (see ``XMLTranscoder``).
        _ = try input.byte(at: 3)
        guard input.buffered > 0 else { throw PlistError.emptyInput(.truncated) }
        if let (encoding, markLength) = try input.withBytes(min(input.buffered, 4), { XMLTranscoder.Encoding.of($0) }) {
            try input.install(XMLTranscoder(encoding, markLength: markLength))
        }
        // The declaration, which names the encoding, is in the first line.
        _ = try input.byte(at: 199)
        escaping = try input.withBytes(min(input.buffered, 200)) { head in XMLRawCharacters.Escaping.of(head) }
        scanner.unescapesText = escaping == .utf8
    }

    func next() throws(PlistError) -> PlistEvent? {
        while true {
            if let event = sink.dequeue() { return event }
            if let error = scanner.error { throw error }
            if finished { return nil }
            try parseNextPiece()
        }
    }

    /// Parses up to ``pieceSize`` more bytes, or ends the document.
    private func parseNextPiece() throws(PlistError) {
        if pendingStart == pending.count || stalled {
            pending.removeSubrange(0..<pendingStart)
            pendingStart = 0
            guard let chunk = try input.takeChunk() else {
                if escapes, !pending.isEmpty {
                    parse(escaping: pending.count, final: true)
                }
                let open = scanner.error == nil ? scanner.openElements : nil
                parser.finish()
                finished = true
                do {
                    try scanner.finish()
                } catch {
                    // Every piece was fine until the input ran out: the document is cut short.
                    guard let open, error.code != .structure || !open.isEmpty else { throw error }
                    throw XMLTruncation.endsEarly(open: open, at: error.location)
                }
                return
            }
            pending.append(contentsOf: chunk)
            stalled = false
        }
        let end = min(pending.count, pendingStart + Self.pieceSize)
        guard escapes else {
            ByteView.with(pending) { parser.feed($0.extracting(pendingStart..<end)) }
            pendingStart = end
            return
        }
        // Most pieces hold nothing to escape: they go to libxml2 as they are.
        let unchanged = ByteView.with(pending) { bytes in
            XMLRawCharacters.unchangedPrefix(bytes.extracting(pendingStart..<end), escaping, depth: &escapeDepth)
        }
        if unchanged > 0 {
            ByteView.with(pending) { parser.feed($0.extracting(pendingStart..<(pendingStart + unchanged))) }
            pendingStart += unchanged
            return
        }
        // What does need escaping (or a look by the escaping) is escaped a few kilobytes at
        // a time, so that the rest of the piece goes back to the fast path above. A
        // construct longer than that is escaped with the piece, or with all that was read;
        // one that was not read to its end yet waits for the next chunk.
        if parse(escaping: min(end, pendingStart + Self.escapeWindow), final: false) == 0,
           parse(escaping: end, final: false) == 0, parse(escaping: pending.count, final: false) == 0 {
            stalled = true
        }
    }

    /// Escapes `pending[pendingStart..<end]` (up to a construct cut off there, unless
    /// `final`), parses the result and returns how many bytes of `pending` it took.
    @discardableResult
    private func parse(escaping end: Int, final: Bool) -> Int {
        escaped.removeAll(keepingCapacity: true)
        let used = ByteView.with(pending) { bytes in
            XMLRawCharacters.escape(bytes.extracting(pendingStart..<end), escaping, depth: &escapeDepth, final: final, into: &escaped)
        }
        ByteView.with(escaped) { parser.feed($0) }
        pendingStart += used
        return used
    }
}
