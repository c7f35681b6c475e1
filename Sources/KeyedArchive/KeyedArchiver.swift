#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections
import PlistKit

/// Writes an object graph as an `NSKeyedArchiver` archive: `$archiver` = `NSKeyedArchiver`,
/// `$version` = 100000, `$top`, and `$objects` with `$null` at index 0.
///
/// Like `NSKeyedArchiver`: ``KeyedCodable`` objects are written once each, by identity, and
/// referenced by UID, so shared objects and cycles survive. Strings and numbers are written
/// once per distinct value. Encoding at the top level (outside any object's
/// ``KeyedCodable/encode(with:)``) writes into `$top`.
///
/// ```swift
/// let data = try KeyedArchiver.archivedData(withRootObject: student)
/// ```
public final class KeyedArchiver {
    /// The format ``finishEncoding()`` writes: `.binary` (as `NSKeyedArchiver` does by
    /// default) or `.xml`.
    public var outputFormat: PlistFormat

    // The tables below are touched only by this archiver's own methods, each access
    // finished before the next call into an `encode(with:)`, so they skip dynamic
    // exclusivity checks (a tenth of the time of archiving many small objects).
    @exclusivity(unchecked) private var objects: [Plist] = [.string("$null")]
    @exclusivity(unchecked) private var objectUIDs = ObjectUIDTable()
    /// Keeps archived objects alive so that their `ObjectIdentifier`s stay unique.
    @exclusivity(unchecked) private var retained: [AnyObject] = []
    @exclusivity(unchecked) private var scalarUIDs: [Plist: UInt64] = [:]
    @exclusivity(unchecked) private var stringUIDs = StringUIDTable()
    private var classUIDs: [[String]: UInt64] = [:]
    @exclusivity(unchecked) private var recentClassUIDs = ClassUIDCache()
    private var classNameOverrides: [ObjectIdentifier: String] = [:] {
        didSet { typeClassUIDs = ObjectUIDTable() }
    }
    @exclusivity(unchecked) private var typeClassUIDs = ObjectUIDTable()
    private var valueClassNameOverrides: [String: String] = [:]
    /// The fields of the objects being encoded, innermost last.
    @exclusivity(unchecked) private var frames: [ArchiveFrame] = []
    /// The keys the last object of each class got, which the next ones follow and share.
    @exclusivity(unchecked) private var classLayouts = ClassLayouts()
    /// The key arrays of finished frames, for the next ones.
    @exclusivity(unchecked) private var frameScratch: [ArchiveFrame.Scratch] = []
    /// Per ``FixedFoundationClass``, its class UID and key array, once an object of it is written.
    @exclusivity(unchecked) private var fixedLayouts = [(classUID: UInt64, keys: [PlistKey])?](repeating: nil, count: FixedFoundationClass.allCases.count)
    /// Objects given a UID but not yet encoded (graphs deeper than the recursion limit).
    private var pending: [(object: any KeyedCodable, uid: UInt64)] = []
    private var top: PlistDictionary = [:]

    /// The `$top` key under which ``archivedData(withRootObject:format:)`` stores the root,
    /// and which ``KeyedUnarchiver/unarchivedObject(ofType:from:allowedClasses:classNames:)``
    /// reads. Like `NSKeyedArchiveRootObjectKey`.
    public static let rootKey = "root"

    /// Write the module-qualified class name Foundation's `NSKeyedArchiver` on Linux writes
    /// (`MyApp.Person`, Swift's `String(reflecting:)`) for every ``KeyedCodable`` class whose
    /// ``KeyedCodable/archivedClassName`` is the default (its bare type name). Default false.
    /// Names set with `setClassName(_:for:)` still win.
    public var writesModuleQualifiedClassNames = false {
        didSet { typeClassUIDs = ObjectUIDTable() }
    }

    /// Objects nested deeper than this are encoded after their referrer returns, instead of
    /// recursively, so deep graphs (long linked lists) cannot overflow the stack.
    public var maximumRecursionDepth = 64

    /// Creates an archiver that writes `outputFormat` (binary by default).
    public init(outputFormat: PlistFormat = .binary) {
        self.outputFormat = outputFormat
    }

    /// Archives `root` under ``rootKey`` (`root`) in `$top` and returns the encoded archive.
    ///
    /// Like `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)`.
    /// - Parameters:
    ///   - root: the object (or value) to archive.
    ///   - format: `.binary` (the default) or `.xml`.
    /// - Throws: ``KeyedArchiveError`` with code `encodingFailed` when the plist writer fails.
    public static func archivedData(withRootObject root: some KeyedArchivable, format: PlistFormat = .binary) throws(KeyedArchiveError) -> Data {
        let archiver = KeyedArchiver(outputFormat: format)
        archiver.encode(root, forKey: rootKey)
        return try archiver.finishEncoding()
    }

    /// Writes `name` as the `$classname` of every object of `type` (and first in its
    /// `$classes`), like `NSKeyedArchiver.setClassName(_:for:)`.
    public func setClassName(_ name: String?, for type: any KeyedCodable.Type) {
        classNameOverrides[ObjectIdentifier(type)] = name
    }

    /// Writes `name` as the `$classname` of every value of `type`.
    public func setClassName(_ name: String?, for type: any KeyedValueCodable.Type) {
        valueClassNameOverrides[type.archivedClassName] = name
    }

    // MARK: Encoding fields

    /// Encodes an object or value by reference (a UID), or `$null` when it is nil.
    ///
    /// Like `NSCoder.encode(_:forKey:)` for objects.
    public func encode<T: KeyedArchivable>(_ value: T?, forKey key: String) {
        let slot: Plist = switch value {
        case .some(let value): .uid(value.archive(into: self))
        case .none: .uid(0)
        }
        setField(slot, forKey: key)
    }

    /// Encodes an object or value by reference (a UID), like `NSCoder.encode(_:forKey:)`
    /// for objects.
    ///
    /// The same as the optional form for a value that is there, without wrapping it: called
    /// from another module, the optional form looks up the metadata of `T?` on every call.
    public func encode<T: KeyedArchivable>(_ value: T, forKey key: String) {
        setField(.uid(value.archive(into: self)), forKey: key)
    }

    /// Encodes an integer in place, like `NSCoder.encode(_: Int, forKey:)`.
    public func encode(_ value: Int, forKey key: String) {
        setField(.integer(PlistInteger(value)), forKey: key)
    }

    /// Encodes a 64-bit integer in place, like `NSCoder.encode(_: Int64, forKey:)`.
    public func encode(_ value: Int64, forKey key: String) {
        setField(.integer(PlistInteger(value)), forKey: key)
    }

    /// Encodes a 32-bit integer in place, like `NSCoder.encode(_: Int32, forKey:)`.
    public func encode(_ value: Int32, forKey key: String) {
        setField(.integer(PlistInteger(Int64(value))), forKey: key)
    }

    /// Encodes an unsigned 64-bit integer in place (values above `Int64.max` are kept exactly).
    public func encode(_ value: UInt64, forKey key: String) {
        setField(.integer(PlistInteger(value)), forKey: key)
    }

    /// Encodes a double in place, like `NSCoder.encode(_: Double, forKey:)`.
    public func encode(_ value: Double, forKey key: String) {
        setField(.real(value), forKey: key)
    }

    /// Encodes a float in place (as a real), like `NSCoder.encode(_: Float, forKey:)`.
    public func encode(_ value: Float, forKey key: String) {
        setField(.real32(value), forKey: key)
    }

    /// Encodes a Boolean in place, like `NSCoder.encode(_: Bool, forKey:)`.
    public func encode(_ value: Bool, forKey key: String) {
        setField(.bool(value), forKey: key)
    }

    /// Encodes bytes in place, like `NSCoder.encodeBytes(_:length:forKey:)`. (Encoding a
    /// `Data` with ``encode(_:forKey:)-(T?,_)`` writes an `NSData` object instead; decoding
    /// accepts both.)
    public func encodeBytes(_ bytes: Data, forKey key: String) {
        setField(.data(bytes), forKey: key)
    }

    /// Ends encoding and returns the archive in ``outputFormat``.
    ///
    /// Like `NSKeyedArchiver.finishEncoding()` followed by `encodedData`.
    public func finishEncoding() throws(KeyedArchiveError) -> Data {
        drainPending()
        let archive: Plist = .dictionary([
            "$version": .integer(100000),
            "$archiver": .string("NSKeyedArchiver"),
            "$top": .dictionary(top),
            "$objects": .array(objects),
        ])
        do {
            return try archive.encoded(as: outputFormat)
        } catch {
            throw KeyedArchiveError(.encodingFailed, "cannot write the archive as \(outputFormat): \(error)", cause: error)
        }
    }

    /// The archive as a property-list value, before it is encoded to bytes.
    public func finishedArchive() -> Plist {
        drainPending()
        return .dictionary([
            "$version": .integer(100000),
            "$archiver": .string("NSKeyedArchiver"),
            "$top": .dictionary(top),
            "$objects": .array(objects),
        ])
    }

    // MARK: Internals used by the conformances

    private func setField(_ slot: Plist, forKey key: String) {
        if frames.isEmpty {
            top[PlistKey(key)] = slot
        } else {
            frames[frames.count - 1].set(slot, forKey: key)
        }
    }

    private func drainPending() {
        while let next = pending.popLast() {
            encodeBody(of: next.object, uid: next.uid)
        }
    }

    /// The UID of a scalar object (string, number, data), written once per distinct value.
    func uid(forScalar value: Plist) -> UInt64 {
        // Reals are not shared: 0.0 and -0.0 compare equal but must stay distinct.
        if case .real = value { return append(value) }
        if case .real32 = value { return append(value) }
        if case .string(let string) = value {
            // By the exact scalars: Swift's `==` treats canonically equivalent strings ("é"
            // and "e\u{301}") as equal, and both must survive.
            return stringUIDs.uid(for: string) { append(value) }
        }
        if let uid = scalarUIDs[value] { return uid }
        let uid = append(value)
        scalarUIDs[value] = uid
        return uid
    }

    /// Appends a Foundation object of a class whose objects all have the same keys: `$class`,
    /// then `field` under the class's one key (see ``FixedFoundationClass``).
    ///
    /// The class UID and the key array are made for the first object of the class and shared
    /// by the next ones, which cost one allocation each (the values).
    func uid(for kind: FixedFoundationClass, field: Plist?) -> UInt64 {
        let layout: (classUID: UInt64, keys: [PlistKey])
        if let known = fixedLayouts[kind.rawValue] {
            layout = known
        } else {
            layout = (classUID(kind.hierarchy), kind.keys)
            fixedLayouts[kind.rawValue] = layout
        }
        let values: [Plist] = if let field { [.uid(layout.classUID), field] } else { [.uid(layout.classUID)] }
        return append(.dictionary(PlistDictionary(uncheckedUniqueKeys: layout.keys, values: values)))
    }

    /// `$class` then `fields`, the keys shared with the last object of the class that had the
    /// same ones (see ``ArchiveFrame``).
    private func objectDictionary(_ hierarchy: [String], _ fields: some Sequence<(key: String, value: Plist)>) -> Plist {
        var frame = newFrame(classUID: classUID(hierarchy))
        for (key, value) in fields { frame.set(value, forKey: key) }
        return finish(frame)
    }

    /// Reserves a UID for a Foundation object whose fields refer to other objects, so that
    /// the container comes before its elements in `$objects` as in Apple's archives.
    func reserveUID() -> UInt64 {
        append(.string("$null"))
    }

    /// Fills a UID reserved with ``reserveUID()``.
    func fill(_ uid: UInt64, hierarchy: [String], fields: PlistDictionary) {
        objects[Int(uid)] = objectDictionary(hierarchy, fields.lazy.map { (key: $0.key.string, value: $0.value) })
    }

    /// The UID of a `KeyedCodable` object, encoding it the first time it is seen.
    func uid(forObject object: any KeyedCodable) -> UInt64 {
        let id = ObjectIdentifier(object)
        if let uid = objectUIDs[id] { return uid }
        let uid = reserveUID()
        objectUIDs.add(uid, for: id)
        retained.append(object)
        if frames.count >= maximumRecursionDepth {
            pending.append((object, uid))
        } else {
            encodeBody(of: object, uid: uid)
        }
        return uid
    }

    /// Writes a ``KeyedValueCodable`` as a new object.
    func uid<T: KeyedValueCodable>(forValue value: T) -> UInt64 {
        let uid = reserveUID()
        var hierarchy = T.archivedClassHierarchy
        if hierarchy.isEmpty { hierarchy = [T.archivedClassName] }
        if let name = valueClassNameOverrides[T.archivedClassName] { hierarchy[0] = name }
        frames.append(newFrame(classUID: classUID(hierarchy)))
        value.encode(with: self)
        objects[Int(uid)] = finish(frames.removeLast())
        return uid
    }

    private func encodeBody(of object: any KeyedCodable, uid: UInt64) {
        frames.append(newFrame(classUID: classUID(for: type(of: object))))
        object.encode(with: self)
        objects[Int(uid)] = finish(frames.removeLast())
    }

    /// A frame for an object of class `classUID`, following the last one of the class, with
    /// the key arrays of a finished one.
    private func newFrame(classUID: UInt64) -> ArchiveFrame {
        ArchiveFrame(classUID: classUID, layout: classLayouts.layout(for: classUID), scratch: frameScratch.popLast())
    }

    /// The dictionary of a finished frame (see ``ArchiveFrame/dictionary()``).
    private func finish(_ frame: consuming ArchiveFrame) -> Plist {
        let (dictionary, newLayout) = frame.dictionary()
        if let newLayout { classLayouts.remember(newLayout, for: frame.classUID) }
        frameScratch.append(frame.scratch())
        return dictionary
    }

    /// The class description of a `KeyedCodable` type (with ``setClassName(_:for:)`` applied),
    /// cached by type.
    private func classUID(for type: any KeyedCodable.Type) -> UInt64 {
        let id = ObjectIdentifier(type)
        if let uid = typeClassUIDs[id] { return uid }
        var hierarchy = type.archivedClassHierarchy
        var name = classNameOverrides[id]
        if name == nil, writesModuleQualifiedClassNames, type.archivedClassName == String(describing: type) {
            name = String(reflecting: type)
        }
        if let name {
            if hierarchy.isEmpty { hierarchy = [name] } else { hierarchy[0] = name }
        }
        if hierarchy.isEmpty { hierarchy = [type.archivedClassName] }
        let uid = classUID(hierarchy)
        typeClassUIDs.add(uid, for: id)
        return uid
    }

    private func classUID(_ hierarchy: [String]) -> UInt64 {
        if let uid = recentClassUIDs.uid(for: hierarchy) { return uid }
        if let uid = classUIDs[hierarchy] {
            recentClassUIDs.remember(uid, for: hierarchy)
            return uid
        }
        let uid = append(.dictionary([
            "$classname": .string(hierarchy.first ?? "NSObject"),
            "$classes": .array(hierarchy.map(Plist.string)),
        ]))
        classUIDs[hierarchy] = uid
        recentClassUIDs.remember(uid, for: hierarchy)
        return uid
    }

    private func append(_ value: Plist) -> UInt64 {
        objects.append(value)
        return UInt64(objects.count - 1)
    }
}
