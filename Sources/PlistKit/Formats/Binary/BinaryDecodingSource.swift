#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes straight from the object table of a `bplist00` file: values are object indices,
/// and each read goes through ``BinaryObjectTable``, which validates the object it touches.
/// No ``Plist`` tree is built.
///
/// The table points into the caller's bytes, which are valid only during
/// `PlistDecoder.decode`; ``invalidate()`` is called when it returns, after which a decoder
/// or container that escaped throws instead of reading freed memory.
///
/// Its mutable state is touched only from the decoding thread and never across a call into
/// user code, so it skips dynamic exclusivity checks.
final class BinaryDecodingSource: PlistDecodingSource {
    let table: BinaryObjectTable
    /// False once the bytes are gone (``invalidate()``).
    private(set) var isValid = true
    /// True while the container at that index is being decoded (allocated on first use).
    @exclusivity(unchecked) private var inProgress: [Bool] = []
    /// Where the key references of the last dictionary made into a keyed container are,
    /// and whether its keys may repeat. Records of one type share their key objects, so a
    /// dictionary with the same key references needs no second check of its keys.
    @exclusivity(unchecked) fileprivate var lastKeys: (start: Int, length: Int, mayRepeat: Bool) = (0, 0, false)
    /// The keys found so far in dictionaries with the last dictionary's key references
    /// (made when a second such dictionary comes).
    @exclusivity(unchecked) fileprivate var lastKeysFound: KeysFound?
    /// The key object each requested key was last found in.
    @exclusivity(unchecked) fileprivate var keyObjects = KeyObjectCache()
    /// The last keyed source made, made again for the next dictionary once no container
    /// holds it (a record's container is gone before the next record's is made), which
    /// spares an allocation per dictionary. It holds this source: ``invalidate()`` lets go.
    @exclusivity(unchecked) private var spareKeyed: Keyed?

    init(_ table: BinaryObjectTable) {
        self.table = table
    }

    var top: Int { table.trailer.topObject }

    /// Makes every later read throw; called when the bytes go away.
    func invalidate() {
        isValid = false
        spareKeyed = nil
    }

    /// Throws once the bytes are gone.
    @inline(__always)
    func checkValid() throws(PlistError) {
        guard isValid else {
            throw PlistError(.structure, "a decoder or container was used after PlistDecoder.decode returned")
        }
    }

    /// Object `index`, located and sized.
    @inline(__always)
    func object(_ index: Int) throws(PlistError) -> BinaryObject {
        try checkValid()
        return try table.object(index: index)
    }

    /// Where object `index` starts. The scalar reads below take the commonest objects from
    /// their marker alone (what the table's `object(at:)` would find, without sizing every
    /// kind), and anything else from `object(at:)`, which reports what is wrong with it.
    @inline(__always)
    private func offset(_ index: Int) throws(PlistError) -> Int {
        try checkValid()
        return try table.offset(ofObject: index)
    }

    func number(_ value: Int) throws(PlistError) -> PlistNumber? {
        let offset = try offset(value)
        switch table.number(at: offset) {
        case .integer(let integer)?: return .integer(integer)
        case .real(let real)?: return .real(real)
        case .real32(let real)?: return .real(Double(real))
        default: break
        }
        let object = try table.object(at: offset)
        switch object.kind {
        case .integer: return .integer(try table.integer(object))
        case .real: return .real(table.real(object))
        default: return nil
        }
    }

    func string(_ value: Int) throws(PlistError) -> String? {
        let offset = try offset(value)
        if let string = try table.shortASCIIString(at: offset) { return string }
        let object = try table.object(at: offset)
        return object.isString ? try table.string(object) : nil
    }

    func bool(_ value: Int) throws(PlistError) -> Bool? {
        let offset = try offset(value)
        switch table.bytes[offset] {
        case BinaryMarker.true: return true
        case BinaryMarker.false: return false
        default: break
        }
        // Sized all the same, so that a malformed object is reported as such.
        _ = try table.object(at: offset)
        return nil
    }

    func date(_ value: Int) throws(PlistError) -> Date? {
        let offset = try offset(value)
        if let date = table.date(at: offset) { return date }
        let object = try table.object(at: offset)
        return object.kind == .date ? table.date(object) : nil
    }

    func data(_ value: Int) throws(PlistError) -> Data? {
        let object = try object(value)
        return object.kind == .data ? table.data(object) : nil
    }

    func isNull(_ value: Int) throws(PlistError) -> Bool {
        let object = try object(value)
        guard object.kind == .asciiString, object.count == 5 else { return false }
        let bytes = try table.asciiBytes(object)
        return bytes.elementsEqual("$null".utf8)
    }

    func keyed(_ value: Int) throws(PlistError) -> (any PlistKeyedSource)? {
        let object = try object(value)
        guard object.kind == .dictionary else { return nil }
        if !isKnownUniquelyReferenced(&spareKeyed) {
            spareKeyed = Keyed(self)
        }
        let keyed = spareKeyed!
        try keyed.reset(to: object)
        return keyed
    }

    func unkeyed(_ value: Int) throws(PlistError) -> (any PlistUnkeyedSource)? {
        let object = try object(value)
        guard object.kind == .array || object.kind == .set else { return nil }
        return Unkeyed(source: self, start: object.start, count: object.count)
    }

    func typeDescription(_ value: Int) -> String {
        guard let kind = try? object(value).kind else { return "a corrupt object" }
        return kind.plistKind.words
    }

    func location(_ value: Int) -> PlistError.Location? {
        guard isValid, let offset = try? table.offset(ofObject: value) else { return nil }
        return .offset(offset)
    }

    func enter(_ value: Int, from parent: Int) throws(PlistError) -> Bool {
        guard value != parent else { return false }
        if inProgress.isEmpty {
            inProgress = Array(repeating: false, count: table.objectCount)
        }
        guard !inProgress[value] else {
            let offset = (try? table.offset(ofObject: parent)) ?? 0
            throw PlistError(.cyclicReference, "object \(value) contains itself", offset: offset)
        }
        inProgress[value] = true
        return true
    }

    func leave(_ value: Int) {
        inProgress[value] = false
    }

    /// A dictionary object read through a keyed container. Every key is checked to be a
    /// string when the container is made (as ``BinaryReader`` does), so lookups only compare.
    ///
    /// Small dictionaries are searched linearly from just after the last key found, so
    /// that a type reading its keys in the order they were written (what synthesized
    /// `Codable` does) finds each on the first try; larger ones get a hash index.
    ///
    /// One is made again for another dictionary (``reset(to:)``) when nothing else holds it.
    final class Keyed: PlistKeyedSource {
        private let source: BinaryDecodingSource
        @exclusivity(unchecked) private(set) var count = 0
        @exclusivity(unchecked) private var keysStart = 0
        @exclusivity(unchecked) private var valuesStart = 0
        private let refSize: Int
        @exclusivity(unchecked) private var hint = 0
        /// Key → element, built for large dictionaries and for those that may repeat a key;
        /// a repeated key maps to its last element, as in `Plist(decoding:)` and Foundation.
        @exclusivity(unchecked) private var index: [PlistKey: Int]?
        /// Two keys share a length and first and last byte (or a key is UTF-16): the
        /// dictionary may repeat a key, so lookups go through ``index``.
        @exclusivity(unchecked) private var mayRepeatKeys = false
        /// The keys found in earlier dictionaries with the same key references, shared
        /// with them; nil for the first of its kind.
        @exclusivity(unchecked) private var found: KeysFound?

        /// Dictionaries with more entries than this are looked up through a hash index.
        private static let linearLimit = 24

        /// A source for no dictionary yet; ``reset(to:)`` gives it one.
        init(_ source: BinaryDecodingSource) {
            self.source = source
            refSize = source.table.refSize
        }

        /// Makes this the source of the dictionary `object`, as new.
        func reset(to object: BinaryObject) throws(PlistError) {
            count = object.count
            keysStart = object.start
            valuesStart = object.start + object.count * refSize
            hint = 0
            index = nil
            mayRepeatKeys = false
            let length = count * refSize
            let last = source.lastKeys
            if length > 0, length == last.length,
               source.table.bytes.bytesEqual(at: keysStart, last.start, count: length) {
                mayRepeatKeys = last.mayRepeat
                if let shared = source.lastKeysFound {
                    found = shared
                } else {
                    found = KeysFound(count: count)
                    source.lastKeysFound = found
                }
                return
            }
            found = nil
            source.lastKeysFound = nil
            // Fingerprints of the keys, compared pairwise to see whether any key may repeat
            // (only small dictionaries are searched linearly; larger ones use the index).
            var fingerprints: [UInt64] = []
            if count > 1 && count <= Keyed.linearLimit { fingerprints.reserveCapacity(count) }
            for element in 0..<count {
                let position = keysStart + element * refSize
                let key = try source.table.object(index: source.table.checkedRef(at: position))
                switch key.kind {
                case .asciiString:
                    let bytes = try source.table.asciiBytes(key)
                    if fingerprints.capacity > 0 {
                        let edges = bytes.isEmpty ? 0 : UInt64(bytes[0]) << 8 | UInt64(bytes[bytes.count - 1])
                        fingerprints.append(UInt64(bytes.count) << 16 | edges)
                    }
                case .utf16String:
                    _ = try source.table.string(key)
                    mayRepeatKeys = count > 1
                default:
                    throw PlistError(.nonStringKey, "dictionary key is \(key.kind.plistKind.words), not a string", offset: position)
                }
            }
            if !mayRepeatKeys, fingerprints.count > 1 {
                outer: for first in 0..<(fingerprints.count - 1) {
                    for second in (first + 1)..<fingerprints.count where fingerprints[first] == fingerprints[second] {
                        mayRepeatKeys = true
                        break outer
                    }
                }
            }
            source.lastKeys = (keysStart, length, mayRepeatKeys)
        }

        private var table: BinaryObjectTable { source.table }

        func value(forKey key: String) throws(PlistError) -> Int? {
            try source.checkValid()
            guard count > 0 else { return nil }
            if count > Keyed.linearLimit || mayRepeatKeys {
                if index == nil { index = try buildIndex() }
                guard let element = index![PlistKey(key)] else { return nil }
                return try table.checkedRef(at: valuesStart + element * refSize)
            }
            // The key an earlier dictionary of this layout found at the next element.
            let next = hint < count ? hint : 0
            if let found, found.matches(key, at: next) {
                hint = next + 1
                return try table.checkedRef(at: valuesStart + next * refSize)
            }
            // The key object this key was found in before, looked for by reference.
            let slot = KeyObjectCache.slot(for: key)
            if let object = source.keyObjects.object(for: key, in: slot) {
                var element = hint < count ? hint : 0
                for _ in 0..<count {
                    if table.ref(at: keysStart + element * refSize) == object {
                        hint = element + 1
                        found?.store(key, at: element)
                        return try table.checkedRef(at: valuesStart + element * refSize)
                    }
                    element += 1
                    if element == count { element = 0 }
                }
            }
            var text = key
            let search = try ByteView.with(utf8: &text) { (utf8) throws(PlistError) -> Int? in
                var element = hint < count ? hint : 0
                for _ in 0..<count {
                    if try matches(element, utf8) { return element }
                    element += 1
                    if element == count { element = 0 }
                }
                return nil
            }
            guard let element = search else { return nil }
            hint = element + 1
            self.found?.store(key, at: element)
            source.keyObjects.store(key, object: table.ref(at: keysStart + element * refSize), in: slot)
            return try table.checkedRef(at: valuesStart + element * refSize)
        }

        /// True when key `element` equals the UTF-8 bytes `utf8`.
        @inline(__always)
        private func matches(_ element: Int, _ utf8: ByteView) throws(PlistError) -> Bool {
            let object = try source.object(table.ref(at: keysStart + element * refSize))
            if object.kind == .asciiString {
                return object.count == utf8.count && table.bytes.bytesEqual(at: object.start, utf8)
            }
            // A UTF-16 key: compare as text.
            return try table.string(object).utf8.elementsEqual(utf8)
        }

        private func buildIndex() throws(PlistError) -> [PlistKey: Int] {
            var index: [PlistKey: Int] = [:]
            index.reserveCapacity(count)
            for element in 0..<count {
                index[PlistKey(try key(element))] = element
            }
            return index
        }

        private func key(_ element: Int) throws(PlistError) -> String {
            try table.string(source.object(table.ref(at: keysStart + element * refSize)))
        }

        func keys() throws(PlistError) -> [String] {
            try source.checkValid()
            var keys: [String] = []
            keys.reserveCapacity(count)
            var seen = Set<PlistKey>()
            for element in 0..<count {
                let key = try key(element)
                if !mayRepeatKeys || seen.insert(PlistKey(key)).inserted { keys.append(key) }
            }
            return keys
        }
    }

    /// The keys found so far, by element, in dictionaries that share their key references
    /// (every record of one type, as a binary writer uniques the key strings). A type that
    /// reads its keys in the order they were written finds each by comparing the requested
    /// `String`'s bits with the one found at the next element: no hashing, no bytes compared.
    /// A `String` with the same bits as a stored one (which stays alive here, so its storage
    /// cannot be reused) has the same text.
    final class KeysFound {
        @exclusivity(unchecked) private var keys: [String?]

        init(count: Int) {
            keys = Array(repeating: nil, count: count)
        }

        @inline(__always)
        func matches(_ key: String, at element: Int) -> Bool {
            guard let known = keys[element] else { return false }
            return StringBits(known) == StringBits(key)
        }

        @inline(__always)
        func store(_ key: String, at element: Int) {
            keys[element] = key
        }
    }

    /// Requested keys and the key objects they were last found in, so a key read from many
    /// dictionaries that share their key objects is found by comparing references rather
    /// than bytes. Two-way set-associative by the key's 16 bytes (a slot and its neighbour);
    /// a `String` with the same bytes as a stored one (which the cache keeps alive, so its
    /// storage cannot be reused) has the same text.
    struct KeyObjectCache {
        private static let slotCount = 256
        /// Allocated by the first `store`.
        private var keys: [String] = []
        private var objects: [Int] = []

        @inline(__always)
        static func slot(for key: String) -> Int {
            Int(truncatingIfNeeded: StringBits(key).mixed >> 56)
        }

        /// The key object `key` was last found in, if the slot or its neighbour holds `key`.
        @inline(__always)
        func object(for key: String, in slot: Int) -> Int? {
            guard !objects.isEmpty else { return nil }
            let bits = StringBits(key)
            if objects[slot] >= 0, StringBits(keys[slot]) == bits { return objects[slot] }
            let other = slot ^ 1
            if objects[other] >= 0, StringBits(keys[other]) == bits { return objects[other] }
            return nil
        }

        /// Remembers `key`'s object in its slot, or in the neighbour when the slot holds
        /// another key (which then stays, so two keys sharing a slot do not evict each other).
        mutating func store(_ key: String, object: Int, in slot: Int) {
            if objects.isEmpty {
                keys = Array(repeating: "", count: Self.slotCount)
                objects = Array(repeating: -1, count: Self.slotCount)
            }
            let bits = StringBits(key)
            let target = objects[slot] < 0 || StringBits(keys[slot]) == bits ? slot : slot ^ 1
            keys[target] = key
            objects[target] = object
        }
    }

    /// An array or set object read through an unkeyed container.
    struct Unkeyed: PlistUnkeyedSource {
        let source: BinaryDecodingSource
        let start: Int
        let count: Int

        func element(at index: Int) throws(PlistError) -> Int {
            try source.checkValid()
            return try source.table.checkedRef(at: start + index * source.table.refSize)
        }
    }
}
