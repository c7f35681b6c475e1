#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Random access into a binary property list, without decoding it.
///
/// A `bplist00` file ends with an offset table, so any object can be found without reading
/// the ones before it. A view checks the header and trailer when it is made and then follows
/// references on demand: `try view.root["students"]?[99_999]?["name"]?.string` reads the root
/// dictionary's keys, one array element and one more dictionary, and nothing else. No Apple
/// API offers this; `PropertyListSerialization` and `Plist(decoding:)` decode everything.
///
/// Every offset, count and reference a lookup touches is checked as the full reader checks
/// it, so hostile input fails with the same ``PlistError``s. A lookup follows one path and
/// does work proportional to the containers on it; ``Node/plist()`` decodes a subtree with
/// the full reader's cycle, depth and sharing rules, so exponential sharing stays linear.
///
/// ```swift
/// let view = try BinaryPlistView(contentsOfFile: "/data/huge.plist")   // memory-mapped
/// let name = try view.root["students"]?[99_999]?["name"]?.string
/// let record = try PlistDecoder().decode(Student.self, from: view.root["students"]![7]!)
/// ```
public struct BinaryPlistView: Sendable {
    /// The file's bytes (a memory-mapped `Data` for ``init(contentsOfFile:options:)``).
    public let data: Data
    let trailer: BinaryTrailer
    let options: PlistReadingOptions

    /// A view of the binary plist in `data`; checks the header and the trailer.
    ///
    /// - Throws: ``PlistError`` (`.badHeader`, `.badTrailer`, `.truncated`, …) when `data` is
    ///   not a binary plist.
    /// - Complexity: O(1): nothing is decoded.
    public init(_ data: Data, options: PlistReadingOptions = .default) throws(PlistError) {
        let table = try Plist.withContiguousBytes(data) { (bytes) throws(PlistError) in try BinaryObjectTable(bytes) }
        self.data = data
        self.trailer = table.trailer
        self.options = options
    }

    /// A view of the binary plist in the file at `path`, memory-mapped, so the file can be
    /// larger than memory and only the pages a lookup touches are read.
    ///
    /// - Throws: ``PlistError`` with code `.io` when the file cannot be read, or as
    ///   ``init(_:options:)``.
    public init(contentsOfFile path: String, options: PlistReadingOptions = .default) throws(PlistError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw PlistError.unreadableFile(path)
        }
        try self.init(data, options: options)
    }

    /// The bytes every binary plist starts with, `bplist0`: input that starts otherwise is
    /// not for a view.
    public static let magic = Data(BinaryMarker.magic)

    /// The top object.
    public var root: Node {
        Node(view: self, index: trailer.topObject, depth: 0, referrer: data.count - 16)
    }

    /// Runs `body` with the object table over ``data``.
    func withTable<R>(_ body: (BinaryObjectTable) throws(PlistError) -> R) throws(PlistError) -> R {
        try Plist.withContiguousBytes(data) { (bytes) throws(PlistError) -> R in
            // The header and trailer were checked in `init`; `data` is immutable.
            var table = BinaryObjectTable(checked: bytes, trailer: trailer)
            table.storage = options.sharesLargeData ? data : nil
            return try body(table)
        }
    }
}

extension BinaryPlistView {
    /// What kind of value a node holds, read from its marker byte alone.
    public typealias Kind = Plist.Kind

    /// One object of a ``BinaryPlistView``: a position in the file, not a decoded value.
    public struct Node: Sendable {
        let view: BinaryPlistView
        /// The object's index in the offset table.
        public let index: Int
        /// How many containers lie above it.
        let depth: Int
        /// Where the reference to it is stored, for error positions.
        let referrer: Int

        /// The located object, its index, offset and count checked.
        func object(in table: BinaryObjectTable) throws(PlistError) -> BinaryObject {
            guard index >= 0, index < table.objectCount else {
                throw table.refOutOfRange(index, referencedFrom: referrer)
            }
            return try table.object(index: index)
        }

        /// The kind of value, from the object's marker.
        public var kind: Kind {
            get throws(PlistError) {
                try view.withTable { (table) throws(PlistError) in try object(in: table).kind.plistKind }
            }
        }

        /// The number of entries of a dictionary or elements of an array; nil otherwise.
        public var count: Int? {
            get throws(PlistError) {
                try view.withTable { (table) throws(PlistError) in
                    let object = try object(in: table)
                    return [.dictionary, .array, .set].contains(object.kind) ? object.count : nil
                }
            }
        }

        /// The value stored under `key` when this is a dictionary; nil when the key is absent
        /// or this is not a dictionary. Keys compare by exact Unicode scalars; a key that
        /// occurs twice gives its last value, as the full reader does.
        ///
        /// - Complexity: O(*n*) in the dictionary's entries; values are not decoded, and an
        ///   ASCII key is compared in place.
        public subscript(key: String) -> Node? {
            get throws(PlistError) {
                try view.withTable { (table) throws(PlistError) -> Node? in
                    let object = try object(in: table)
                    guard object.kind == .dictionary else { return nil }
                    try checkDepth(object)
                    let wanted = Array(key.utf8)
                    var found: Int?
                    for entry in 0..<object.count {
                        let position = object.start + entry * table.refSize
                        let keyObject = try table.object(index: table.checkedRef(at: position))
                        guard keyObject.isString else {
                            throw PlistError(.nonStringKey, "dictionary key is not a string", offset: position)
                        }
                        if try Self.key(keyObject, in: table, equals: wanted) { found = entry }
                    }
                    guard let found else { return nil }
                    let valuePosition = object.start + (object.count + found) * table.refSize
                    return Node(view: view, index: try table.checkedRef(at: valuePosition), depth: depth + 1, referrer: valuePosition)
                }
            }
        }

        /// Element `index` when this is an array (or a set) and `index` is in range; nil
        /// otherwise.
        ///
        /// - Complexity: O(1).
        public subscript(index: Int) -> Node? {
            get throws(PlistError) {
                try view.withTable { (table) throws(PlistError) -> Node? in
                    let object = try object(in: table)
                    guard object.kind == .array || object.kind == .set, index >= 0, index < object.count else { return nil }
                    try checkDepth(object)
                    let position = object.start + index * table.refSize
                    return Node(view: view, index: try table.checkedRef(at: position), depth: depth + 1, referrer: position)
                }
            }
        }

        /// The node at a plutil-style key path (`a.b.0.c`, see ``Plist/keyPathComponents(_:)``),
        /// or nil when a component is missing.
        public func node(atKeyPath keyPath: String) throws(PlistError) -> Node? {
            var current = self
            for component in Plist.keyPathComponents(keyPath) {
                guard !component.isEmpty else { return nil }
                switch try current.kind {
                case .dictionary:
                    guard let next = try current[component] else { return nil }
                    current = next
                case .array:
                    guard let index = Int(component), let next = try current[index] else { return nil }
                    current = next
                default:
                    return nil
                }
            }
            return current
        }

        /// The keys of a dictionary in file order (decoding the keys only); nil otherwise.
        public func keys() throws(PlistError) -> [String]? {
            try view.withTable { (table) throws(PlistError) -> [String]? in
                let object = try object(in: table)
                guard object.kind == .dictionary else { return nil }
                var keys: [String] = []
                keys.reserveCapacity(object.count)
                for entry in 0..<object.count {
                    let position = object.start + entry * table.refSize
                    let keyObject = try table.object(index: table.checkedRef(at: position))
                    guard keyObject.isString else {
                        throw PlistError(.nonStringKey, "dictionary key is not a string", offset: position)
                    }
                    keys.append(try table.string(keyObject))
                }
                return keys
            }
        }

        /// The value, decoded with everything it contains, as ``Plist/init(decoding:options:)``
        /// would decode it.
        ///
        /// - Complexity: O(size of the subtree).
        public func plist() throws(PlistError) -> Plist {
            try view.withTable { (table) throws(PlistError) in
                try BinaryReader.read(table, object: index, depth: depth, referencedFrom: referrer, maximumDepth: view.options.maximumDepth, marks: SparseObjectMarks())
            }
        }

        /// The string, or nil for any other kind.
        public var string: String? { get throws(PlistError) { try scalar()?.string } }
        /// The integer, or nil for any other kind.
        public var integer: PlistInteger? { get throws(PlistError) { try scalar()?.integer } }
        /// The real as `Double`, or nil for any other kind.
        public var real: Double? { get throws(PlistError) { try scalar()?.real } }
        /// The Boolean, or nil for any other kind.
        public var bool: Bool? { get throws(PlistError) { try scalar()?.bool } }
        /// The date, or nil for any other kind.
        public var date: Date? { get throws(PlistError) { try scalar()?.date } }
        /// The bytes, or nil for any other kind.
        public var dataValue: Data? { get throws(PlistError) { try scalar()?.data } }
        /// The UID, or nil for any other kind.
        public var uid: UInt64? { get throws(PlistError) { try scalar()?.uid } }

        /// The value when it is not a container (decoding a scalar is O(its size)).
        private func scalar() throws(PlistError) -> Plist? {
            switch try kind {
            case .dictionary, .array: nil
            default: try plist()
            }
        }

        private func checkDepth(_ object: BinaryObject) throws(PlistError) {
            guard depth < view.options.maximumDepth else {
                throw PlistError(.depthLimitExceeded, "containers nest deeper than \(view.options.maximumDepth) levels", offset: object.offset)
            }
        }

        /// True when the string object `key` holds exactly the text whose UTF-8 is `utf8`.
        private static func key(_ key: BinaryObject, in table: BinaryObjectTable, equals utf8: [UInt8]) throws(PlistError) -> Bool {
            if key.kind == .asciiString {
                guard key.count == utf8.count else { return false }
                let bytes = try table.asciiBytes(key)
                return ByteView.with(utf8) { bytes.bytesEqual($0) }
            }
            return PlistKey(try table.string(key)) == PlistKey(String(decoding: utf8, as: UTF8.self))
        }
    }
}
