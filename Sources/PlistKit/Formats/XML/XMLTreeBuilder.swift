#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OrderedCollections

/// Assembles a ``Plist`` from ``XMLPlistScanner``'s events: one flat stack of finished
/// values (and one of dictionary keys) below a stack of open containers. Closing a
/// container moves its slice of the value stack into an array or dictionary, so every value
/// is built exactly once.
///
/// Documents repeat key sets (an array of records has the same keys in every record), so the
/// keys of the last dictionary built key by key are kept with their text: a dictionary whose
/// keys turn out to be exactly those takes that key array as it is, without decoding,
/// hashing or storing its keys again.
final class XMLTreeBuilder: XMLScannerOutput {
    private struct Start {
        /// Index in `values` where the container's children start.
        var value: Int
        /// Index in `keys` where a dictionary's keys start.
        var key: Int
        /// The `reusableGeneration` when the container began: its keys are compared with
        /// `reusableKeys` only while that key set is still the one it began with.
        var generation: Int
        /// Whether every key so far is the key at the same position of `reusableKeys`.
        var keysMatchReusable = true
    }

    // Only the scanner's callbacks touch these, one at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var starts: [Start] = []
    @exclusivity(unchecked) private var values: [Plist] = []
    @exclusivity(unchecked) private var keys: [PlistKey] = []
    /// The distinct keys of the last dictionary built key by key, in order …
    @exclusivity(unchecked) private var reusableKeys: [PlistKey] = []
    /// … their UTF-8 text back to back …
    @exclusivity(unchecked) private var reusableKeyText: [UInt8] = []
    /// … and where each key's text ends in it.
    @exclusivity(unchecked) private var reusableKeyEnds: [Int] = []
    /// Counts the changes of `reusableKeys`, which a nested dictionary may make while its
    /// parent is still reading keys.
    @exclusivity(unchecked) private var reusableGeneration = 0

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
        starts.append(Start(value: values.count, key: keys.count, generation: reusableGeneration))
    }

    func beginDictionary(at position: XMLPosition) {
        starts.append(Start(value: values.count, key: keys.count, generation: reusableGeneration))
    }

    func endArray() {
        let start = starts.removeLast()
        let elements = Array(values[start.value...])
        values.removeSubrange(start.value...)
        values.append(.array(elements))
    }

    func endDictionary() {
        let start = starts.removeLast()
        values.append(makeDictionary(start))
    }

    func key(_ text: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
        if let last = starts.indices.last, starts[last].keysMatchReusable {
            let index = keys.count - starts[last].key
            if starts[last].generation == reusableGeneration, reusableKeyMatches(index, text) {
                keys.append(reusableKeys[index])
                return
            }
            starts[last].keysMatchReusable = false
        }
        keys.append(PlistKey(String(decoding: text, as: UTF8.self)))
    }

    func string(_ text: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
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

    /// A `Plist` has no place for a malformed value: the document fails.
    func invalidScalar(_ error: PlistError, at position: XMLPosition) -> Bool { false }

    func data(_ bytes: [UInt8], at position: XMLPosition) {
        values.append(.data(Data(bytes)))
    }

    /// True when `text` is the text of `reusableKeys[index]`.
    private func reusableKeyMatches(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index < reusableKeyEnds.count else { return false }
        let start = index == 0 ? 0 : reusableKeyEnds[index - 1]
        let end = reusableKeyEnds[index]
        guard end - start == text.count else { return false }
        guard let bytes = text.baseAddress else { return true }
        return reusableKeyText.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + start, bytes, text.count) == 0
        }
    }

    private func makeDictionary(_ start: Start) -> Plist {
        let count = keys.count - start.key
        defer {
            keys.removeSubrange(start.key...)
            values.removeSubrange(start.value...)
        }
        if count == 1, keys[start.key].string == XMLUID.key, case .integer(let integer) = values[start.value], let uid = integer.uint64Value {
            return .uid(uid)
        }
        if count > 0, start.keysMatchReusable, start.generation == reusableGeneration, count == reusableKeys.count {
            return .dictionary(OrderedDictionary(uncheckedUniqueKeys: reusableKeys, values: values[start.value...]))
        }
        // A repeated key keeps its first position and takes the last value, as Foundation does.
        let entries = PlistDictionary(keys: ContiguousArray(keys[start.key...]), values: ContiguousArray(values[start.value...]))
        if count > 0, entries.count == count {
            remember(entries.keys.elements)
        }
        return .dictionary(entries)
    }

    /// Makes `keys` (distinct) the key set later dictionaries may share.
    private func remember(_ keys: [PlistKey]) {
        reusableKeys = keys
        reusableGeneration += 1
        reusableKeyText.removeAll(keepingCapacity: true)
        reusableKeyEnds.removeAll(keepingCapacity: true)
        for key in keys {
            var text = key.string
            text.withUTF8 { reusableKeyText.append(contentsOf: $0) }
            reusableKeyEnds.append(reusableKeyText.count)
        }
    }
}
