/// ``XMLPlistScanner`` for the whole-value sinks, as classes of their own. libxml2's callbacks
/// reach a scanner through its class's vtable; a generic class's entries are the generic
/// methods, which look up the sink's type at every event to find their specialised bodies,
/// where the entries of a subclass that fixes the sink are compiled for it.
///
/// A thread keeps its tree scanner, and with it the builder, between documents (``take(maximumDepth:)``),
/// so a document of a few hundred bytes allocates no scanner, element stack, text buffer or
/// builder stacks, and finds the key sets of the documents before it.
final class XMLTreeScanner: XMLPlistScanner<XMLTreeBuilder> {
    /// Each thread's scanner between documents.
    private static let slot = ThreadLocalSlot<XMLTreeScanner>()

    /// The thread's scanner, out of its slot, or a new one.
    static func take(maximumDepth: Int) -> XMLTreeScanner {
        guard let scanner = slot.take() else {
            return XMLTreeScanner(sink: XMLTreeBuilder(), maximumDepth: maximumDepth)
        }
        scanner.maximumDepth = maximumDepth
        return scanner
    }

    /// Keeps `scanner`, whose document's value has been taken, for the thread's next
    /// document, unless its builder holds more than a kept builder may.
    static func put(_ scanner: XMLTreeScanner) {
        guard scanner.sink.prepareForNextDocument() else { return }
        scanner.prepareForNextDocument()
        slot.put(scanner)
    }

    override func startElement(_ name: XMLElementName, hasPrefix: Bool, at position: XMLPosition) {
        super.startElement(name, hasPrefix: hasPrefix, at: position)
    }

    override func characters(_ bytes: ByteView) {
        super.characters(bytes)
    }

    override func endElement() {
        super.endElement()
    }
}

/// ``XMLPlistScanner`` for the decoder's node table (see ``XMLTreeScanner``).
final class XMLNodeTableScanner: XMLPlistScanner<XMLNodeTableBuilder> {
    override func startElement(_ name: XMLElementName, hasPrefix: Bool, at position: XMLPosition) {
        super.startElement(name, hasPrefix: hasPrefix, at: position)
    }

    override func characters(_ bytes: ByteView) {
        super.characters(bytes)
    }

    override func endElement() {
        super.endElement()
    }
}
