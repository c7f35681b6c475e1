#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A position in XML text as libxml2 counts it: 1-based line and column. Zero when unknown.
struct XMLPosition: Hashable {
    var line: UInt32
    var column: UInt32

    static let unknown = XMLPosition(line: 0, column: 0)

    init(line: UInt32, column: UInt32) {
        self.line = line
        self.column = column
    }

    /// The position clamped into 32 bits (libxml2 reports `int`s).
    init(line: Int, column: Int) {
        self.line = UInt32(clamping: line)
        self.column = UInt32(clamping: column)
    }

    var location: PlistError.Location? {
        line == 0 ? nil : .lineColumn(line: Int(line), column: Int(column))
    }
}

/// What ``XMLPlistScanner`` produces: property-list events, checked against the DTD and with
/// every scalar already parsed, in document order. Each value event carries the position of
/// its start tag: the line and column of the tag's `>` (``XMLPosition/unknown`` unless
/// ``recordsPositions``).
///
/// Two sinks exist: ``XMLTreeBuilder`` assembles a ``Plist`` (for `Plist(decoding:)`), and
/// ``XMLNodeTableBuilder`` fills a flat ``XMLNodeTable`` that ``PlistDecoder`` reads
/// directly. Both see the same events from the same scanner, so libxml2 handling, structure
/// checks and scalar parsing exist once.
protocol XMLScannerOutput: AnyObject {
    /// Whether the scanner should ask libxml2 for the position of every element (a cost the
    /// tree builder does not need to pay).
    var recordsPositions: Bool { get }

    func beginArray(at position: XMLPosition)
    func beginDictionary(at position: XMLPosition)
    func endArray()
    /// Ends a dictionary; the scanner has checked that every key has a value.
    func endDictionary()
    /// A `<key>`'s text (UTF-8, as libxml2 delivers it; valid during the call only).
    func key(_ text: ByteView, at position: XMLPosition)
    /// A `<string>`'s text (UTF-8; valid during the call only).
    func string(_ text: ByteView, at position: XMLPosition)
    func integer(_ value: PlistInteger, at position: XMLPosition)
    func real(_ value: Double, at position: XMLPosition)
    func bool(_ value: Bool, at position: XMLPosition)
    func date(_ value: Date, at position: XMLPosition)
    /// A `<data>`'s bytes, base64 already decoded (valid during the call only).
    func data(_ bytes: ByteView, at position: XMLPosition)
    /// A scalar whose text is malformed (`<integer>12x</integer>`): returns true when the
    /// sink keeps it as a value that fails with `error` when it is read (so a decoder can
    /// name the coding path that reaches it), false when the document fails at once.
    func invalidScalar(_ error: PlistError, at position: XMLPosition) -> Bool
    /// A scanner that feeds this sink.
    func makeScanner(maximumDepth: Int) -> XMLPlistScanner<Self>
}

extension XMLScannerOutput {
    func makeScanner(maximumDepth: Int) -> XMLPlistScanner<Self> {
        XMLPlistScanner(sink: self, maximumDepth: maximumDepth)
    }
}

/// Keyed archives write object references as `<dict><key>CF$UID</key><integer>N</integer></dict>`;
/// both sinks turn such a dictionary into a UID.
enum XMLUID {
    static let key = "CF$UID"

    /// True when `bytes` spell `CF$UID`.
    static func isKey(_ bytes: ByteView) -> Bool {
        bytes.elementsEqual(key.utf8)
    }
}
