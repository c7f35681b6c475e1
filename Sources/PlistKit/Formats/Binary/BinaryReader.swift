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
///
/// `Marks` keeps the per-object flags: a flat array for a whole file, a sparse table for one
/// subtree of a ``BinaryPlistView``, whose bookkeeping must grow with the subtree, not the file.
struct BinaryReader<Marks: BinaryObjectMarks>: ~Copyable {
    private let table: BinaryObjectTable
    private let maximumDepth: Int
    /// Per object index: ``reached`` and ``decoding`` flags.
    private var state: Marks
    /// Strings, data and containers reached more than once, by index.
    private var shared = ObjectIndexTable<Plist>()
    /// The object was reached before.
    private static var reached: UInt8 { 1 }
    /// The object is a container being decoded.
    private static var decoding: UInt8 { 2 }
    /// Key sets of dictionaries with distinct keys, by the reference of their first key.
    private var keySets = ObjectIndexTable<KeySet>()

    /// Decodes object `index` of `table` with everything it contains; `referrer` is the
    /// offset of the reference to it (for errors) and `depth` the nesting it starts at.
    static func read(_ table: BinaryObjectTable, object index: Int, depth: Int, referencedFrom referrer: Int, maximumDepth: Int) throws(PlistError) -> Plist {
        var reader = BinaryReader(table, maximumDepth: maximumDepth)
        return try reader.object(at: index, depth: depth, referencedFrom: referrer)
    }

    private init(_ table: BinaryObjectTable, maximumDepth: Int) {
        self.table = table
        self.maximumDepth = maximumDepth
        state = Marks(objectCount: table.objectCount)
    }

    /// Decodes object `index` (or returns it from `shared`).
    private mutating func object(at index: Int, depth: Int, referencedFrom referrer: Int) throws(PlistError) -> Plist {
        guard index >= 0, index < table.objectCount else {
            throw table.refOutOfRange(index, referencedFrom: referrer)
        }
        let offset = try table.offset(ofObject: index)
        // Numbers are neither shared nor containers: the bulk of numeric data ends here.
        if let number = table.number(at: offset) { return number }
        let flags = state[index]
        if flags & Self.reached != 0, let known = shared[index] { return known }
        guard flags & Self.decoding == 0 else {
            throw PlistError(.cyclicReference, "object \(index) contains itself", offset: referrer)
        }
        let object = try table.object(at: offset)
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
            shared.set(value, for: index)
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
    ///
    /// A key set is kept only when the first key was reached before this dictionary: only
    /// then can dictionaries share key references, and nearly all others are unique.
    private mutating func dictionary(_ object: BinaryObject, depth: Int) throws(PlistError) -> PlistDictionary {
        let refSize = table.refSize
        let valuesStart = object.start + object.count * refSize
        guard object.count > 0 else { return [:] }
        let firstKey = table.ref(at: object.start)
        if let keySet = keySets[firstKey], keySet.matches(object, in: table) {
            var values = ContiguousArray<Plist>()
            values.reserveCapacity(object.count)
            var position = valuesStart
            for _ in 0..<object.count {
                values.append(try self.object(at: table.ref(at: position), depth: depth + 1, referencedFrom: position))
                position += refSize
            }
            return OrderedDictionary(uncheckedUniqueKeys: keySet.keys, values: values)
        }
        let firstKeyReached = firstKey >= 0 && firstKey < table.objectCount && state[firstKey] & Self.reached != 0
        var keys = ContiguousArray<PlistKey>()
        keys.reserveCapacity(object.count)
        var values = ContiguousArray<Plist>()
        values.reserveCapacity(object.count)
        for element in 0..<object.count {
            let keyPosition = object.start + element * refSize
            let keyObject = try self.object(at: table.ref(at: keyPosition), depth: depth + 1, referencedFrom: keyPosition)
            guard case .string(let key) = keyObject else {
                throw PlistError(.nonStringKey, "dictionary key is \(keyObject.kind.words), not a string", offset: keyPosition)
            }
            keys.append(PlistKey(key))
            let valuePosition = valuesStart + element * refSize
            values.append(try self.object(at: table.ref(at: valuePosition), depth: depth + 1, referencedFrom: valuePosition))
        }
        let entries = PlistDictionary(keys: keys, values: values)
        if firstKeyReached, entries.count == object.count {
            keySets.set(KeySet(object, in: table, keys: entries.keys.elements), for: firstKey)
        }
        return entries
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", offset: offset)
        }
    }
}

extension BinaryReader<DenseObjectMarks> {
    /// Decodes the binary plist in `bytes`, whose large data objects may share `storage`
    /// (the `Data` that `bytes` belong to) when the options allow it.
    static func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions, storage: Data? = nil) throws(PlistError) -> Plist {
        var table = try BinaryObjectTable(bytes)
        table.storage = options.sharesLargeData ? storage : nil
        return try read(table, object: table.trailer.topObject, depth: 0, referencedFrom: table.topReferrer, maximumDepth: options.maximumDepth)
    }
}

/// Flags per object index, kept by ``BinaryReader``; an object never marked reads 0.
protocol BinaryObjectMarks {
    init(objectCount: Int)
    subscript(index: Int) -> UInt8 { get set }
}

/// One byte per object of the file: the whole-file reader's marks.
struct DenseObjectMarks: BinaryObjectMarks {
    private var flags: [UInt8]
    init(objectCount: Int) { flags = Array(repeating: 0, count: objectCount) }
    subscript(index: Int) -> UInt8 {
        get { flags[index] }
        set { flags[index] = newValue }
    }
}

/// Marks for the objects reached only: a subtree's reader, in memory proportional to it.
struct SparseObjectMarks: BinaryObjectMarks {
    private var flags: [Int: UInt8] = [:]
    init(objectCount: Int) {}
    subscript(index: Int) -> UInt8 {
        get { flags[index] ?? 0 }
        set { flags[index] = newValue }
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
