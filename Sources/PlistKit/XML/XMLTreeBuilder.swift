#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Assembles a ``Plist`` from ``XMLPlistScanner``'s events: one flat stack of finished
/// values (and one of dictionary keys) below a stack of open containers. Closing a
/// container moves its slice of the value stack into an array or dictionary, so every value
/// is built exactly once.
final class XMLTreeBuilder: XMLPlistSink {
    private struct Start {
        /// Index in `values` where the container's children start.
        var value: Int
        /// Index in `keys` where a dictionary's keys start.
        var key: Int
    }

    // Only the scanner's callbacks touch these, one at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var starts: [Start] = []
    @exclusivity(unchecked) private var values: [Plist] = []
    @exclusivity(unchecked) private var keys: [String] = []

    init() {
        starts.reserveCapacity(16)
        values.reserveCapacity(64)
    }

    /// The document's value, once the scanner has finished without error.
    var value: Plist? {
        values.count == 1 ? values[0] : nil
    }

    var recordsPositions: Bool { false }

    func beginArray(at position: XMLPosition) {
        starts.append(Start(value: values.count, key: keys.count))
    }

    func beginDictionary(at position: XMLPosition) {
        starts.append(Start(value: values.count, key: keys.count))
    }

    func endArray() {
        let start = starts.removeLast()
        let elements = Array(values[start.value...])
        values.removeSubrange(start.value...)
        values.append(.array(elements))
    }

    func endDictionary() {
        let start = starts.removeLast()
        values.append(makeDictionary(keyStart: start.key, valueStart: start.value))
    }

    func key(_ text: [UInt8], at position: XMLPosition) {
        keys.append(String(decoding: text, as: UTF8.self))
    }

    func string(_ text: [UInt8], at position: XMLPosition) {
        values.append(.string(String(decoding: text, as: UTF8.self)))
    }

    func integer(_ value: PlistInteger, at position: XMLPosition) {
        values.append(.integer(value))
    }

    func real(_ value: Double, at position: XMLPosition) {
        values.append(.real(value))
    }

    func bool(_ value: Bool, at position: XMLPosition) {
        values.append(.bool(value))
    }

    func date(_ value: Date, at position: XMLPosition) {
        values.append(.date(value))
    }

    func data(_ bytes: [UInt8], at position: XMLPosition) {
        values.append(.data(Data(bytes)))
    }

    private func makeDictionary(keyStart: Int, valueStart: Int) -> Plist {
        let count = keys.count - keyStart
        if count == 1, keys[keyStart] == XMLUID.key, case .integer(let integer) = values[valueStart], let uid = integer.uint64Value {
            keys.removeLast()
            values.removeLast()
            return .uid(uid)
        }
        var entries = OrderedDictionary<String, Plist>(minimumCapacity: count)
        for index in 0..<count {
            // A repeated key keeps its first position and takes the last value, as Foundation does.
            entries[keys[keyStart + index]] = values[valueStart + index]
        }
        keys.removeSubrange(keyStart...)
        values.removeSubrange(valueStart...)
        return .dictionary(entries)
    }
}
