/// What the libxml2 callbacks talk to: the state they need (the first error, the parser
/// context, how to locate the parser) and the three content events, which this base class
/// ignores and ``XMLPlistScanner`` handles. The callbacks reach it through one class
/// reference without retaining it, and the scanner behind it is specialised for its sink, so
/// an event costs one dynamic call.
///
/// Its state is touched only from libxml2's callbacks on the parsing thread, one at a time
/// and never re-entrantly, so the hot properties skip Swift's dynamic exclusivity checks
/// (`@exclusivity(unchecked)`), which otherwise cost about a fifth of the parse.
class XMLSAXHandler {
    /// The first error; once set, every later event is ignored.
    @exclusivity(unchecked) final private(set) var error: PlistError?
    /// Whether ``error`` is set: what the callbacks test at every event.
    @exclusivity(unchecked) final private(set) var failed = false
    /// The libxml2 parser context while parsing (opaque here).
    @exclusivity(unchecked) final var context: UnsafeMutableRawPointer?
    /// The document ended at a NUL character after its root element (see
    /// `LibXML2Parser.endsAtNUL`): libxml2's complaint about it is not an error.
    @exclusivity(unchecked) final var endedAtNUL = false
    /// The parse reads its input through a callback and waits for the root element, where
    /// the document's encoding is settled (see `LibXML2Parser.rootElementStarted`).
    @exclusivity(unchecked) final var awaitsRootElement = false
    /// Whether `startElement` needs the element's position.
    final let recordsPositions: Bool
    /// The innermost open element holds elements, not text: white space there means
    /// nothing, and the callbacks drop it without a call to ``characters(_:)``. Kept by the
    /// handler (``XMLPlistScanner``) as elements start and end.
    @exclusivity(unchecked) final var isBetweenElements = false

    init(recordsPositions: Bool) {
        self.recordsPositions = recordsPositions
    }

    /// Forgets the last document's error and parser state, for a handler that reads another.
    final func resetForNextDocument() {
        error = nil
        failed = false
        context = nil
        endedAtNUL = false
        awaitsRootElement = false
        isBetweenElements = false
    }

    /// Where libxml2 is now, as line and column; nil when no parse is under way.
    final func locate() -> PlistError.Location? {
        context.map(LibXML2Parser.location)
    }

    final func fail(_ code: PlistError.Code, _ message: String, at location: PlistError.Location?) {
        if !failed {
            error = PlistError(code, message, at: location)
            failed = true
        }
    }

    final func fail(_ code: PlistError.Code, _ message: String) {
        fail(code, message, at: locate())
    }

    /// `name` is the element's local name; `position` is where the start tag ends, the
    /// column of its `>` (``XMLPosition/unknown`` unless ``recordsPositions``).
    func startElement(_ name: XMLElementName, hasPrefix: Bool, at position: XMLPosition) {}

    /// Text, white space or CDATA, in as many pieces as libxml2 delivers (each valid during
    /// the call only); no white space while ``isBetweenElements`` is set.
    func characters(_ bytes: ByteView) {}

    func endElement() {}
}

/// An element's local name as libxml2 reports it: NUL-terminated UTF-8, valid during the
/// ``XMLSAXHandler/startElement(_:hasPrefix:at:)`` call only. Its reads never pass the
/// terminating NUL: a comparison stops at the first byte that differs.
struct XMLElementName {
    private let bytes: UnsafePointer<UInt8>

    /// The name at `bytes`, NUL-terminated.
    @inline(__always)
    init(_ bytes: UnsafePointer<UInt8>) {
        self.bytes = bytes
    }

    /// The first byte of the name (0 for an empty name).
    @inline(__always)
    var first: UInt8 { bytes[0] }

    /// True when the name is `literal`, which holds no NUL.
    @inline(__always)
    func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for index in 0..<count where bytes[index] != expected[index] { return false }
        return bytes[count] == 0
    }

    /// The name as a string.
    var string: String { String(cString: bytes) }
}
