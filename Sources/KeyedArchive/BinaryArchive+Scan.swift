#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Internals) import PlistKit

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
    /// - Returns: the archive (with its dictionaries' key lists, see ``KeyLayouts``) and its
    /// `$top` dictionary.
    static func scan(_ bytes: some Collection<UInt8>) -> (archive: BinaryArchive, top: PlistDictionary)? {
        guard PlistFormat.detect(bytes) == .binary else { return nil }
        let owner = Owner(bytes)
        return owner.withUnsafeBytes { buffer in
            do {
                var scan = try Scan(table: BinaryObjectTable(buffer))
                let top = try scan.root()
                try scan.objects()
                let archive = BinaryArchive(owner: owner, table: scan.table, objectsStart: scan.objectsStart, count: scan.count, keyLayouts: scan.keyLayouts)
                return (archive, top)
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
        /// The fingerprints of the ASCII keys of 15 bytes or more of the dictionary being
        /// checked (kept to reuse the storage; the others' signatures go to ``keyLayouts``).
        var fingerprints: [KeyFingerprint] = []
        /// The dictionaries' key lists.
        let keyLayouts: KeyLayouts

        init(table: BinaryObjectTable) {
            self.table = table
            reads = TableReads(table)
            marks = Array(repeating: 0, count: table.objectCount)
            keyLayouts = KeyLayouts(objectCount: table.objectCount)
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
                try check(checkedRef(uid, from: objectsStart))
            }
        }

        /// Checks object `index` and everything in it as the full reader would; returns how
        /// many levels of containers it is.
        @discardableResult
        mutating func check(_ index: Int) throws -> Int {
            // The commonest objects, short strings, fixed-size scalars and UIDs, are checked
            // inline each time they are reached (which costs less than marking them);
            // anything else through the table, once.
            if let offset = reads.checkedOffset(ofObject: index) {
                if reads.shortASCIISignature(at: offset) != nil || reads.isFixedSizeScalar(at: offset) { return 0 }
                if let uid = reads.smallUID(at: offset) {
                    guard uid < UInt64(count) else { throw Unusual() }
                    return 0
                }
            }
            switch marks[index] {
            case 0: break
            case 1: throw Unusual()  // a container that contains itself
            case let mark: return Int(mark) - 2
            }
            let object = try table.object(index: index)
            var levels = 0
            switch object.kind {
            case .asciiString: _ = try table.checkedASCIIBytes(object)
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
        /// checked as the reader checks it, and no two the same text. Keys that are all short
        /// ASCII strings (nearly every object's) are compared, and noted, as a key list (see
        /// ``KeyLayouts``), which checks each distinct list once. Other ASCII keys are
        /// compared by a fingerprint that holds all of a key of up to 16 bytes; non-ASCII
        /// keys, and those of large dictionaries, are decoded into a set.
        mutating func checkKeys(_ object: BinaryObject, index: Int) throws {
            keyLayouts.begin()
            fingerprints.removeAll(keepingCapacity: true)
            var allASCII = true
            for entry in 0..<object.count {
                let index = try checkedRef(entry, from: object.start)
                if let signature = reads.shortASCIISignature(index) {
                    keyLayouts.add(signature)
                    continue
                }
                let key = try table.object(index: index)
                switch key.kind {
                case .asciiString:
                    let bytes = try table.checkedASCIIBytes(key)
                    if bytes.count < 15 {
                        // Short, but with its count after the marker.
                        keyLayouts.add(SmallASCIIString.bits(bytes.baseAddress!, count: bytes.count))
                    } else {
                        fingerprints.append(KeyFingerprint(bytes, start: key.start))
                    }
                case .utf16String:
                    _ = try table.string(key)
                    allASCII = false
                default:
                    throw Unusual()
                }
            }
            // Keys are not marked: they are strings, checked again if they are values too.
            if fingerprints.isEmpty, allASCII, object.count <= KeyLayouts.maximumKeys {
                try keyLayouts.notePending(object: index, repeated: Unusual())
                return
            }
            keyLayouts.noteUnlisted(index)
            if allASCII, object.count <= KeyLayouts.maximumKeys {
                // A key with a signature and one with a fingerprint differ in length: compare
                // each kind among itself.
                if keyLayouts.pendingHasRepeats() { throw Unusual() }
                for later in fingerprints.indices.dropFirst() {
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

    /// An ASCII key's length and first and last 8 bytes, and where its bytes are (for keys
    /// of 15 bytes or more; shorter ones have signatures, so the two never match).
    private struct KeyFingerprint {
        let count: Int
        let head: UInt64
        let tail: UInt64
        let start: Int

        /// The fingerprint of `bytes` (15 or more), which start at `start` in the file.
        init(_ bytes: UnsafeRawBufferPointer, start: Int) {
            count = bytes.count
            self.start = start
            head = bytes.loadUnaligned(as: UInt64.self)
            tail = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }

        /// True when both keys hold the same bytes.
        func matches(_ other: KeyFingerprint, in table: BinaryObjectTable) -> Bool {
            guard count == other.count, head == other.head, tail == other.tail else { return false }
            return count <= 16 || memcmp(table.rawBytes.baseAddress! + start, table.rawBytes.baseAddress! + other.start, count) == 0
        }
    }
}
