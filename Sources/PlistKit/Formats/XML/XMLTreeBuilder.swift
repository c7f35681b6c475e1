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
/// is built exactly once, and moved, not copied: no value is retained and released on the way.
///
/// Documents repeat key sets (an array of records has the same keys in every record, a
/// settings tree the same keys at every level, and documents of one kind the same keys
/// mostly in the same order), so the keys of the last dictionary built key by key at each
/// nesting depth are kept, with the builder, from one document to the next on the same
/// thread (see ``take()``). A key found among them, at its position or a few places on, is
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
    /// The same for a moved key: an empty string is stored inline.
    private static var placeholderKey: PlistKey { PlistKey("") }
    /// How far past its position a key is looked for in its depth's key set (keys that one
    /// document has and the next leaves out).
    private static var keySearchWindow: Int { 4 }
    /// What a builder kept for the thread's next document may hold: key sets of at most
    /// this many keys, at most this many depths, and stacks of at most this capacity.
    private static var keptKeySetLimit: Int { 64 }
    private static var keptDepthLimit: Int { 16 }
    private static var keptStackLimit: Int { 1024 }

    /// Each thread's builder between documents.
    private static let slot = ThreadLocalSlot<XMLTreeBuilder>()

    // Only the scanner's callbacks touch these, one at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var starts: [Start] = []
    @exclusivity(unchecked) private var values: [Plist] = []
    @exclusivity(unchecked) private var keys: [PlistKey] = []
    /// The key set of each depth (the number of containers around the dictionary).
    @exclusivity(unchecked) private var keySets: [KeySet] = []

    private init() {
        starts.reserveCapacity(16)
        values.reserveCapacity(64)
        keys.reserveCapacity(64)
        keySets.reserveCapacity(8)
    }

    /// The thread's builder, with the key sets of the documents it read before, or a new one.
    static func take() -> XMLTreeBuilder {
        slot.take() ?? XMLTreeBuilder()
    }

    /// The document's value, once the scanner has finished without error; the builder is
    /// then kept for the thread's next document, holding no value of this one.
    func finish() -> Plist? {
        guard values.count == 1 else { return nil }
        let value = values.removeLast()
        guard starts.isEmpty, keys.isEmpty, values.capacity <= Self.keptStackLimit, keys.capacity <= Self.keptStackLimit else { return value }
        if keySets.count > Self.keptDepthLimit { keySets.removeSubrange(Self.keptDepthLimit...) }
        for depth in keySets.indices {
            keySets[depth].last = nil
            if keySets[depth].keys.count > Self.keptKeySetLimit {
                keySets[depth] = KeySet(keys: [])
            }
        }
        Self.slot.put(self)
        return value
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
        let count = values.count - start.value
        let elements = [Plist](unsafeUninitializedCapacity: count) { buffer, initialized in
            values.moveTail(from: start.value, to: buffer.baseAddress, placeholder: Self.placeholder)
            initialized = count
        }
        values.removeSubrange(start.value...)
        values.append(.array(elements))
    }

    func endDictionary() {
        let start = starts.removeLast()
        let dictionary = makeDictionary(start, depth: starts.count)
        keys.removeSubrange(start.key...)
        values.removeSubrange(start.value...)
        values.append(dictionary)
    }

    /// libxml2 hands on only text it has checked: it decodes every character of the input
    /// (or converts a declared encoding to UTF-8) and stops, reporting "not proper UTF-8" or
    /// "out of allowed range", before a malformed sequence, an overlong form, a surrogate or a
    /// code point above U+10FFFF. Keys and strings (below) are made without checking them again.
    func key(_ text: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
        if let last = starts.indices.last, starts[last].keysFound {
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

    func data(_ bytes: UnsafeBufferPointer<UInt8>, at position: XMLPosition) {
        values.append(.data(Data(bytes)))
    }

    /// The first key of `depth`'s key set from `start` on (looking no further than
    /// ``keySearchWindow`` places) whose text is `text`, and where it is.
    private func reusableKey(depth: Int, from start: Int, _ text: UnsafeBufferPointer<UInt8>) -> (PlistKey, Int)? {
        guard depth < keySets.count else { return nil }
        let keys = keySets[depth].keys
        let end = min(keys.count, start + Self.keySearchWindow)
        var index = start
        while index < end {
            let key = keys[index]
            let same = key.string.utf8.withContiguousStorageIfAvailable { stored in
                stored.count == text.count && (text.isEmpty || memcmp(stored.baseAddress!, text.baseAddress!, text.count) == 0)
            }
            if same == true { return (key, index) }
            index += 1
        }
        return nil
    }

    /// The dictionary `start` opened; its keys and values are left on the stacks, the values
    /// moved out of their slots.
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
        let count = values.count - start
        return ContiguousArray(unsafeUninitializedCapacity: count) { buffer, initialized in
            values.moveTail(from: start, to: buffer.baseAddress, placeholder: Self.placeholder)
            initialized = count
        }
    }

    /// The keys from `start` on, moved into an array of their own.
    private func takeKeys(from start: Int) -> ContiguousArray<PlistKey> {
        let count = keys.count - start
        return ContiguousArray(unsafeUninitializedCapacity: count) { buffer, initialized in
            keys.moveTail(from: start, to: buffer.baseAddress, placeholder: Self.placeholderKey)
            initialized = count
        }
    }

    /// A dictionary with the keys of `depth`'s key set and the values from `start` on, moved.
    private func reusingKeys(of depth: Int, valuesFrom start: Int) -> PlistDictionary {
        if keySets[depth].template == nil {
            if var template = keySets[depth].last {
                template.values.withUnsafeMutableBufferPointer { $0.update(repeating: Self.placeholder) }
                keySets[depth].template = template
                keySets[depth].last = nil
            } else {
                let keys = keySets[depth].keys
                keySets[depth].template = PlistDictionary(uncheckedUniqueKeys: keys, values: repeatElement(Self.placeholder, count: keys.count))
            }
        }
        var dictionary = keySets[depth].template!
        // The copy's values are placeholders: they are overwritten without being released.
        dictionary.values.withUnsafeMutableBufferPointer { slots in
            values.moveTail(from: start, to: slots.baseAddress, placeholder: Self.placeholder)
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

private extension Array {
    /// Moves the elements from `start` on to `destination` (uninitialized memory, or slots
    /// holding values that need no release) and leaves `placeholder` (which needs none
    /// either) in their slots, for the caller to remove.
    @inline(__always)
    mutating func moveTail(from start: Int, to destination: UnsafeMutablePointer<Element>?, placeholder: Element) {
        let count = self.count - start
        guard count > 0, let destination else { return }
        withUnsafeMutableBufferPointer { buffer in
            let source = buffer.baseAddress! + start
            destination.moveInitialize(from: source, count: count)
            source.initialize(repeating: placeholder, count: count)
        }
    }
}
