import OrderedCollections
import PlistKit

/// A class description from `$objects`: `{ $classname, $classes }`.
struct ArchivedClass: Sendable {
    let name: String
    /// `$classes`: the class first, then its superclasses.
    let hierarchy: [String]
    /// The Foundation families the class is in.
    let families: FoundationFamilies
    /// True for `NSNull`, whose objects stand for nil.
    let isNull: Bool

    /// The class `name`, whose hierarchy (`name` first) is `hierarchy`.
    init(name: String, hierarchy: [String]) {
        self.name = name
        self.hierarchy = hierarchy
        families = FoundationFamilies(hierarchy: hierarchy)
        isNull = name == "NSNull"
    }
}

/// A keyed archive, checked once: the header, every UID in range, every `$class` resolving to
/// a well-formed class description.
///
/// `$objects` is either a parsed ``Plist`` array or, for a binary archive, the file's object
/// table read in place (``BinaryArchive``); everything else reads the objects through
/// ``object(_:)`` and ``fields(_:)``, whichever it is.
struct ArchiveTable {
    private enum Storage {
        case tree([Plist])
        case binary(BinaryArchive)
    }

    private let storage: Storage
    let top: PlistDictionary
    /// The number of objects in `$objects`.
    let count: Int
    /// Per UID: the index in `classList` of the object's class, or -1 when it has no `$class`.
    private let classSlots: [Int32]
    /// The class descriptions objects refer to, each once.
    private let classList: [ArchivedClass]

    /// Reads `bytes` in place when they are a binary archive that passes ``BinaryArchive/scan(_:)``
    /// and whose classes resolve; nil otherwise (the caller parses them into a ``Plist``).
    init?(binary bytes: some Collection<UInt8>) {
        guard let (archive, top) = BinaryArchive.scan(bytes) else { return nil }
        do {
            (classSlots, classList) = try archive.reading { () throws(KeyedArchiveError) in
                try Self.resolveClasses(
                    count: archive.count, classReference: archive.classReference(ofUID:),
                    fields: archive.fields(ofUID:), value: archive.value(ofUID:))
            }
        } catch {
            return nil
        }
        storage = .binary(archive)
        self.top = top
        count = archive.count
    }

    init(_ archive: Plist) throws(KeyedArchiveError) {
        guard let root = archive.dictionary else {
            throw KeyedArchiveError(.notAnArchive, "the property list is \(archive.typeName), not a keyed-archive dictionary")
        }
        guard let archiver = root["$archiver"] else {
            throw KeyedArchiveError(.notAnArchive, "the archive has no $archiver")
        }
        guard archiver.string == "NSKeyedArchiver" else {
            throw KeyedArchiveError(.notAnArchive, "$archiver is \(Self.describe(archiver)), not \"NSKeyedArchiver\"")
        }
        guard let version = root["$version"]?.integer else {
            throw KeyedArchiveError(.notAnArchive, "the archive has no integer $version")
        }
        guard version == PlistInteger(100000) else {
            throw KeyedArchiveError(.notAnArchive, "$version is \(version), not 100000")
        }
        guard let top = root["$top"]?.dictionary else {
            throw KeyedArchiveError(.notAnArchive, "the archive has no $top dictionary")
        }
        guard let objects = root["$objects"]?.array, !objects.isEmpty else {
            throw KeyedArchiveError(.notAnArchive, "the archive has no $objects array (or it is empty)")
        }
        let count = UInt64(objects.count)

        /// Checks every UID inside `value`; `owner` names the object (or `$top` key) for errors.
        func checkUIDs(_ value: Plist, owner: () -> String) throws(KeyedArchiveError) {
            switch value {
            case .uid(let uid):
                guard uid < count else {
                    throw KeyedArchiveError(.uidOutOfRange, "\(owner()) refers to UID \(uid), but $objects has \(count) objects")
                }
            case .array(let elements):
                for element in elements { try checkUIDs(element, owner: owner) }
            case .dictionary(let entries):
                for element in entries.values { try checkUIDs(element, owner: owner) }
            default:
                break
            }
        }
        for (key, value) in top {
            try checkUIDs(value, owner: { "$top key \"\(key)\"" })
        }
        for (index, object) in objects.enumerated() {
            try checkUIDs(object, owner: { "object #\(index)" })
        }

        self.count = objects.count
        (classSlots, classList) = try Self.resolveClasses(
            count: objects.count, classReference: { objects[Int($0)].dictionary?["$class"] },
            fields: { objects[Int($0)].dictionary.map(ArchiveFields.init) }, value: { objects[Int($0)] })
        storage = .tree(objects)
        self.top = top
    }

    /// Runs `body` with a binary archive's bytes borrowed for all of it, so that its reads
    /// need not each borrow them (see ``BinaryArchive/reading(_:)``).
    func reading<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        guard case .binary(let archive) = storage else { return try body() }
        return try archive.reading(body)
    }

    /// Object `uid` (below ``count``).
    func object(_ uid: UInt64) -> Plist {
        switch storage {
        case .tree(let objects): objects[Int(uid)]
        case .binary(let archive): archive.value(ofUID: uid)
        }
    }

    /// Object `uid` (below ``count``), except that a dictionary (an archived object) comes
    /// back as an empty `.dictionary`, which says what it is without building it.
    func objectOrEmptyDictionary(_ uid: UInt64) -> Plist {
        switch storage {
        case .tree(let objects): objects[Int(uid)].dictionary == nil ? objects[Int(uid)] : .dictionary([:])
        case .binary(let archive): archive.valueOrEmptyDictionary(ofUID: uid)
        }
    }

    /// The fields of object `uid` (below ``count``) when it is a dictionary.
    func fields(_ uid: UInt64) -> ArchiveFields? {
        switch storage {
        case .tree(let objects): objects[Int(uid)].dictionary.map(ArchiveFields.init)
        case .binary(let archive): archive.fields(ofUID: uid)
        }
    }

    /// The number of distinct classes in the archive.
    var classCount: Int { classList.count }

    /// The index (below ``classCount``) of the class of object `uid` when it has a `$class`
    /// (nil for UIDs out of range): objects of one class have the same.
    func classIndex(of uid: UInt64) -> Int? {
        guard uid < UInt64(count) else { return nil }
        let slot = classSlots[Int(uid)]
        return slot < 0 ? nil : Int(slot)
    }

    /// The class of object `uid` when it has a `$class` (nil for UIDs out of range).
    func archivedClass(of uid: UInt64) -> ArchivedClass? {
        guard uid < UInt64(count) else { return nil }
        let slot = classSlots[Int(uid)]
        return slot < 0 ? nil : classList[Int(slot)]
    }

    /// The Foundation families of the class of object `uid`; none when it has no `$class`
    /// (or the UID is out of range). Unlike ``archivedClass(of:)``, copies no names.
    func families(of uid: UInt64) -> FoundationFamilies {
        classIndex(of: uid).map { classList[$0].families } ?? []
    }

    /// True when object `uid` is an `NSNull` (false out of range).
    func isNullObject(_ uid: UInt64) -> Bool {
        classIndex(of: uid).map { classList[$0].isNull } ?? false
    }

    /// The UIDs of the objects that have a `$class`, ascending.
    var classUIDs: [UInt64] {
        classSlots.indices.filter { classSlots[$0] >= 0 }.map { UInt64($0) }
    }

    /// Finds the class of every object that has a `$class` (`classReference`), checking each
    /// class description once: per UID, the index of its class in the returned list, or -1.
    private static func resolveClasses(
        count: Int, classReference: (UInt64) -> Plist?, fields: (UInt64) -> ArchiveFields?, value: (UInt64) -> Plist
    ) throws(KeyedArchiveError) -> (slots: [Int32], classes: [ArchivedClass]) {
        // Per UID of a class description: its index in `classes`, or -1 before it is read.
        var slotOfDescription = [Int32](repeating: -1, count: count)
        var classes: [ArchivedClass] = []
        var slots = [Int32](repeating: -1, count: count)
        for index in 0..<count {
            guard let classRef = classReference(UInt64(index)) else { continue }
            guard case .uid(let classUID) = classRef else {
                throw KeyedArchiveError(.badClass, "object #\(index): $class is \(Self.describe(classRef)), not a UID")
            }
            let known = slotOfDescription[Int(classUID)]
            if known >= 0 {
                slots[index] = known
                continue
            }
            let description = try Self.classDescription(at: classUID, fields: fields(classUID), typeName: { value(classUID).typeName }, for: index)
            slotOfDescription[Int(classUID)] = Int32(classes.count)
            slots[index] = Int32(classes.count)
            classes.append(description)
        }
        return (slots, classes)
    }

    /// Reads the class description at `uid` (whose fields are `fields`, nil when it is not a
    /// dictionary, of type `typeName`), which object `owner` names as its `$class`.
    private static func classDescription(at uid: UInt64, fields: ArchiveFields?, typeName: () -> String, for owner: Int) throws(KeyedArchiveError) -> ArchivedClass {
        guard let fields else {
            throw KeyedArchiveError(.badClass, "object #\(owner): $class refers to #\(uid), which is \(typeName()), not a class description")
        }
        if fields.contains("$class") {
            // An object standing where a class description should be: `$class` chains (or a
            // cycle such as an object that is its own class) are not classes.
            throw KeyedArchiveError(.badClass, "object #\(owner): $class refers to #\(uid), an object with a $class of its own, not a class description (cyclic $class chain)")
        }
        guard let name = fields["$classname"]?.string else {
            throw KeyedArchiveError(.badClass, "object #\(owner): the class description #\(uid) has no $classname string")
        }
        var hierarchy = [name]
        if let classes = fields["$classes"] {
            guard let list = classes.array else {
                throw KeyedArchiveError(.badClass, "class \(name) (#\(uid)): $classes is \(classes.typeName), not an array")
            }
            hierarchy = []
            for entry in list {
                guard let className = entry.string else {
                    throw KeyedArchiveError(.badClass, "class \(name) (#\(uid)): $classes holds \(describe(entry)), not a class name (a UID there would make the hierarchy cyclic)")
                }
                hierarchy.append(className)
            }
            if hierarchy.first != name { hierarchy.insert(name, at: 0) }
        }
        return ArchivedClass(name: name, hierarchy: hierarchy)
    }

    static func describe(_ value: Plist) -> String {
        switch value {
        case .string(let string): "\"\(string)\""
        case .uid(let uid): "UID \(uid)"
        case .integer(let integer): "integer \(integer)"
        default: value.typeName
        }
    }
}
