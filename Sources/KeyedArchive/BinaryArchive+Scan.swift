#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

extension BinaryArchive {
    /// Reads a binary keyed archive in place, or returns nil when `bytes` are not one or
    /// anything in them is unusual: not a binary plist, a malformed object, a root that is
    /// not a keyed archive, a UID out of range, a dictionary in `$objects` with a repeated
    /// key (so that every dictionary's fields can be read in place, in any key order),
    /// objects nested more than ``maximumNesting`` levels inside an object.
    ///
    /// The caller then parses the archive into a ``Plist`` and checks it as before, which
    /// reports the problem exactly as always (or accepts what was only unusual). So this
    /// path must reject at least everything that one rejects, and it does: every object the
    /// full reader would decode is checked here as the reader checks it (through the same
    /// ``BinaryObjectTable`` reads, and the full reader itself for the root's values other
    /// than `$objects`), and every UID in `$objects` and `$top` against the object count.
    ///
    /// - Returns: the archive, its `$top` dictionary, and per object of the table, where its
    /// `$class` key is (see ``ClassEntries``).
    static func scan(_ bytes: some Collection<UInt8>) -> (archive: BinaryArchive, top: PlistDictionary, classEntries: ClassEntries)? {
        guard PlistFormat.detect(bytes) == .binary else { return nil }
        let owner = Owner(bytes)
        return owner.withUnsafeBytes { buffer in
            do {
                var scan = try Scan(table: BinaryObjectTable(buffer))
                let top = try scan.root()
                try scan.objects()
                return (BinaryArchive(owner: owner, table: scan.table, objectsStart: scan.objectsStart, count: scan.count), top, ClassEntries(entries: scan.classEntries))
            } catch {
                return nil
            }
        }
    }

    /// Thrown by the scan for what is well-formed but left to the ``Plist`` path.
    private struct Unusual: Error {}

    /// The state of ``scan(_:)``.
    private struct Scan {
        let table: BinaryObjectTable
        let reads: TableReads
        /// Per table object: 0 not reached, 1 a container being checked, 2 + *n* checked
        /// (*n*: how many levels of containers it is, 0 for a scalar).
        var marks: [UInt8]
        var objectsStart = 0
        var count = 0
        /// The key fingerprints of the dictionary being checked (kept to reuse the storage).
        var fingerprints: [KeyFingerprint] = []
        /// Per table object, where its `$class` key is (see ``ClassEntries``).
        var classEntries: [Int8]

        init(table: BinaryObjectTable) {
            self.table = table
            reads = TableReads(table)
            marks = Array(repeating: 0, count: table.objectCount)
            classEntries = Array(repeating: ClassEntries.none, count: table.objectCount)
        }

        /// Checks the root dictionary and every value but `$objects`; finds `$objects`.
        mutating func root() throws -> PlistDictionary {
            let index = table.topObject
            guard index >= 0, index < table.objectCount else { throw Unusual() }
            let root = try table.object(index: index)
            guard root.kind == .dictionary else { throw Unusual() }
            marks[index] = 1
            var values: [PlistKey: Plist] = [:]
            var objectsIndex: Int?
            for entry in 0..<root.count {
                let keyObject = try table.object(index: table.checkedRef(at: root.start + entry * table.refSize))
                guard keyObject.isString else { throw Unusual() }
                let key = PlistKey(try table.string(keyObject))
                let position = root.start + (root.count + entry) * table.refSize
                let valueIndex = try table.checkedRef(at: position)
                if key == "$objects" {
                    guard objectsIndex == nil else { throw Unusual() }
                    objectsIndex = valueIndex
                    continue
                }
                // The reader would reach the root again through this value: a cycle.
                guard valueIndex != index else { throw Unusual() }
                let value = try table.plist(ofObject: valueIndex, depth: 1, referencedFrom: position, maximumDepth: PlistReadingOptions.default.maximumDepth)
                guard values.updateValue(value, forKey: key) == nil else { throw Unusual() }
            }
            guard values["$archiver"]?.string == "NSKeyedArchiver",
                  values["$version"]?.integer == PlistInteger(100000),
                  let top = values["$top"]?.dictionary,
                  let objectsIndex
            else { throw Unusual() }
            let objects = try table.object(index: objectsIndex)
            guard objects.kind == .array || objects.kind == .set, objects.count > 0 else { throw Unusual() }
            marks[objectsIndex] = 1
            objectsStart = objects.start
            count = objects.count
            for value in top.values { try checkUIDs(value) }
            return top
        }

        /// `$class` as a ``KeyFingerprint``'s head: its bytes, loaded as a word.
        static var classKeyWord: UInt64 { UInt64(littleEndian: 0x0000_7373_616C_6324) }

        /// Checks every UID in a `$top` value.
        func checkUIDs(_ value: Plist) throws {
            switch value {
            case .uid(let uid): guard uid < UInt64(count) else { throw Unusual() }
            case .array(let elements): for element in elements { try checkUIDs(element) }
            case .dictionary(let entries): for element in entries.values { try checkUIDs(element) }
            default: break
            }
        }

        /// Checks every object of `$objects`.
        mutating func objects() throws {
            for uid in 0..<count {
                try check(table.checkedRef(at: objectsStart + uid * table.refSize))
            }
        }

        /// Checks object `index` and everything in it as the full reader would; returns how
        /// many levels of containers it is.
        @discardableResult
        mutating func check(_ index: Int) throws -> Int {
            switch marks[index] {
            case 0: break
            case 1: throw Unusual()  // a container that contains itself
            case let mark: return Int(mark) - 2
            }
            // The commonest objects, checked inline; anything else through the table.
            if reads.shortASCIIString(index) != nil || reads.isFixedSizeScalar(index) {
                marks[index] = 2
                return 0
            }
            if let uid = reads.smallUID(index) {
                guard uid < UInt64(count) else { throw Unusual() }
                marks[index] = 2
                return 0
            }
            let object = try table.object(index: index)
            var levels = 0
            switch object.kind {
            case .asciiString: _ = try table.asciiBytes(object)
            case .utf16String: _ = try table.string(object)
            case .integer: _ = try table.integer(object)
            case .uid: guard try table.uid(object) < UInt64(count) else { throw Unusual() }
            case .array, .set, .dictionary:
                marks[index] = 1
                let isDictionary = object.kind == .dictionary
                if isDictionary { try checkKeys(object, index: index) }
                let valuesStart = object.start + (isDictionary ? object.count * table.refSize : 0)
                for element in 0..<object.count {
                    levels = max(levels, try check(checkedRef(element, from: valuesStart)))
                }
                levels += 1
                guard levels <= BinaryArchive.maximumNesting else { throw Unusual() }
            case .false, .true, .real, .date, .data:
                break
            }
            marks[index] = UInt8(levels + 2)
            return levels
        }

        /// Reference `entry` of the references that start at `start` (in a container the
        /// table located), which must name an object of the table.
        @inline(__always)
        func checkedRef(_ entry: Int, from start: Int) throws -> Int {
            let index = reads.ref(entry, from: start)
            guard index >= 0, index < reads.objectCount else { throw Unusual() }
            return index
        }

        /// Checks the keys of the dictionary `object` (table object `index`): each a string,
        /// checked as the reader checks it, and no two the same text. ASCII keys are compared
        /// by a fingerprint that holds all of a key of up to 16 bytes; others, and large
        /// dictionaries, decode their keys into a set. Notes where its `$class` key is.
        mutating func checkKeys(_ object: BinaryObject, index: Int) throws {
            fingerprints.removeAll(keepingCapacity: true)
            var allASCII = true
            var allShort = true
            var classEntry: Int?
            for entry in 0..<object.count {
                let index = try checkedRef(entry, from: object.start)
                if let bytes = reads.shortASCIIString(index) {
                    let fingerprint = KeyFingerprint(bytes, start: bytes.baseAddress! - table.bytes.baseAddress!)
                    if fingerprint.count == 6, fingerprint.head == Self.classKeyWord { classEntry = entry }
                    fingerprints.append(fingerprint)
                    marks[index] = 2
                    continue
                }
                allShort = false
                let key = try table.object(index: index)
                switch key.kind {
                case .asciiString:
                    fingerprints.append(KeyFingerprint(try table.asciiBytes(key), start: key.start))
                case .utf16String:
                    _ = try table.string(key)
                    allASCII = false
                default:
                    throw Unusual()
                }
                marks[index] = 2
            }
            classEntries[index] = if let classEntry, classEntry <= Int(Int8.max) {
                Int8(classEntry)
            } else if classEntry == nil, allShort {
                ClassEntries.none
            } else {
                ClassEntries.unknown
            }
            guard object.count > 1 else { return }
            if allASCII, object.count <= 32 {
                for later in 1..<fingerprints.count {
                    for earlier in 0..<later where fingerprints[earlier].matches(fingerprints[later], in: table) {
                        throw Unusual()
                    }
                }
                return
            }
            var keys = Set<PlistKey>()
            for entry in 0..<object.count {
                let key = try table.object(index: table.ref(at: object.start + entry * table.refSize))
                guard keys.insert(PlistKey(try table.string(key))).inserted else { throw Unusual() }
            }
        }
    }

    /// An ASCII key's length and first and last 8 bytes (all of its bytes when it has 16
    /// or fewer), and where its bytes are.
    private struct KeyFingerprint {
        let count: Int
        let head: UInt64
        let tail: UInt64
        let start: Int

        init(_ bytes: UnsafeRawBufferPointer, start: Int) {
            count = bytes.count
            self.start = start
            if count >= 8 {
                head = bytes.loadUnaligned(as: UInt64.self)
                tail = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                // Eight bytes are readable past any object's payload (see
                // `TableReads.shortASCIIString`); those beyond the key are masked off.
                head = count == 0 ? 0 : bytes.baseAddress!.loadUnaligned(as: UInt64.self) & ((1 &<< (UInt64(count) &* 8)) &- 1)
                tail = 0
            }
        }

        /// True when both keys hold the same bytes.
        func matches(_ other: KeyFingerprint, in table: BinaryObjectTable) -> Bool {
            guard count == other.count, head == other.head, tail == other.tail else { return false }
            return count <= 16 || memcmp(table.bytes.baseAddress! + start, table.bytes.baseAddress! + other.start, count) == 0
        }
    }
}

/// Where the `$class` key of each dictionary in a binary archive's object table is, noted by
/// ``BinaryArchive/scan(_:)`` while it checks the keys, so that resolving every object's
/// class (``ArchiveTable``) reads `$class` without searching the keys again. One byte per
/// object of the table, dropped once the classes are resolved.
struct ClassEntries {
    /// The dictionary has no `$class` key (or the object is not a dictionary).
    static let none: Int8 = -1
    /// The `$class` key is not one of the first 128, or the dictionary has keys that are
    /// not short ASCII strings: search for it.
    static let unknown: Int8 = -2

    /// Per table object: the entry of its `$class` key, ``none`` or ``unknown``.
    let entries: [Int8]
}
