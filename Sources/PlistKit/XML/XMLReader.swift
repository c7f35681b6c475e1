#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads XML property lists (Apple's PropertyList-1.0 DTD) into ``Plist`` values.
///
/// libxml2 does the XML (see `LibXML2Parser`); ``XMLPlistScanner`` checks its SAX events
/// against the DTD and parses the scalars, and ``XMLTreeBuilder`` assembles the values in one
/// pass. ``PlistDecoder`` uses the same scanner with an ``XMLNodeTable`` instead.
enum XMLReader {
    static func read(_ buffer: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        let builder = XMLTreeBuilder()
        try scan(buffer, into: builder, options: options)
        guard let value = builder.value else {
            throw PlistError(.structure, "the document holds no property list value")
        }
        return value
    }

    /// Scans `buffer` into `sink`; throws the first error, libxml2's or the scanner's.
    static func scan<Sink: XMLPlistSink>(_ buffer: UnsafeRawBufferPointer, into sink: Sink, options: PlistReadingOptions) throws(PlistError) {
        let scanner = XMLPlistScanner(sink: sink, maximumDepth: options.maximumDepth)
        if XMLRawCharacters.needsEscaping(buffer) {
            scanner.unescapesText = true
            XMLRawCharacters.escaped(buffer).withUnsafeBytes { LibXML2Parser.parse($0, into: scanner) }
        } else {
            LibXML2Parser.parse(buffer, into: scanner)
        }
        try scanner.finish()
    }

    /// True when `bytes` are all XML white space.
    static func isWhitespace(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }
}
