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
    static func read(_ buffer: ByteView, options: PlistReadingOptions) throws(PlistError) -> Plist {
        let scanner = try scan(buffer, options: options) { XMLTreeScanner.take(maximumDepth: options.maximumDepth) }
        guard let value = scanner.sink.finish() else {
            throw PlistError(.structure, "the document holds no property list value")
        }
        XMLTreeScanner.put(scanner)
        return value
    }

    /// Scans `buffer` into a sink that `makeSink` makes, and returns it; throws the first
    /// error, libxml2's or the scanner's.
    static func scan<Sink: XMLScannerOutput>(_ buffer: ByteView, options: PlistReadingOptions, makeSink: () -> Sink) throws(PlistError) -> Sink {
        try scan(buffer, options: options) { makeSink().makeScanner(maximumDepth: options.maximumDepth) }.sink
    }

    /// Scans `buffer` with a scanner that `makeScanner` makes (a fresh one, or one reset
    /// with a sink that holds nothing of another document), and returns it; throws the
    /// first error, libxml2's or the scanner's.
    ///
    /// Characters CF writes raw but XML forbids (see ``XMLRawCharacters``) are rare, and
    /// libxml2 refuses all of them but CR, so a document without a CR goes to libxml2 as it
    /// is; only when that fails is it checked for them, and read again, escaped, into a
    /// fresh sink if it holds any. A document with a CR is checked first. A UTF-16 or UTF-32
    /// document is scanned as UTF-8 (see ``XMLTranscoder``).
    static func scan<Sink: XMLScannerOutput, Scanner: XMLPlistScanner<Sink>>(_ buffer: ByteView, options: PlistReadingOptions, makeScanner: () -> Scanner) throws(PlistError) -> Scanner {
        if let utf8 = try XMLTranscoder.transcoded(buffer) {
            return try ByteView.with(utf8) { (utf8) throws(PlistError) in try scan(utf8, options: options, makeScanner: makeScanner) }
        }
        let escaping = XMLRawCharacters.Escaping.of(buffer)
        let optimistic = !XMLRawCharacters.holdsCarriageReturn(buffer)
        if optimistic || !XMLRawCharacters.needsEscaping(buffer, escaping) {
            let scanner = makeScanner()
            do {
                try scan(buffer, with: scanner, unescaping: false, options: options)
                return scanner
            } catch {
                guard optimistic, XMLRawCharacters.needsEscaping(buffer, escaping) else { throw error }
            }
        }
        let scanner = makeScanner()
        try ByteView.with(XMLRawCharacters.escaped(buffer, escaping)) { (escaped) throws(PlistError) in
            try scan(escaped, with: scanner, unescaping: escaping == .utf8, options: options)
        }
        return scanner
    }

    /// One pass of libxml2 over `buffer` with `scanner`; `unescaping` when the document is
    /// ``XMLRawCharacters/escaped(_:_:)``'s.
    private static func scan<Sink: XMLScannerOutput>(_ buffer: ByteView, with scanner: XMLPlistScanner<Sink>, unescaping: Bool, options: PlistReadingOptions) throws(PlistError) {
        scanner.unescapesText = unescaping
        LibXML2Parser.parse(buffer, into: scanner)
        do {
            try scanner.finish()
        } catch {
            throw XMLTruncation.explained(error, in: buffer, maximumDepth: options.maximumDepth)
        }
    }

    /// True when `bytes` are all XML white space. The text between a container's elements,
    /// a line break and a few tabs, comes here for every element: a plain loop, with the four
    /// bytes as bits of one mask.
    @inline(__always)
    static func isWhitespace(_ bytes: ByteView) -> Bool {
        let spaces: UInt64 = 1 << 0x20 | 1 << 0x0A | 1 << 0x09 | 1 << 0x0D
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte <= 0x20, spaces & (1 << UInt64(byte)) != 0 else { return false }
            index &+= 1
        }
        return true
    }
}
