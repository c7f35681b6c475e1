#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections
import PlistKit

/// Reads an `NSKeyedArchiver` archive back into ``KeyedCodable`` objects and Swift values.
///
/// Like `NSKeyedUnarchiver`: objects are built once each, so an object referenced twice comes
/// back as one instance, and cycles (parent ↔ child, a node pointing to itself) are rebuilt
/// without recursion through them. Decoding at the top level (outside any object's
/// ``KeyedCodable/decode(from:)``) reads `$top`.
///
/// ```swift
/// let student = try KeyedUnarchiver.unarchivedObject(ofType: Student.self, from: data,
///                                                    allowedClasses: [Student.self, Teacher.self])
/// ```
///
/// **Secure decoding.** When ``allowedClassNames`` is set, every class the archive names
/// must be in it (or be one of ``foundationClassNames``), otherwise the first top-level decode
/// throws `classNotAllowed` before any object is built.
public final class KeyedUnarchiver {
    /// The Foundation classes decoded into plain Swift values (`String`, `Array`, `Date`, …).
    /// Secure decoding always allows them: they build no objects of your types.
    public static let foundationClassNames: Set<String> = [
        "NSString", "NSMutableString", "NSNumber", "NSArray", "NSMutableArray",
        "NSDictionary", "NSMutableDictionary", "NSSet", "NSMutableSet", "NSCountedSet", "NSOrderedSet",
        "NSMutableOrderedSet", "NSData", "NSMutableData", "NSDate", "NSUUID", "NSURL", "NSNull",
    ]

    /// Class names an archive may contain besides ``foundationClassNames``, or nil (the
    /// default) to allow any class. Like `requiresSecureCoding` with
    /// `unarchivedObject(ofClasses:from:)`'s class list.
    public var allowedClassNames: Set<String>? {
        didSet { classesVerified = false }
    }

    // The limits, mappings and decoding state below are read or changed in single accesses
    // that span no call out (to user code or otherwise), so they skip dynamic exclusivity
    // checks (otherwise made for every object or value decoded).

    /// Objects nested deeper than this are finished after their referrer returns instead of
    /// recursively, so deep graphs cannot overflow the stack.
    @exclusivity(unchecked) public var maximumRecursionDepth = 64
    /// The deepest nesting of Foundation collections ``decodeObject(forKey:)`` and the
    /// generic unarchive follow before throwing `depthLimitExceeded`.
    @exclusivity(unchecked) public var maximumDepth = 512

    let table: ArchiveTable
    @exclusivity(unchecked) private var classMap: [String: any KeyedCodable.Type] = [:]
    @exclusivity(unchecked) private var valueTypeMap: [String: ObjectIdentifier] = [:]
    @exclusivity(unchecked) private var classesVerified = false

    /// Objects built so far, by UID (allocated for every UID at the first object).
    @exclusivity(unchecked) private var instances: [AnyObject?] = []
    /// Per class of the archive (``ArchiveTable/classIndex(of:)``), the type the class
    /// mappings give it, once looked up (looking up the name for every object cost a fiftieth
    /// of an unarchive); emptied when a mapping changes.
    @exclusivity(unchecked) private var mappedTypes: [(any KeyedCodable.Type)?] = []
    /// Foundation collections being decoded, one bit per UID (made at the first), to catch
    /// collections that contain themselves.
    @exclusivity(unchecked) private var valuesInProgress: [UInt64] = []
    /// Foundation collections already decoded (see ``DecodedValueCache``).
    @exclusivity(unchecked) private var decodedValues = DecodedValueCache()
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var pending: [(object: any KeyedCodable, uid: UInt64, className: String)] = []
    @exclusivity(unchecked) var depth = 0

    private struct Frame {
        let uid: UInt64
        let className: String
        let fields: ArchiveFields
    }

    /// Reads an archive in any property-list format.
    ///
    /// Like `NSKeyedUnarchiver(forReadingFrom:)`.
    /// - Throws: ``KeyedArchiveError``: `notAPropertyList`, `notAnArchive`, `uidOutOfRange` or
    ///   `badClass` when the archive is malformed.
    public convenience init(forReadingFrom data: some Collection<UInt8>) throws(KeyedArchiveError) {
        if let table = ArchiveTable(binary: data) {
            self.init(table: table)
            return
        }
        let archive: Plist
        do {
            archive = try Plist(decoding: data)
        } catch {
            throw KeyedArchiveError(.notAPropertyList, "not a property list: \(error)", cause: error)
        }
        try self.init(archive: archive)
    }

    /// Reads an archive already parsed into a `Plist`.
    public convenience init(archive: Plist) throws(KeyedArchiveError) {
        self.init(table: try ArchiveTable(archive))
    }

    private init(table: ArchiveTable) {
        self.table = table
    }

    /// Decodes objects named `name` in the archive as `type`, like
    /// `NSKeyedUnarchiver.setClass(_:forClassName:)`. Pass nil to remove a mapping.
    ///
    /// Without a mapping, an object is decoded as the type the caller asks for when that type's
    /// ``KeyedCodable/archivedClassName`` is the object's class or one of its superclasses.
    public func setClass(_ type: (any KeyedCodable.Type)?, forClassName name: String) {
        classMap[name] = type
        mappedTypes = []
    }

    /// Decodes objects named `name` in the archive as the value type `type` (see
    /// ``KeyedValueCodable``). Pass nil to remove a mapping.
    public func setValueType(_ type: (any KeyedValueCodable.Type)?, forClassName name: String) {
        valueTypeMap[name] = type.map { ObjectIdentifier($0) }
    }

    /// Decodes the root object (`$top` key `root`) of an archive made by
    /// ``KeyedArchiver/archivedData(withRootObject:format:)`` or
    /// `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)`.
    ///
    /// Like `NSKeyedUnarchiver.unarchivedObject(ofClasses:from:)`.
    /// - Parameters:
    ///   - type: the type of the root.
    ///   - data: the archive, binary or XML.
    ///   - allowedClasses: nil to allow any class; otherwise secure decoding, allowing only these
    ///     classes (registered under their ``KeyedCodable/archivedClassName``), `type` when it is
    ///     a class, and Foundation's value classes.
    ///   - classNames: extra mappings from archived class names to types.
    public static func unarchivedObject<T: KeyedArchivable>(
        ofType type: T.Type,
        from data: some Collection<UInt8>,
        allowedClasses: [any KeyedCodable.Type]? = nil,
        classNames: [String: any KeyedCodable.Type] = [:]
    ) throws(KeyedArchiveError) -> T {
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        for (name, type) in classNames { unarchiver.setClass(type, forClassName: name) }
        if let allowedClasses {
            var names = Set<String>()
            for allowed in allowedClasses {
                // Its own name, and the module-qualified name Foundation writes for it.
                for name in [allowed.archivedClassName, String(reflecting: allowed)] {
                    names.insert(name)
                    if unarchiver.classMap[name] == nil { unarchiver.setClass(allowed, forClassName: name) }
                }
            }
            if let codable = type as? any KeyedCodable.Type { names.insert(codable.archivedClassName) }
            if let value = type as? any KeyedValueCodable.Type { names.insert(value.archivedClassName) }
            names.formUnion(classNames.keys)
            unarchiver.allowedClassNames = names
        }
        return try unarchiver.decode(type, forKey: KeyedArchiver.rootKey)
    }

    // MARK: Decoding fields

    /// The keys of the object being decoded (or of `$top` at the top level), `$class` excepted.
    public var allKeys: [String] {
        currentFields.keys.map(\.string).filter { $0 != "$class" }
    }

    /// True when the object being decoded (or `$top`) has `key`, like
    /// `NSCoder.containsValue(forKey:)`.
    public func containsValue(forKey key: String) -> Bool {
        currentFields.contains(PlistKey(key))
    }

    /// Decodes the value stored under `key`.
    ///
    /// Like `NSCoder.decodeObject(of:forKey:)` and `decodeInteger(forKey:)` etc. in one:
    /// numbers, Booleans and bytes are accepted in place or as objects.
    /// - Throws: `missingKey` when the key is absent; `typeMismatch` when the value is not a
    ///   `T` (including `$null` for a non-optional `T`); `classNotAllowed`, `unknownClass`.
    @inlinable
    public func decode<T: KeyedArchivable>(_ type: T.Type, forKey key: String) throws(KeyedArchiveError) -> T {
        try decoding(key) { () throws(KeyedArchiveError) -> T in
            try T.unarchive(from: slot(forKey: key, expected: T.self), in: self)
        }
    }

    /// Decodes the value under `key`, or returns nil when the key is absent or holds `$null`
    /// or `NSNull`.
    @inlinable
    public func decodeIfPresent<T: KeyedArchivable>(_ type: T.Type, forKey key: String) throws(KeyedArchiveError) -> T? {
        // `T?` appears only in the result: called unspecialized, a closure or local of type
        // `T?` would look up `Optional<T>`'s metadata on every call.
        guard let slot = try presentSlot(forKey: key) else { return nil }
        return try decoding(key) { () throws(KeyedArchiveError) -> T in try T.unarchive(from: slot, in: self) }
    }

    /// Decodes whatever is under `key` into natural Swift values: `String`, `Int` (`UInt64`
    /// above `Int64.max`), `Double`, `Bool`, `Data`, `Date`, `UUID`, `URL`, `[Any]`,
    /// `[AnyHashable: Any]`, `Set<AnyHashable>`, nil for `$null`/`NSNull`, and objects of
    /// classes set with ``setClass(_:forClassName:)``.
    ///
    /// Like `NSCoder.decodeObject(forKey:)`.
    public func decodeObject(forKey key: String) throws(KeyedArchiveError) -> Any? {
        try topLevel { () throws(KeyedArchiveError) -> Any? in
            guard let slot = currentFields[PlistKey(key)] else { return nil }
            return try wrap(key) { () throws(KeyedArchiveError) -> Any? in try anyValue(from: slot) }
        }
    }

    // MARK: Internals

    func hasMapping(for className: String) -> Bool {
        classMap[className] != nil
    }

    private var currentFields: ArchiveFields {
        frames.last?.fields ?? ArchiveFields(table.top)
    }

    /// Where decoding is, for error messages.
    var location: String {
        guard let frame = frames.last else { return "$top" }
        return "object #\(frame.uid) (\(frame.className))"
    }

    /// The value under `key`, for ``decode(_:forKey:)`` (`expected` names its type).
    /// - Throws: `missingKey` when there is none.
    @usableFromInline
    func slot(forKey key: String, expected: Any.Type) throws(KeyedArchiveError) -> Plist {
        guard let slot = currentFields[PlistKey(key)] else {
            throw KeyedArchiveError(.missingKey, "\(location) has no key \"\(key)\" (expected \(expected))")
        }
        return slot
    }

    /// The value under `key`, for ``decodeIfPresent(_:forKey:)``: nil when there is none or it
    /// is `$null` or NSNull. At the top level, first checks the allowed classes.
    @usableFromInline
    func presentSlot(forKey key: String) throws(KeyedArchiveError) -> Plist? {
        if frames.isEmpty { try verifyAllowedClasses() }
        guard let slot = currentFields[PlistKey(key)], !isNull(slot) else { return nil }
        return slot
    }

    /// Runs `body`, which decodes the value under `key`, as every decode runs: at the top
    /// level with the checks and finishing ``topLevel(_:)`` adds, and with errors placed at
    /// the key.
    @usableFromInline
    func decoding<R>(_ key: String, _ body: () throws(KeyedArchiveError) -> R) throws(KeyedArchiveError) -> R {
        try topLevel { () throws(KeyedArchiveError) -> R in try wrap(key, body) }
    }

    private func wrap<R>(_ key: String, _ body: () throws(KeyedArchiveError) -> R) throws(KeyedArchiveError) -> R {
        do throws(KeyedArchiveError) {
            return try body()
        } catch {
            if error.message.contains(" key \"") { throw error }
            var error = error
            error.message = "\(location) key \"\(key)\": \(error.message)"
            throw error
        }
    }

    /// Runs a decode; at the top level, first checks the allowed classes, and afterwards
    /// finishes objects that were put off.
    private func topLevel<R>(_ body: () throws(KeyedArchiveError) -> R) throws(KeyedArchiveError) -> R {
        guard frames.isEmpty else { return try body() }
        try verifyAllowedClasses()
        return try table.reading { () throws(KeyedArchiveError) -> R in
            do throws(KeyedArchiveError) {
                let result = try body()
                while let next = pending.popLast() {
                    try decodeBody(of: next.object, uid: next.uid, className: next.className)
                }
                return result
            } catch {
                pending.removeAll()
                throw error
            }
        }
    }

    private func verifyAllowedClasses() throws(KeyedArchiveError) {
        guard !classesVerified else { return }
        if let allowed = allowedClassNames {
            for uid in table.classUIDs {
                let name = table.archivedClass(of: uid)!.name
                if !allowed.contains(name) && !Self.foundationClassNames.contains(name) {
                    throw KeyedArchiveError(.classNotAllowed, "object #\(uid) is of class \(name), which is not among the allowed classes \(allowed.sorted())")
                }
            }
        }
        classesVerified = true
    }

    /// True when `slot` is `$null` or refers to an NSNull object.
    @usableFromInline
    func isNull(_ slot: Plist) -> Bool {
        guard case .uid(let uid) = slot else { return false }
        return uid == 0 || table.isNullObject(uid)
    }

    /// The object a slot refers to (or the slot itself when it holds a value in place).
    ///
    /// A dictionary (an archived object) comes back as an empty `.dictionary`, which says
    /// what it is without decoding it: read its fields with `table.fields(_:)`.
    func resolve(_ slot: Plist) -> (uid: UInt64?, value: Plist) {
        if case .uid(let uid) = slot { return (uid, table.objectOrEmptyDictionary(uid)) }
        return (nil, slot)
    }

    func className(of uid: UInt64) -> String? {
        table.archivedClass(of: uid)?.name
    }

    /// A `typeMismatch` error: `expected` was wanted, `slot` found.
    @usableFromInline
    func typeMismatch(_ expected: String, found slot: Plist) -> KeyedArchiveError {
        KeyedArchiveError(.typeMismatch, "expected \(expected), found \(describe(slot))")
    }

    /// Describes a slot for error messages: `$null`, a class name or a value type.
    func describe(_ slot: Plist) -> String {
        guard case .uid(let uid) = slot else { return "\(slot.typeName) in place" }
        if uid == 0 { return "$null" }
        if let name = table.archivedClass(of: uid)?.name { return "an object of class \(name) (#\(uid))" }
        if table.fields(uid) != nil { return "a dictionary without $class (#\(uid))" }
        return "\(table.object(uid).typeName) (#\(uid))"
    }

    /// The fields of the Foundation object at `uid` when its class is in one of `families`.
    @usableFromInline
    func foundationFields(of slot: Plist, in families: FoundationFamilies, expected: String) throws(KeyedArchiveError) -> (uid: UInt64, fields: ArchiveFields) {
        guard case .uid(let uid) = slot, !table.families(of: uid).isDisjoint(with: families), let fields = table.fields(uid)
        else { throw typeMismatch(expected, found: slot) }
        return (uid, fields)
    }

    /// Runs `body` for the Foundation collection `uid` (or returns its earlier result for the
    /// same type), throwing `cyclicReference` when the
    /// collection is already being decoded and `depthLimitExceeded` past ``maximumDepth``.
    @usableFromInline
    func decodingValue<R>(_ uid: UInt64, _ body: () throws(KeyedArchiveError) -> R) throws(KeyedArchiveError) -> R {
        let type = ObjectIdentifier(R.self)
        // Stored as an `R` under `R`'s identity. (A conditional cast would make an `R?`,
        // whose metadata an unspecialized call looks up every time.)
        if let cached = decodedValues[uid, type] { return cached as! R }
        // Callers pass the UID of an object they found a class for, so below the count.
        guard uid < UInt64(table.count) else {
            throw KeyedArchiveError(.uidOutOfRange, "UID \(uid) is past the \(table.count) objects of the archive")
        }
        let (word, bit) = (Int(uid / 64), UInt64(1) << (uid % 64))
        if valuesInProgress.isEmpty { valuesInProgress = Array(repeating: 0, count: (table.count + 63) / 64) }
        guard valuesInProgress[word] & bit == 0 else {
            throw KeyedArchiveError(.cyclicReference, "\(describe(.uid(uid))) contains itself; a Swift value cannot")
        }
        guard depth < maximumDepth else {
            throw KeyedArchiveError(.depthLimitExceeded, "values nest deeper than \(maximumDepth) levels")
        }
        valuesInProgress[word] |= bit
        depth += 1
        defer {
            depth -= 1
            valuesInProgress[word] &= ~bit
        }
        let value = try body()
        decodedValues.set(value, uid: uid, type: type)
        return value
    }

    /// The Swift type to build for the object at `uid`: a mapping set with `setClass` for
    /// its class or a superclass, else `expected` when its name is among them.
    func resolveType(of uid: UInt64, expected: (any KeyedCodable.Type)?) throws(KeyedArchiveError) -> (type: any KeyedCodable.Type, className: String) {
        guard let archivedClass = table.archivedClass(of: uid), let classIndex = table.classIndex(of: uid) else {
            throw KeyedArchiveError(.badClass, "object #\(uid) has no $class")
        }
        if mappedTypes.isEmpty { mappedTypes = Array(repeating: nil, count: table.classCount) }
        if let mapped = mappedTypes[classIndex] { return (mapped, archivedClass.name) }
        for name in archivedClass.hierarchy {
            if let mapped = classMap[name] {
                mappedTypes[classIndex] = mapped
                return (mapped, archivedClass.name)
            }
            if let expected, expected.archivedClassName == name { return (expected, archivedClass.name) }
        }
        throw KeyedArchiveError(.unknownClass, "object #\(uid) is of class \(archivedClass.name) (\(archivedClass.hierarchy.joined(separator: " → "))), for which no type is set\(expected.map { "; expected \($0.archivedClassName)" } ?? "")")
    }

    /// The object at `uid`, built (and registered before its fields are decoded) on first use.
    @usableFromInline
    func object<T: KeyedCodable>(at uid: UInt64, as type: T.Type) throws(KeyedArchiveError) -> T {
        let built = try anyObject(at: uid, expected: T.self)
        guard let typed = built as? T else {
            throw KeyedArchiveError(.typeMismatch, "expected an object of class \(T.archivedClassName), found \(describe(.uid(uid))) decoded as \(Swift.type(of: built))")
        }
        return typed
    }

    func anyObject(at uid: UInt64, expected: (any KeyedCodable.Type)?) throws(KeyedArchiveError) -> AnyObject {
        if uid < UInt64(instances.count), let built = instances[Int(uid)] { return built }
        if uid == 0 {
            throw KeyedArchiveError(.typeMismatch, "expected an object\(expected.map { " of class \($0.archivedClassName)" } ?? ""), found $null")
        }
        guard table.fields(uid) != nil else {
            throw typeMismatch("an object\(expected.map { " of class \($0.archivedClassName)" } ?? "")", found: .uid(uid))
        }
        let (type, className) = try resolveType(of: uid, expected: expected)
        let instance = type.init()
        if instances.isEmpty { instances = Array(repeating: nil, count: table.count) }
        instances[Int(uid)] = instance
        if frames.count >= maximumRecursionDepth {
            pending.append((instance, uid, className))
        } else {
            try decodeBody(of: instance, uid: uid, className: className)
        }
        return instance
    }

    /// Builds the ``KeyedValueCodable`` a slot refers to.
    @usableFromInline
    func value<T: KeyedValueCodable>(from slot: Plist, as type: T.Type) throws(KeyedArchiveError) -> T {
        guard case .uid(let uid) = slot, let archivedClass = table.archivedClass(of: uid) else {
            throw typeMismatch("a value of class \(T.archivedClassName)", found: slot)
        }
        let wanted = ObjectIdentifier(T.self)
        guard archivedClass.hierarchy.contains(where: { $0 == T.archivedClassName || valueTypeMap[$0] == wanted }) else {
            throw typeMismatch("a value of class \(T.archivedClassName)", found: slot)
        }
        return try decodingValue(uid) { () throws(KeyedArchiveError) -> T in
            let fields = table.fields(uid) ?? ArchiveFields([:])
            frames.append(Frame(uid: uid, className: archivedClass.name, fields: fields))
            defer { frames.removeLast() }
            do {
                return try T(from: self)
            } catch {
                if let error = error as? KeyedArchiveError { throw error }
                throw KeyedArchiveError(.typeMismatch, "\(location): \(error)")
            }
        }
    }

    private func decodeBody(of object: any KeyedCodable, uid: UInt64, className: String) throws(KeyedArchiveError) {
        let fields = table.fields(uid) ?? ArchiveFields([:])
        frames.append(Frame(uid: uid, className: className, fields: fields))
        defer { frames.removeLast() }
        do {
            try object.decode(from: self)
        } catch {
            if let error = error as? KeyedArchiveError { throw error }
            throw KeyedArchiveError(.typeMismatch, "\(location): \(error)")
        }
    }
}
