#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Decodes a `bplist00` file into a ``Plist``.
///
/// All parsing and validation of single objects is ``BinaryObjectTable``'s; this type adds
/// what building a tree needs. A string, data or container reached a second time is
/// decoded again once and then kept by index, so shared objects cost their size once however
/// many containers refer to them, while the objects referred to once (nearly all of them)
/// take no cache space: memory and stores stay proportional to what is shared. Numbers,
/// dates and Booleans are cheaper to decode again than to keep. A container whose decoding
/// is in progress marks a cycle if it is reached again.
///
/// Dictionaries whose key references equal those of a dictionary decoded before (records
/// written with shared key objects) reuse that dictionary's key array: no hashing or
/// duplicate checks per record, and one key array in memory for all of them.
struct BinaryReader: ~Copyable {
    private let table: BinaryObjectTable
    private let maximumDepth: Int
    /// Per object index: ``reached`` and ``decoding`` flags.
    private var state: [UInt8]
    /// Strings, data and containers reached more than once, by index.
    private var shared: [Int: Plist] = [:]
    /// The object was reached before.
    private static let reached: UInt8 = 1
    /// The object is a container being decoded.
    private static let decoding: UInt8 = 2
    /// Key sets of dictionaries with distinct keys, by the reference of their first key.
    private var keySets: [Int: KeySet] = [:]

    /// Decodes the binary plist in `bytes`.
    static func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        let table = try BinaryObjectTable(bytes)
        var reader = BinaryReader(table, maximumDepth: options.maximumDepth)
        return try reader.object(at: table.trailer.topObject, depth: 0, referencedFrom: table.topReferrer)
    }

    private init(_ table: BinaryObjectTable, maximumDepth: Int) {
        self.table = table
        self.maximumDepth = maximumDepth
        state = Array(repeating: 0, count: table.objectCount)
    }

    /// Decodes object `index` (or returns it from `shared`).
    private mutating func object(at index: Int, depth: Int, referencedFrom referrer: Int) throws(PlistError) -> Plist {
        guard index >= 0, index < table.objectCount else {
            throw table.refOutOfRange(index, referencedFrom: referrer)
        }
        let flags = state[index]
        if flags & Self.reached != 0, let known = shared[index] { return known }
        guard flags & Self.decoding == 0 else {
            throw PlistError(.cyclicReference, "object \(index) contains itself", offset: referrer)
        }
        let object = try table.object(index: index)
        let value: Plist
        if let scalar = try table.scalarValue(object) {
            guard object.isWorthSharing else { return scalar }
            value = scalar
        } else {
            try checkDepth(depth, at: object.offset)
            state[index] = flags | Self.decoding
            value = object.kind == .dictionary
                ? .dictionary(try dictionary(object, depth: depth))
                : .array(try array(object, depth: depth))
        }
        if flags & Self.reached != 0 {
            shared[index] = value
        }
        state[index] = flags | Self.reached
        return value
    }

    /// The elements of an array or set object.
    private mutating func array(_ object: BinaryObject, depth: Int) throws(PlistError) -> [Plist] {
        let refSize = table.refSize
        var elements: [Plist] = []
        elements.reserveCapacity(object.count)
        var position = object.start
        for _ in 0..<object.count {
            elements.append(try self.object(at: table.ref(at: position), depth: depth + 1, referencedFrom: position))
            position += refSize
        }
        return elements
    }

    /// The entries of a dictionary object: with a known key set's keys if its key references
    /// match, otherwise key by key (a repeated key keeps its first position and last value).
    private mutating func dictionary(_ object: BinaryObject, depth: Int) throws(PlistError) -> PlistDictionary {
        let refSize = table.refSize
        let valuesStart = object.start + object.count * refSize
        if object.count > 0, let keySet = keySets[table.ref(at: object.start)], keySet.matches(object, in: table) {
            var values: [Plist] = []
            values.reserveCapacity(object.count)
            var position = valuesStart
            for _ in 0..<object.count {
                values.append(try self.object(at: table.ref(at: position), depth: depth + 1, referencedFrom: position))
                position += refSize
            }
            return OrderedDictionary(uncheckedUniqueKeys: keySet.keys, values: values)
        }
        var entries = PlistDictionary(minimumCapacity: object.count)
        for element in 0..<object.count {
            let keyPosition = object.start + element * refSize
            let keyObject = try self.object(at: table.ref(at: keyPosition), depth: depth + 1, referencedFrom: keyPosition)
            guard case .string(let key) = keyObject else {
                throw PlistError(.nonStringKey, "dictionary key is \(PlistTypeWords.description(of: keyObject)), not a string", offset: keyPosition)
            }
            let valuePosition = valuesStart + element * refSize
            entries[PlistKey(key)] = try self.object(at: table.ref(at: valuePosition), depth: depth + 1, referencedFrom: valuePosition)
        }
        if object.count > 0, entries.count == object.count {
            keySets[table.ref(at: object.start)] = KeySet(object, in: table, keys: entries.keys.elements)
        }
        return entries
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", offset: offset)
        }
    }
}

/// The distinct keys of a decoded dictionary and the references they were read from.
///
/// Every reference was checked and named a string when the dictionary was decoded, so a
/// dictionary with the same references has the same keys, in the same order, all distinct.
private struct KeySet {
    /// The key references, in order.
    let refs: [Int]
    /// The keys, in order: one array shared by every dictionary built from this set.
    let keys: [PlistKey]

    /// The key set of the dictionary `object`, whose keys are `keys`.
    init(_ object: BinaryObject, in table: BinaryObjectTable, keys: [PlistKey]) {
        refs = (0..<object.count).map { table.ref(at: object.start + $0 * table.refSize) }
        self.keys = keys
    }

    /// True if the dictionary `object` has exactly these key references.
    func matches(_ object: BinaryObject, in table: BinaryObjectTable) -> Bool {
        guard refs.count == object.count else { return false }
        var position = object.start
        for ref in refs {
            guard table.ref(at: position) == ref else { return false }
            position += table.refSize
        }
        return true
    }
}
