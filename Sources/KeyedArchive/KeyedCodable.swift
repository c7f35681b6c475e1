import PlistKit

/// A class that can be written to and read from a keyed archive: the Swift stand-in for
/// `NSCoding`.
///
/// Decoding is two-phase so that object graphs with cycles work: the unarchiver creates the
/// instance with `init()`, registers it, and only then calls ``decode(from:)``. An object that
/// refers back to one still being decoded (a parent from its child, a node from itself) gets
/// that very instance, whose remaining fields are filled in before the unarchiver returns.
///
/// ```swift
/// final class Student: KeyedCodable {
///     static let archivedClassName = "Student"
///     var name = ""
///     var teacher: Teacher?
///     init() {}
///     func encode(with archiver: KeyedArchiver) {
///         archiver.encode(name, forKey: "name")
///         archiver.encode(teacher, forKey: "teacher")
///     }
///     func decode(from unarchiver: KeyedUnarchiver) throws {
///         name = try unarchiver.decode(String.self, forKey: "name")
///         teacher = try unarchiver.decodeIfPresent(Teacher.self, forKey: "teacher")
///     }
/// }
/// ```
///
/// The `@Archivable` macro (product `PlistKitMacros`) writes this conformance from the
/// stored properties; write it by hand where the archive is not one key per property.
///
/// Subclasses override `class var archivedClassName` and `archivedClassHierarchy`, call
/// `super` from `encode(with:)` and `decode(from:)`, and are found by the unarchiver through
/// ``KeyedUnarchiver/setClass(_:forClassName:)`` (or the `allowedClasses` list).
///
/// A child object is normally fully decoded when `decode(_:forKey:)` returns it. Two
/// exceptions: an object already being decoded (a cycle) comes back unfinished, and in graphs
/// nested deeper than ``KeyedUnarchiver/maximumRecursionDepth`` objects the deeper objects are
/// finished later, before the top-level call returns. This keeps the stack bounded.
public protocol KeyedCodable: AnyObject, KeyedArchivable {
    /// The name written as `$classname`, like the name `NSKeyedArchiver` records for a class
    /// (`NSStringFromClass`). Defaults to the Swift type name.
    static var archivedClassName: String { get }
    /// The `$classes` list: this class first, then its superclasses. Defaults to
    /// `[archivedClassName, "NSObject"]`.
    static var archivedClassHierarchy: [String] { get }
    /// Creates an empty instance that ``decode(from:)`` then fills in.
    init()
    /// Writes the fields, like `NSCoding.encode(with:)`.
    func encode(with archiver: KeyedArchiver)
    /// Reads the fields, like `NSCoding.init(coder:)` but after the instance exists.
    func decode(from unarchiver: KeyedUnarchiver) throws
}

extension KeyedCodable {
    /// The type's bare name (`Person` for `MyApp.Person`).
    public static var archivedClassName: String { String(describing: self) }

    /// ``archivedClassName`` and then `NSObject`.
    public static var archivedClassHierarchy: [String] { [archivedClassName, "NSObject"] }

    /// Archives the object once per archiver (by identity) and returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forObject: self)
    }

    /// Builds (or returns the already built) object the slot refers to.
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Self {
        guard case .uid(let uid) = slot else {
            throw unarchiver.typeMismatch("an object of class \(archivedClassName)", found: slot)
        }
        return try unarchiver.object(at: uid, as: Self.self)
    }
}
