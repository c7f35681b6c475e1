import PlistKit

/// A value written into the fields of the object that holds it, under keys it chooses,
/// rather than as an object of its own: the shape `NSCoding` code commonly gives an enum with
/// associated values (a case name under the property's key, each payload under a key of its
/// own).
///
/// `KeyedArchiver.encode(_:forKey:)` and `KeyedUnarchiver.decode(_:forKey:)`
/// (and its `default:` form) hand such a value the archiver or unarchiver of the holder and
/// the property's key, so an `@Archivable` class or struct holds it like any other property
/// (not as an optional: there is no one way to write its absence).
///
/// ```swift
/// import PlistKitMacros
///
/// enum Status: KeyedInlineCodable {
///     case todo
///     case blocked(reason: String)
///
///     func encode(with archiver: KeyedArchiver, forKey key: String) {
///         switch self {
///         case .todo: archiver.encode("todo", forKey: key)
///         case .blocked(let reason):
///             archiver.encode("blocked", forKey: key)
///             archiver.encode(reason, forKey: "blockedReason")
///         }
///     }
///
///     init(from unarchiver: KeyedUnarchiver, forKey key: String) throws {
///         switch try unarchiver.decode(String.self, forKey: key) {
///         case "todo": self = .todo
///         case "blocked": self = .blocked(reason: try unarchiver.decode(String.self, forKey: "blockedReason"))
///         case let other: throw KeyedArchiveError(.typeMismatch, "unknown status \(other)")
///         }
///     }
/// }
///
/// @Archivable
/// final class Task {
///     var title = ""
///     var status = Status.todo        // "status", and "blockedReason" when blocked
/// }
///
/// let task = Task()
/// task.status = .blocked(reason: "review")
/// let data = try KeyedArchiver.archivedData(withRootObject: task)
/// print(try KeyedUnarchiver.unarchivedObject(ofType: Task.self, from: data).status)
/// // blocked(reason: "review")
/// ```
public protocol KeyedInlineCodable {
    /// Writes the value into the holder's fields; `key` is the holding property's key.
    func encode(with archiver: KeyedArchiver, forKey key: String)
    /// Reads the value from the holder's fields; `key` is the holding property's key.
    init(from unarchiver: KeyedUnarchiver, forKey key: String) throws
}

extension KeyedArchiver {
    /// Encodes `value` into the current object's fields, under `key` and the keys it chooses.
    @inlinable
    public func encode<T: KeyedInlineCodable>(_ value: T, forKey key: String) {
        value.encode(with: self, forKey: key)
    }
}

extension KeyedUnarchiver {
    /// Decodes a value written into the current object's fields under `key` (and the keys
    /// it chose).
    /// - Throws: what the type's ``KeyedInlineCodable/init(from:forKey:)`` throws.
    @inlinable
    public func decode<T: KeyedInlineCodable>(_ type: T.Type, forKey key: String) throws -> T {
        try T(from: self, forKey: key)
    }

    /// Decodes a value written into the current object's fields under `key`, or returns
    /// `defaultValue` when the object has no `key`: an archive written before the field
    /// existed (as `decode(_:forKey:default:)` does for other values).
    @inlinable
    public func decode<T: KeyedInlineCodable>(
        _ type: T.Type = T.self, forKey key: String, default defaultValue: @autoclosure () -> T
    ) throws -> T {
        containsValue(forKey: key) ? try T(from: self, forKey: key) : defaultValue()
    }
}
