#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's XML format, read through libxml2: the unit ``PlistFormat/xml`` stands for.
///
/// Whole values through ``XMLReader`` and ``XMLWriter``; events through libxml2's push parser
/// (``XMLEventSource``) and ``XMLEventEmitter``; the decoder reads a flat node table the
/// scanner fills (``XMLDecodingSource``), building no ``Plist``.
struct XMLFormat: NativeTextFormat {
    var name: String { "xml" }

    /// The openings XML property lists start with.
    private static let openings: [StaticString] = ["<?xml", "<!DOCTYPE", "<plist", "<!--"]

    /// `<?xml`, `<!DOCTYPE`, `<plist` or `<!--` after an optional byte-order mark and white
    /// space (UTF-8, UTF-16 or UTF-32), or a whole input that is the start of one of them (a
    /// file cut short).
    func detect(_ head: FormatHead) -> PlistFormatMatch? {
        if Self.openings.contains(where: { head.leadingStarts(with: $0) }) { return .certain }
        if head.isComplete, head.count <= FormatHead.leadingLength,
           Self.openings.contains(where: { head.leadingIsPrefix(of: $0) }) {
            return .certain
        }
        return nil
    }

    func read(_ bytes: ByteView, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try XMLReader.read(bytes, options: options)
    }

    func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        try XMLWriter.write(value, options: options)
    }

    func eventSource(_ input: EventInput, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        try XMLEventSource(input, options: options)
    }

    func eventEmitter(output: EventOutput) -> any PlistEventEmitter {
        XMLEventEmitter()
    }

    /// The scanner fills a flat node table (no ``Plist`` tree), which the decoder reads;
    /// errors name the line:column of the element.
    func decode<T: Decodable>(_ type: T.Type, from bytes: ByteView, storage: Data, options: PlistReadingOptions, userInfo: [CodingUserInfoKey: any Sendable]) throws -> T {
        let builder: XMLNodeTableBuilder
        do {
            builder = try scan(bytes, options: options)
        } catch {
            throw PlistDecoder.corrupted(error)
        }
        return try PlistDecoderImpl.decodeTop(type, source: XMLDecodingSource(builder.table), userInfo: userInfo, maximumDepth: options.maximumDepth)
    }

    /// The node table, as for `decode`.
    func withDecodingSource<R>(_ bytes: ByteView, storage: Data, options: PlistReadingOptions, _ body: (any PlistDecodingSource) throws(DecodingError) -> R) throws(DecodingError) -> R {
        let builder: XMLNodeTableBuilder
        do {
            builder = try scan(bytes, options: options)
        } catch {
            throw PlistDecoder.corrupted(error)
        }
        return try body(XMLDecodingSource(builder.table))
    }

    /// The node table of the document in `bytes`, for the decoders.
    private func scan(_ bytes: ByteView, options: PlistReadingOptions) throws(PlistError) -> XMLNodeTableBuilder {
        try XMLReader.scan(bytes, options: options) { XMLNodeTableBuilder(expectedInputSize: bytes.count) }
    }
}
