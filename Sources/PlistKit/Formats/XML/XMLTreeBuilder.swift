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
/// Documents repeat key sets (an array of records has the same keys in every record, and a
/// settings tree the same keys at every level), so the keys of the last dictionary built key
/// by key at each nesting depth are kept with their text: a dictionary whose keys turn out to
/// be exactly those of its depth takes that key array as it is, without decoding, hashing or
/// storing its keys again. Only a dictionary at the same depth replaces a depth's keys, and
/// siblings end one after the other, so a dictionary's key set cannot change while it reads
/// its keys.
final class XMLTreeBuilder: XMLScannerOutput {
    private struct Start {
        /// Index in `values` where the container's children start.
        var value: Int
        /// Index in `keys` where a dictionary's keys start.
        var key: Int
        /// Whether every key so far is the key at the same position of its depth's key set.
        var keysMatchReusable = true
    }

    /// The distinct keys of the last dictionary built key by key at one depth.
    private struct KeySet {
        /// The keys, in order …
        var keys: [PlistKey] = []
        /// … their UTF-8 text back to back …
        var text: [UInt8] = []
        /// … and where each key's text ends in it.
        var ends: [Int] = []
    }

    // Only the scanner's callbacks touch these, one at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var starts: [Start] = []
    @exclusivity(unchecked) private var values: [Plist] = []
    @exclusivity(unchecked) private var keys: [PlistKey] = []
    /// The key set of each depth (the number of containers around the dictionary).
    @exclusivity(unchecked) private var keySets: [KeySet] = []

    init() {
        starts.reserveCapacity(16)
        values.reserveCapacity(64)
    }

    /// The document's value, once the scanner has finished without error.
    var value: Plist? {
        values.count == 1 ? values[0] : nil
    }

    var recordsPositions: Bool { false }

    func makeScanner(maximumDepth: Int) -> XMLPlistScanner<XMLTreeBuilder> {
        XMLTreeScanner(sink: self, maximumDepth: maximumDepth)
    }

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
        values.append(makeDictionary(start, depth: starts.count))
    }

    /// libxml2 hands on only text it has checked: it decodes every character of the input
    /// (or converts a declared encoding to UTF-8) and stops, reporting "not proper UTF-8" or
    /// "out of allowed range", before a malformed sequence, an overlong form, a surrogate or a
    /// code point above U+10FFFF. Keys and strings (below) are made without checking them again.
    func key(_ text: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
        if let last = starts.indices.last, starts[last].keysMatchReusable {
            let index = keys.count - starts[last].key
            if reusableKeyMatches(depth: last, index, text) {
                keys.append(keySets[last].keys[index])
                return
            }
            starts[last].keysMatchReusable = false
        }
        keys.append(PlistKey(UTF8Strings.make(validUTF8: text, isASCII: false)))
    }

    func string(_ text: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
        values.append(.string(UTF8Strings.make(validUTF8: text, isASCII: false)))
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

    /// True when `text` is the text of key `index` of the key set of `depth`.
    private func reusableKeyMatches(depth: Int, _ index: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard depth < keySets.count else { return false }
        return keySets.withUnsafeBufferPointer { sets in
            let set = sets[depth]
            guard index < set.ends.count else { return false }
            let start = index == 0 ? 0 : set.ends[index - 1]
            let end = set.ends[index]
            guard end - start == text.count else { return false }
            guard let bytes = text.baseAddress else { return true }
            return set.text.withUnsafeBufferPointer { stored in
                memcmp(stored.baseAddress! + start, bytes, text.count) == 0
            }
        }
    }

    private func makeDictionary(_ start: Start, depth: Int) -> Plist {
        let count = keys.count - start.key
        defer {
            keys.removeSubrange(start.key...)
            values.removeSubrange(start.value...)
        }
        if count == 1, keys[start.key].string == XMLUID.key, case .integer(let integer) = values[start.value], let uid = integer.uint64Value {
            return .uid(uid)
        }
        if count > 0, start.keysMatchReusable, depth < keySets.count, count == keySets[depth].keys.count {
            return .dictionary(OrderedDictionary(uncheckedUniqueKeys: keySets[depth].keys, values: values[start.value...]))
        }
        // A repeated key keeps its first position and takes the last value, as Foundation does.
        let entries = PlistDictionary(keys: ContiguousArray(keys[start.key...]), values: ContiguousArray(values[start.value...]))
        if count > 0, entries.count == count {
            remember(entries.keys.elements, depth: depth)
        }
        return .dictionary(entries)
    }

    /// Makes `keys` (distinct) the key set later dictionaries at `depth` may share.
    private func remember(_ keys: [PlistKey], depth: Int) {
        while keySets.count <= depth { keySets.append(KeySet()) }
        keySets[depth].keys = keys
        keySets[depth].text.removeAll(keepingCapacity: true)
        keySets[depth].ends.removeAll(keepingCapacity: true)
        for key in keys {
            var text = key.string
            text.withUTF8 { keySets[depth].text.append(contentsOf: $0) }
            keySets[depth].ends.append(keySets[depth].text.count)
        }
    }
}
