#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fills an ``XMLNodeTable`` from ``XMLPlistScanner``'s events. All state is one struct, so
/// each event is one access to this object.
final class XMLNodeTableBuilder: XMLScannerOutput {
    /// Only the scanner's callbacks touch it, one at a time, so it skips dynamic
    /// exclusivity checks.
    @exclusivity(unchecked) private(set) var table: XMLNodeTable

    /// A builder for `inputSize` bytes of XML (see ``XMLNodeTable/init(expectedInputSize:)``).
    init(expectedInputSize inputSize: Int) {
        table = XMLNodeTable(expectedInputSize: inputSize)
    }

    var recordsPositions: Bool { true }

    func makeScanner(maximumDepth: Int) -> XMLPlistScanner<XMLNodeTableBuilder> {
        XMLNodeTableScanner(sink: self, maximumDepth: maximumDepth)
    }

    func beginArray(at position: XMLPosition) {
        table.begin(.array, position)
    }

    func beginDictionary(at position: XMLPosition) {
        table.begin(.dictionary, position)
    }

    func endArray() {
        table.close()
    }

    func endDictionary() {
        table.closeDictionary()
    }

    func key(_ text: ByteView, at position: XMLPosition) {
        table.appendKey(text, position)
    }

    func string(_ text: ByteView, at position: XMLPosition) {
        table.append(.string, text: text, position)
    }

    func integer(_ value: PlistInteger, at position: XMLPosition) {
        if let signed = value.int64Value {
            table.append(.integer, UInt64(bitPattern: signed), position, isValue: true)
        } else {
            table.append(.largeInteger, value.uint64Value!, position, isValue: true)
        }
    }

    func real(_ value: Double, at position: XMLPosition) {
        table.append(.real, value.bitPattern, position, isValue: true)
    }

    func bool(_ value: Bool, at position: XMLPosition) {
        table.append(value ? .true : .false, 0, position, isValue: true)
    }

    func date(_ value: Date, at position: XMLPosition) {
        table.append(.date, value.timeIntervalSinceReferenceDate.bitPattern, position, isValue: true)
    }

    func data(_ bytes: ByteView, at position: XMLPosition) {
        table.append(.data, text: bytes, position)
    }

    /// Kept as an ``XMLNodeTable/Kind/invalid`` node: the decoder reports the error with the
    /// coding path that reaches it, as Foundation's decoder does.
    func invalidScalar(_ error: PlistError, at position: XMLPosition) -> Bool {
        table.appendInvalid(error, position)
        return true
    }
}
