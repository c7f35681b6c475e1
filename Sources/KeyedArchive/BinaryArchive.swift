#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

/// A binary keyed archive read in place: `$objects` stays in the file's object table, and
/// values are decoded when asked for, without building a ``Plist`` tree first.
///
/// Made only by ``scan(_:)``, which checks everything the full reader and ``ArchiveTable``
/// would check of the objects (and gives up, for the caller to take the ``Plist`` path, at
/// anything unusual), so reads here cannot fail.
///
/// The bytes are the caller's, not a copy: ``owner`` keeps its `Data` or array alive, and
/// every read runs inside ``reading(_:)``, which borrows the bytes from the owner for the
/// outermost read and checks that they are where the table was made over them.
final class BinaryArchive {
    /// Whoever holds the archive's bytes.
    enum Owner {
        case data(Data)
        case array([UInt8])

        /// Takes `bytes` without copying when they are a `Data` or an array.
        init(_ bytes: some Collection<UInt8>) {
            switch bytes {
            case let data as Data: self = .data(data)
            case let array as [UInt8]: self = .array(array)
            default: self = .array(Array(bytes))
            }
        }

        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            switch self {
            case .data(let data): data.withUnsafeBytes(body)
            case .array(let array): array.withUnsafeBytes(body)
            }
        }
    }

    private let owner: Owner
    /// The table over the owner's bytes; read only inside ``reading(_:)``.
    let table: BinaryObjectTable
    /// Inlined reads of the checked table, for key lookups.
    private let reads: TableReads
    /// The key lists of the dictionaries, for key lookups and `$class`.
    private let keyLayouts: KeyLayouts
    /// How many ``reading(_:)`` calls are running: above 0, the bytes are borrowed. Touched
    /// only from the decoding thread, like the unarchiver's state.
    @exclusivity(unchecked) private var borrows = 0
    /// Where the references of the `$objects` array start.
    private let objectsStart: Int
    /// The number of objects in `$objects`.
    let count: Int
    /// Objects nested deeper than this inside an object of `$objects` make ``scan(_:)`` give
    /// up, so that every path from the root stays far below the reader's depth limit.
    static let maximumNesting = 16

    /// An archive over `owner`'s bytes, which `table` was checked over and which are borrowed
    /// while this runs (inside ``scan(_:)``); `keyLayouts` notes every dictionary of the table.
    init(owner: Owner, table: BinaryObjectTable, objectsStart: Int, count: Int, keyLayouts: KeyLayouts) {
        self.owner = owner
        self.table = table
        self.objectsStart = objectsStart
        self.count = count
        self.keyLayouts = keyLayouts
        reads = TableReads(table)
    }

    /// True while a ``reading(_:)`` call runs. The methods that other types call start by
    /// calling themselves again inside ``reading(_:)`` when the bytes are not borrowed (those
    /// that say they need a borrow leave it to the caller), so that the usual call, inside an
    /// outer one, costs a branch.
    @inline(__always)
    var isBorrowed: Bool { borrows > 0 }

    /// Runs `body`, which reads the archive, with its bytes borrowed from their owner. Kept
    /// out of line, so that the methods that call it on their cold path stay small.
    @inline(never)
    func reading<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        if isBorrowed { return try body() }
        return try owner.withUnsafeBytes { bytes in
            // A `Data` of more than a few bytes and a native array keep their bytes at one
            // address until they are mutated, which nothing does to the owner.
            precondition(bytes.baseAddress == table.rawBytes.baseAddress, "BinaryArchive: the archive's bytes moved")
            borrows += 1
            defer { borrows -= 1 }
            return Result { () throws(E) -> R in try body() }
        }.get()
    }

    /// The index in the object table of the object with UID `uid` (below ``count``).
    @inline(__always)
    func objectIndex(ofUID uid: UInt64) -> Int {
        reads.ref(Int(uid), from: objectsStart)
    }

    /// The fields of the object `uid` when it is a dictionary.
    func fields(ofUID uid: UInt64) -> ArchiveFields? {
        guard isBorrowed else { return reading { fields(ofUID: uid) } }
        let index = objectIndex(ofUID: uid)
        guard isDictionary(index), let object = table.uncheckedContainer(index: index) else { return nil }
        return ArchiveFields(self, object: object, keyList: keyLayouts.listOfObject[index])
    }

    /// The `$class` of the object `uid`, or nil when it is not a dictionary or has none; read
    /// where its key list has it (see ``KeyLayouts``). Only while the bytes are borrowed.
    func classReference(ofUID uid: UInt64) -> Plist? {
        let index = objectIndex(ofUID: uid)
        let list = keyLayouts.listOfObject[index]
        if list == KeyLayouts.notDictionary { return nil }
        guard list != KeyLayouts.unlisted, let object = table.uncheckedContainer(index: index) else {
            return fields(ofUID: uid)?[PlistKey("$class")]
        }
        guard let entry = keyLayouts.classEntry(ofList: list) else { return nil }
        return value(ofEntry: entry, in: object)
    }

    /// True when object `index` of the table (checked by the scan) is a dictionary.
    @inline(__always)
    private func isDictionary(_ index: Int) -> Bool {
        reads.marker(ofObject: index) >> 4 == 0xD
    }

    /// The object `uid` as a value.
    func value(ofUID uid: UInt64) -> Plist {
        guard isBorrowed else { return reading { value(ofUID: uid) } }
        if let fields = fields(ofUID: uid) { return .dictionary(fields.dictionary) }
        return value(ofObject: objectIndex(ofUID: uid), referencedFrom: objectsStart + Int(uid) * table.refSize)
    }

    /// The object `uid` as a value, except that a dictionary comes back as an empty
    /// `.dictionary`.
    func valueOrEmptyDictionary(ofUID uid: UInt64) -> Plist {
        guard isBorrowed else { return reading { valueOrEmptyDictionary(ofUID: uid) } }
        let index = objectIndex(ofUID: uid)
        if isDictionary(index) { return .dictionary([:]) }
        return value(ofObject: index, referencedFrom: objectsStart + Int(uid) * table.refSize)
    }

    /// The value stored under `key` in the dictionary `object`, or nil, read inside
    /// ``reading(_:)``: ``ArchiveFields`` looks fields up with ``entry(of:in:keyList:)`` and
    /// ``value(ofEntry:in:)`` when the bytes are borrowed, and with this when not.
    @inline(never)
    func fieldBorrowing(_ key: PlistKey, in object: BinaryObject, keyList: UInt16) -> Plist? {
        reading {
            guard let entry = entry(of: key, in: object, keyList: keyList) else { return nil }
            return value(ofEntry: entry, in: object)
        }
    }

    /// Entry `entry` of the dictionary `object`'s values; only while the bytes are borrowed
    /// (see ``isBorrowed``).
    func value(ofEntry entry: Int, in object: BinaryObject) -> Plist {
        let position = object.start + (object.count + entry) * table.refSize
        return value(ofObject: reads.ref(object.count + entry, from: object.start), referencedFrom: position)
    }

    /// The bytes of entry `entry` of the dictionary `object`'s values when it is data in
    /// place (not a reference); only while the bytes are borrowed (see ``isBorrowed``), and
    /// only to be read before the borrow ends.
    func dataBytes(ofEntry entry: Int, in object: BinaryObject) -> UnsafeRawBufferPointer? {
        reads.checkedData(reads.ref(object.count + entry, from: object.start))
    }

    /// Object `index` of the table, which ``scan(_:)`` checked, as a value.
    private func value(ofObject index: Int, referencedFrom referrer: Int) -> Plist {
        // References (most fields of an archived object) and common scalars without a call
        // into the table.
        if let uid = reads.smallUID(index) { return .uid(uid) }
        if let scalar = reads.checkedScalar(index) { return scalar }
        let object = checked(try table.object(index: index))
        if let scalar = checked(try table.scalarValue(object)) { return scalar }
        if object.kind != .dictionary, let elements = scalarElements(of: object) { return .array(elements) }
        // Other containers inside an object, nested at most `maximumNesting` levels below
        // depth 2 (where the objects of `$objects` are), go through the reader, whose sharing
        // rules keep shared containers from being decoded again and again.
        return checked(try table.plist(ofObject: index, depth: 2, referencedFrom: referrer, maximumDepth: PlistReadingOptions.default.maximumDepth))
    }

    /// The elements of an array or set (NS.objects, as a rule) when none is a container;
    /// nil otherwise.
    private func scalarElements(of container: BinaryObject) -> [Plist]? {
        var elements: [Plist] = []
        elements.reserveCapacity(container.count)
        for element in 0..<container.count {
            // References and common scalars (nearly every element) without a call into the
            // table, as in `value(ofObject:referencedFrom:)`.
            let index = reads.ref(element, from: container.start)
            if let uid = reads.smallUID(index) {
                elements.append(.uid(uid))
            } else if let scalar = reads.checkedScalar(index) {
                elements.append(scalar)
            } else {
                guard let scalar = checked(try table.scalarValue(table.object(index: index))) else { return nil }
                elements.append(scalar)
            }
        }
        return elements
    }

    /// The dictionary `object` (whose keys the scan checked to be distinct strings).
    func dictionary(_ object: BinaryObject) -> PlistDictionary {
        guard isBorrowed else { return reading { dictionary(object) } }
        let keys = keys(of: object)
        var values: [Plist] = []
        values.reserveCapacity(object.count)
        for entry in 0..<object.count { values.append(value(ofEntry: entry, in: object)) }
        return PlistDictionary(uncheckedUniqueKeys: keys, values: values)
    }

    /// The keys of the dictionary `object`, in order.
    func keys(of object: BinaryObject) -> [PlistKey] {
        guard isBorrowed else { return reading { keys(of: object) } }
        return (0..<object.count).map { entry in PlistKey(text(of: keyObject(entry, of: object))) }
    }

    /// Where `key` is among the keys of the dictionary `object`, whose key list is `keyList`
    /// (see ``KeyLayouts``), or nil. A listed dictionary (nearly every one) is searched by
    /// comparing the key's bits with its list's signatures; others in the file, where ASCII
    /// key objects are compared in place, so nothing is decoded or hashed.
    func entry(of key: PlistKey, in object: BinaryObject, keyList: UInt16) -> Int? {
        if keyList != KeyLayouts.unlisted { return keyLayouts.entry(of: key.string, inList: keyList) }
        var string = key.string
        return string.withUTF8 { wanted -> Int? in
            // A key object of the same text, if it is a short ASCII string (nearly every key
            // is), has this marker (no key has marker 0, a null); one of up to 8 bytes, these
            // bytes as a word.
            let marker = wanted.count < 15 ? 0x50 | UInt8(wanted.count) : 0
            var word: UInt64 = 0
            if wanted.count <= 8 {
                for (position, byte) in wanted.enumerated() { word |= UInt64(byte) &<< (UInt64(position) &* 8) }
            }
            for entry in 0..<object.count {
                let index = reads.ref(entry, from: object.start)
                let offset = reads.offset(ofObject: index)
                let found = reads.address(offset).load(as: UInt8.self)
                if found == marker {
                    // The scan checked these bytes to be ASCII; the offset table and the
                    // trailer follow, so 8 bytes can always be read.
                    if wanted.count <= 8
                        ? KeySignature.word(reads.address(offset + 1), count: wanted.count) == word
                        : memcmp(reads.address(offset + 1), wanted.baseAddress!, wanted.count) == 0 {
                        return entry
                    }
                } else if found >> 4 != 0x5 || found & 0x0F == 0x0F, PlistKey(text(ofObject: index)) == key {
                    // Not a short ASCII string: UTF-16, or ASCII with its count after the marker.
                    return entry
                }
            }
            return nil
        }
    }

    /// The text of the (checked) string object `index`.
    private func text(ofObject index: Int) -> String {
        text(of: checked(try table.object(index: index)))
    }

    /// The text of a (checked) string object.
    private func text(of object: BinaryObject) -> String {
        checked(try table.string(object))
    }

    /// The key object of entry `entry` of the dictionary `object`.
    @inline(__always)
    private func keyObject(_ entry: Int, of object: BinaryObject) -> BinaryObject {
        checked(try table.object(index: table.ref(at: object.start + entry * table.refSize)))
    }

    /// The result of a read that ``scan(_:)`` made sure succeeds.
    @inline(__always)
    private func checked<T>(_ body: @autoclosure () throws(PlistError) -> T) -> T {
        do {
            return try body()
        } catch {
            preconditionFailure("BinaryArchive: an object checked by the scan failed to read: \(error)")
        }
    }
}
