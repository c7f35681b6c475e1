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
/// dates, Booleans and short ASCII strings are cheaper to decode again than to keep, and
/// are read in the loop over a container's references without a call. A container whose
/// decoding is in progress marks a cycle if it is reached again.
///
/// Dictionaries whose key references equal those of a dictionary decoded before (records
/// written with shared key objects) reuse that dictionary's key array: no hashing or
/// duplicate checks per record, and one key array in memory for all of them. Other
/// dictionaries check their keys for repeats by two-word prints (`BinaryReader+Keys.swift`).
///
/// `Marks` keeps the per-object flags: a flat array for a whole file, a sparse table for one
/// subtree of a ``BinaryPlistView``, whose bookkeeping must grow with the subtree, not the file.
/// A whole-file read borrows its marks, tables and key cache from the thread's
/// ``BinaryReaderScratch``.
struct BinaryReader<Marks: BinaryObjectMarks>: ~Copyable {
    private let table: BinaryObjectTable
    private let maximumDepth: Int
    /// Per object index: ``reached`` and ``decoding`` flags.
    private var state: Marks
    /// Strings, data and containers reached more than once, by index.
    private(set) var shared: ObjectIndexTable<Plist>
    /// The object was reached before.
    static var reached: UInt8 { 1 }
    /// The object is a container being decoded.
    private static var decoding: UInt8 { 2 }
    /// Key sets of dictionaries with distinct keys, by the reference of their first key.
    private(set) var keySets: ObjectIndexTable<BinaryKeySet>
    /// Long ASCII keys made before on this thread, when the reader has the thread's scratch.
    private let keyCache: BinaryKeyCache?

    /// Decodes object `index` of `table` with everything it contains; `referrer` is the
    /// offset of the reference to it (for errors) and `depth` the nesting it starts at.
    static func read(_ table: BinaryObjectTable, object index: Int, depth: Int, referencedFrom referrer: Int, maximumDepth: Int, marks: Marks) throws(PlistError) -> Plist {
        var reader = BinaryReader(table, maximumDepth: maximumDepth, marks: marks)
        return try reader.object(at: index, depth: depth, referencedFrom: referrer)
    }

    init(_ table: BinaryObjectTable, maximumDepth: Int, marks: Marks, shared: ObjectIndexTable<Plist> = .init(),
         keySets: ObjectIndexTable<BinaryKeySet> = .init(), keyCache: BinaryKeyCache? = nil) {
        self.table = table
        self.maximumDepth = maximumDepth
        state = marks
        self.shared = shared
        self.keySets = keySets
        self.keyCache = keyCache
    }

    /// Decodes object `index` (or returns it from `shared`).
    mutating func object(at index: Int, depth: Int, referencedFrom referrer: Int) throws(PlistError) -> Plist {
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

    /// The element referenced at `position`: a scalar ``BinaryObjectTable/inlineScalar(index:)``
    /// reads in place, or whatever ``object(at:depth:referencedFrom:)`` decodes.
    @inline(__always)
    private mutating func element(referencedFrom position: Int, depth: Int) throws(PlistError) -> Plist {
        let index = table.ref(at: position)
        if let scalar = table.inlineScalar(index: index) { return scalar }
        return try object(at: index, depth: depth + 1, referencedFrom: position)
    }

    /// Appends the `count` elements referenced from `start` on to `elements`, which has room
    /// for them.
    @inline(__always)
    private mutating func append<Elements: RangeReplaceableCollection<Plist>>(_ count: Int, referencedFrom start: Int, depth: Int, to elements: inout Elements) throws(PlistError) {
        let refSize = table.refSize
        var position = start
        for _ in 0..<count {
            elements.append(try element(referencedFrom: position, depth: depth))
            position &+= refSize
        }
    }

    /// The elements of an array or set object.
    private mutating func array(_ object: BinaryObject, depth: Int) throws(PlistError) -> [Plist] {
        var elements: [Plist] = []
        elements.reserveCapacity(object.count)
        try append(object.count, referencedFrom: object.start, depth: depth, to: &elements)
        return elements
    }

    /// The entries of a dictionary object: with a known key set's keys if its key references
    /// match, otherwise key by key (a repeated key keeps its first position and last value).
    ///
    /// A key set is kept only when the first key was reached before this dictionary: only
    /// then can dictionaries share key references, and nearly all others are unique.
    private mutating func dictionary(_ object: BinaryObject, depth: Int) throws(PlistError) -> PlistDictionary {
        let count = object.count
        guard count > 0 else { return [:] }
        let refSize = table.refSize
        let valuesStart = object.start + count * refSize
        let firstKey = table.ref(at: object.start)
        if let keySet = keySets[firstKey], keySet.matches(object, in: table) {
            var values = ContiguousArray<Plist>()
            values.reserveCapacity(count)
            try append(count, referencedFrom: valuesStart, depth: depth, to: &values)
            return OrderedDictionary(uncheckedUniqueKeys: keySet.keys, values: values)
        }
        let firstKeyReached = firstKey >= 0 && firstKey < table.objectCount && state[firstKey] & Self.reached != 0
        var keys = ContiguousArray<PlistKey>()
        keys.reserveCapacity(count)
        var values = ContiguousArray<Plist>()
        values.reserveCapacity(count)
        // Up to the pairwise limit, keys are checked for repeats by their prints as they are
        // read; more are checked by the dictionary's hash table as they are inserted.
        var distinct = count <= PlistDictionary.pairwiseCheckLimit
        var failure: PlistError?
        withUnsafeTemporaryAllocation(of: BinaryKeyPrint.self, capacity: count) { prints in
            do throws(PlistError) {
                var keyPosition = object.start
                var valuePosition = valuesStart
                for element in 0..<count {
                    let (key, print) = try self.key(referencedFrom: keyPosition, depth: depth)
                    if distinct {
                        for earlier in 0..<element where prints[earlier] == print && keys[earlier] == key {
                            distinct = false
                        }
                        prints[element] = print
                    }
                    keys.append(key)
                    values.append(try self.element(referencedFrom: valuePosition, depth: depth))
                    keyPosition &+= refSize
                    valuePosition &+= refSize
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        let entries = distinct ? PlistDictionary(uncheckedUniqueKeys: keys, values: values) : PlistDictionary(keys: keys, values: values)
        if firstKeyReached, entries.count == count {
            keySets.set(BinaryKeySet(object, in: table, keys: entries.keys.elements), for: firstKey)
        }
        return entries
    }

    /// The key referenced at `position` and its print. An ASCII key is read in place
    /// (``BinaryObjectTable/asciiKey(index:cache:)``) and marked reached, as the full path
    /// marks it; anything else is decoded by ``object(at:depth:referencedFrom:)``, and must be
    /// a string.
    @inline(__always)
    private mutating func key(referencedFrom position: Int, depth: Int) throws(PlistError) -> (PlistKey, BinaryKeyPrint) {
        let index = table.ref(at: position)
        if let (key, print) = table.asciiKey(index: index, cache: keyCache) {
            state[index] |= Self.reached
            return (PlistKey(key), print)
        }
        let value = try object(at: index, depth: depth + 1, referencedFrom: position)
        guard case .string(let key) = value else {
            throw PlistError(.nonStringKey, "dictionary key is \(value.kind.words), not a string", offset: position)
        }
        return (PlistKey(key), BinaryKeyPrint(key))
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", offset: offset)
        }
    }
}

extension BinaryReader<DenseObjectMarks> {
    /// Decodes the binary plist in `bytes`, whose large data objects may share `storage`
    /// (the `Data` that `bytes` belong to) when the options allow it. The marks, tables and
    /// key cache are the thread's ``BinaryReaderScratch``.
    static func read(_ bytes: ByteView, options: PlistReadingOptions, storage: Data? = nil) throws(PlistError) -> Plist {
        var table = try BinaryObjectTable(bytes)
        table.storage = options.sharesLargeData ? storage : nil
        let scratch = BinaryReaderScratch.take()
        defer { BinaryReaderScratch.give(scratch) }
        var reader = BinaryReader(table, maximumDepth: options.maximumDepth, marks: scratch.marks(objectCount: table.objectCount),
                                  shared: scratch.shared, keySets: scratch.keySets, keyCache: scratch.keys)
        // The reader's tables are the only copies while it fills them.
        scratch.shared = .init()
        scratch.keySets = .init()
        let value = try reader.object(at: table.trailer.topObject, depth: 0, referencedFrom: table.topReferrer)
        scratch.shared = reader.shared
        scratch.keySets = reader.keySets
        return value
    }
}

/// Flags per object index, kept by ``BinaryReader``; an object never marked reads 0.
protocol BinaryObjectMarks {
    subscript(index: Int) -> UInt8 { get set }
}

/// One byte per object of the file, zeroed: the whole-file reader's marks, in the table the
/// thread's ``BinaryReaderScratch`` keeps from read to read.
struct DenseObjectMarks: BinaryObjectMarks {
    private let flags: GrowableTable<UInt8>

    init(_ flags: GrowableTable<UInt8>) {
        self.flags = flags
    }

    subscript(index: Int) -> UInt8 {
        @inline(__always) get { flags[checked: index] }
        @inline(__always) nonmutating set { flags[checked: index] = newValue }
    }
}

/// Marks for the objects reached only: a subtree's reader, in memory proportional to it.
struct SparseObjectMarks: BinaryObjectMarks {
    private var flags: [Int: UInt8] = [:]
    subscript(index: Int) -> UInt8 {
        get { flags[index] ?? 0 }
        set { flags[index] = newValue }
    }
}
