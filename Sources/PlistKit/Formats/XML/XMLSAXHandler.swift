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
    /// Whether `startElement` needs the element's position.
    final let recordsPositions: Bool

    init(recordsPositions: Bool) {
        self.recordsPositions = recordsPositions
    }

    /// Forgets the last document's error and parser state, for a handler that reads another.
    final func resetForNextDocument() {
        error = nil
        failed = false
        context = nil
        endedAtNUL = false
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

    /// `name` is libxml2's NUL-terminated UTF-8 local name; `position` is where the start
    /// tag ends, the column of its `>` (``XMLPosition/unknown`` unless ``recordsPositions``).
    func startElement(_ name: UnsafeRawPointer, hasPrefix: Bool, at position: XMLPosition) {}

    /// Text, whitespace or CDATA, in as many pieces as libxml2 delivers.
    func characters(_ bytes: UnsafeRawBufferPointer) {}

    func endElement() {}
}
