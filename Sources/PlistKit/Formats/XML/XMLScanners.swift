/// ``XMLPlistScanner`` for the whole-value sinks, as classes of their own. libxml2's callbacks
/// reach a scanner through its class's vtable; a generic class's entries are the generic
/// methods, which look up the sink's type at every event to find their specialised bodies,
/// where the entries of a subclass that fixes the sink are compiled for it.
final class XMLTreeScanner: XMLPlistScanner<XMLTreeBuilder> {
    override func startElement(_ name: UnsafeRawPointer, hasPrefix: Bool, at position: XMLPosition) {
        super.startElement(name, hasPrefix: hasPrefix, at: position)
    }

    override func characters(_ bytes: UnsafeRawBufferPointer) {
        super.characters(bytes)
    }

    override func endElement() {
        super.endElement()
    }
}

/// ``XMLPlistScanner`` for the decoder's node table (see ``XMLTreeScanner``).
final class XMLNodeTableScanner: XMLPlistScanner<XMLNodeTableBuilder> {
    override func startElement(_ name: UnsafeRawPointer, hasPrefix: Bool, at position: XMLPosition) {
        super.startElement(name, hasPrefix: hasPrefix, at: position)
    }

    override func characters(_ bytes: UnsafeRawBufferPointer) {
        super.characters(bytes)
    }

    override func endElement() {
        super.endElement()
    }
}
