import OrderedCollections
import PlistKit

/// A class description from `$objects`: `{ $classname, $classes }`.
struct ArchivedClass: Sendable {
    let name: String
    /// `$classes`: the class first, then its superclasses.
    let hierarchy: [String]
}

/// A keyed archive, checked once: the header, every UID in range, every `$class` resolving to
/// a well-formed class description.
struct ArchiveTable: Sendable {
    let objects: [Plist]
    let top: PlistDictionary
    /// The class of every object that has a `$class`, by UID.
    let classes: [UInt64: ArchivedClass]

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

        var descriptions: [UInt64: ArchivedClass] = [:]
        var classes: [UInt64: ArchivedClass] = [:]
        for (index, object) in objects.enumerated() {
            guard let fields = object.dictionary, let classRef = fields["$class"] else { continue }
            guard case .uid(let classUID) = classRef else {
                throw KeyedArchiveError(.badClass, "object #\(index): $class is \(Self.describe(classRef)), not a UID")
            }
            if let known = descriptions[classUID] {
                classes[UInt64(index)] = known
                continue
            }
            let description = try Self.classDescription(at: classUID, in: objects, for: index)
            descriptions[classUID] = description
            classes[UInt64(index)] = description
        }
        self.objects = objects
        self.top = top
        self.classes = classes
    }

    /// Reads the class description at `uid`, which object `owner` names as its `$class`.
    private static func classDescription(at uid: UInt64, in objects: [Plist], for owner: Int) throws(KeyedArchiveError) -> ArchivedClass {
        let target = objects[Int(uid)]
        guard let fields = target.dictionary else {
            throw KeyedArchiveError(.badClass, "object #\(owner): $class refers to #\(uid), which is \(target.typeName), not a class description")
        }
        if fields["$class"] != nil {
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
