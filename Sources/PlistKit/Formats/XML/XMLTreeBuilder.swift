#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Assembles a ``Plist`` from ``XMLPlistScanner``'s events: one flat stack of finished
/// values (and one of dictionary keys) below a stack of open containers. Closing a
/// container moves its slice of the value stack into an array or dictionary, so every value
/// is built exactly once, and moved, not copied: no value is retained and released on the way.
///
/// Documents repeat key sets (an array of records has the same keys in every record, a
/// settings tree the same keys at every level, and documents of one kind the same keys
/// mostly in the same order), so the keys of the last dictionary built key by key at each
/// nesting depth are kept, with the builder, from one document to the next on the same
/// thread (see ``XMLTreeScanner/take(maximumDepth:)``). A key found among them, at its position or a few places on, is
/// shared rather than decoded and stored again; a dictionary whose keys are exactly the key
/// set is a copy of a template holding those keys, sharing their storage and hash table.
/// Keeping them costs no copy, so a document whose key sets never repeat pays nothing for it.
/// Only a dictionary at the same depth replaces a depth's keys, and siblings end one after
/// the other, so a dictionary's key set cannot change while it reads its keys.
final class XMLTreeBuilder: XMLScannerOutput {
    private struct Start {
        /// Index in `values` where the container's children start.
        var value: Int
        /// Index in `keys` where a dictionary's keys start.
        var key: Int
        /// Whether every key so far was found in the depth's key set …
        var keysFound = true
        /// … each at its own position.
        var keysInPlace = true
        /// Where in the key set the next key is looked for.
        var cursor = 0
    }

    /// The keys of the last dictionary built key by key at one depth.
    private struct KeySet {
        var keys: OrderedSet<PlistKey>
        /// That dictionary, until the document ends or a template replaces it.
        var last: PlistDictionary?
        /// The same keys with placeholder values, which a copy fills with its own: made at
        /// the first dictionary that has exactly these keys.
        var template: PlistDictionary?
    }

    /// What fills a slot whose value was moved out, and a template's values: a case with no
    /// payload to retain or release.
    private static var placeholder: Plist { .bool(false) }
    /// How far past its position a key is looked for in its depth's key set (keys that one
    /// document has and the next leaves out).
    private static var keySearchWindow: Int { 4 }
    /// What a builder kept for the thread's next document may hold: key sets of at most
    /// this many keys, at most this many depths, and stacks of at most this capacity.
    private static var keptKeySetLimit: Int { 64 }
    private static var keptDepthLimit: Int { 16 }
    private static var keptStackLimit: Int { 1024 }

    /// The open containers, innermost last.
    private let starts = GrowableTable<Start>(capacity: 16)
    /// The finished values and keys not yet in a container.
    private let values = MoveStack<Plist>(capacity: 64)
    private let keys = MoveStack<PlistKey>(capacity: 64)
    /// The key set of each depth (the number of containers around the dictionary). Only the
    /// scanner's callbacks touch it, one at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var keySets: [KeySet] = []

    init() {
        keySets.reserveCapacity(8)
    }

    /// The document's value, once the scanner has finished without error.
    func finish() -> Plist? {
        guard values.count == 1 else { return nil }
        return values.removeLast()
    }

    /// Makes the builder, its value taken, ready for the thread's next document: keeps its
    /// key sets (not their dictionaries) and stacks within their limits, or returns false
    /// when it holds more than a kept builder may.
    func prepareForNextDocument() -> Bool {
        guard values.count == 0, starts.count == 0, keys.count == 0, values.capacity <= Self.keptStackLimit, keys.capacity <= Self.keptStackLimit,
              starts.capacity <= Self.keptStackLimit else { return false }
        if keySets.count > Self.keptDepthLimit { keySets.removeSubrange(Self.keptDepthLimit...) }
        for depth in keySets.indices {
            keySets[depth].last = nil
            if keySets[depth].keys.count > Self.keptKeySetLimit {
                keySets[depth] = KeySet(keys: [])
            }
        }
        return true
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
        let elements: [Plist] = values.takeTail(from: start.value)
        values.append(.array(elements))
    }

    func endDictionary() {
        let start = starts.removeLast()
        let dictionary = makeDictionary(start, depth: starts.count)
        keys.removeTail(from: start.key)
        values.removeTail(from: start.value)
        values.append(dictionary)
    }

    /// libxml2 hands on only text it has checked: it decodes every character of the input
    /// (or converts a declared encoding to UTF-8) and stops, reporting "not proper UTF-8" or
    /// "out of allowed range", before a malformed sequence, an overlong form, a surrogate or a
    /// code point above U+10FFFF. Keys and strings (below) are made without checking them again.
    func key(_ text: ByteView, at position: XMLPosition) {
        if starts.last?.keysFound == true {
            let last = starts.count &- 1
            let index = keys.count - starts[last].key
            if let (key, found) = reusableKey(depth: last, from: starts[last].cursor, text) {
                if found != index { starts[last].keysInPlace = false }
                starts[last].cursor = found + 1
                keys.append(key)
                return
            }
            starts[last].keysFound = false
            starts[last].keysInPlace = false
        }
        keys.append(PlistKey(UTF8Strings.make(validUTF8: text, isASCII: false)))
    }

    func string(_ text: ByteView, at position: XMLPosition) {
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

    func data(_ bytes: ByteView, at position: XMLPosition) {
        values.append(.data(bytes.data(at: 0, count: bytes.count)))
    }

    /// The first key of `depth`'s key set from `start` on (looking no further than
    /// ``keySearchWindow`` places) whose text is `text`, and where it is.
    private func reusableKey(depth: Int, from start: Int, _ text: ByteView) -> (PlistKey, Int)? {
        guard depth < keySets.count else { return nil }
        let keys = keySets[depth].keys
        let end = min(keys.count, start + Self.keySearchWindow)
        var index = start
        while index < end {
            let key = keys[index]
            let same = ByteView.with(contiguousUTF8: key.string) { $0.bytesEqual(text) }
            if same == true { return (key, index) }
            index += 1
        }
        return nil
    }

    /// The dictionary `start` opened; its keys and values are moved off the stacks, or left
    /// there (the values as placeholders) for the caller to remove.
    private func makeDictionary(_ start: Start, depth: Int) -> Plist {
        let count = keys.count - start.key
        if count == 1, keys[start.key].string == XMLUID.key, case .integer(let integer) = values[start.value], let uid = integer.uint64Value {
            return .uid(uid)
        }
        if count > 0, start.keysInPlace, depth < keySets.count, count == keySets[depth].keys.count {
            return .dictionary(reusingKeys(of: depth, valuesFrom: start.value))
        }
        // A repeated key keeps its first position and takes the last value, as Foundation does.
        let entries = PlistDictionary(keys: takeKeys(from: start.key), values: takeValues(from: start.value))
        // Keys all found in the key set leave it as it is: it holds them and more.
        if count > 0, entries.count == count, !start.keysFound || depth >= keySets.count {
            remember(entries, depth: depth)
        }
        return .dictionary(entries)
    }

    /// The values from `start` on, moved into an array of their own.
    private func takeValues(from start: Int) -> ContiguousArray<Plist> {
        values.takeTail(from: start)
    }

    /// The keys from `start` on, moved into an array of their own.
    private func takeKeys(from start: Int) -> ContiguousArray<PlistKey> {
        keys.takeTail(from: start)
    }

    /// A dictionary with the keys of `depth`'s key set and the values from `start` on, moved.
    private func reusingKeys(of depth: Int, valuesFrom start: Int) -> PlistDictionary {
        if keySets[depth].template == nil {
            if var template = keySets[depth].last {
                for slot in template.values.indices { template.values[slot] = Self.placeholder }
                keySets[depth].template = template
                keySets[depth].last = nil
            } else {
                let keys = keySets[depth].keys
                keySets[depth].template = PlistDictionary(uncheckedUniqueKeys: keys, values: repeatElement(Self.placeholder, count: keys.count))
            }
        }
        var dictionary = keySets[depth].template!
        // The copy's values are placeholders, swapped out for the values without a retain or
        // release, and left in the values' slots for the caller to remove.
        values.withTail(from: start) { tail in
            for slot in tail.indices {
                swap(&dictionary.values[slot], &tail[slot])
            }
        }
        return dictionary
    }

    /// Makes the keys of `dictionary` (all its own) the key set later dictionaries at
    /// `depth` may share.
    private func remember(_ dictionary: PlistDictionary, depth: Int) {
        let set = KeySet(keys: dictionary.keys, last: dictionary)
        if depth < keySets.count {
            keySets[depth] = set
        } else {
            while keySets.count < depth { keySets.append(KeySet(keys: [])) }
            keySets.append(set)
        }
    }
}
