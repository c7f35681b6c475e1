import PlistKit

/// An enum with raw values archived as its raw value, as `NSCoding` code writes one
/// (`coder.encode(role.rawValue, forKey: "role")`).
///
/// State the conformance and nothing else; both requirements come from this protocol:
///
/// ```swift
/// import KeyedArchive
///
/// enum Role: String, KeyedRawValueArchivable { case owner, member }
/// enum Priority: Int, KeyedRawValueArchivable { case low = 1, high = 3 }
///
/// let archiver = KeyedArchiver()
/// archiver.encode(Role.owner, forKey: "role")          // the string "owner", by reference
/// archiver.encode(Priority.high, forKey: "priority")   // the integer 3, in place
/// let unarchiver = try KeyedUnarchiver(forReadingFrom: try archiver.finishEncoding())
/// print(try unarchiver.decode(Role.self, forKey: "role"))   // owner
/// ```
///
/// A field holds the raw value as `KeyedArchiver.encode(_:forKey:)` writes that raw
/// value: an `Int`, `Int64`, `Int32`, `UInt64`, `Double` or `Float` in place (what
/// `NSCoder.encodeInteger(_:forKey:)` and its kin write), anything else as an object. In
/// arrays, dictionaries and sets the raw value is an object, as every element is. Decoding
/// reads the raw value in any form its type accepts and fails with `typeMismatch` when no
/// case has it. `@Archivable` types hold such enums as they hold their raw values.
public protocol KeyedRawValueArchivable: KeyedArchivable, RawRepresentable where RawValue: KeyedArchivable {}

extension KeyedRawValueArchivable {
    /// Archives the raw value and returns its UID.
    @inlinable
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        rawValue.archive(into: archiver)
    }

    /// Reads the raw value and makes the case that has it.
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Self {
        let raw = try RawValue.unarchive(from: slot, in: unarchiver)
        guard let value = Self(rawValue: raw) else {
            throw KeyedArchiveError(.typeMismatch, "\(raw) is not the raw value of a case of \(Self.self)")
        }
        return value
    }
}

extension KeyedArchiver {
    /// Encodes an enum's raw value, in place when the raw value's type is one `NSCoder` writes
    /// in place (an `Int`, `Int64`, `Int32`, `UInt64`, `Double` or `Float`), else by
    /// reference: what encoding `value.rawValue` itself writes.
    @inlinable
    public func encode<T: KeyedRawValueArchivable>(_ value: T, forKey key: String) {
        // Specialized for one enum, every cast but the raw value's own folds away.
        let raw = value.rawValue
        if let raw = raw as? Int { encode(raw, forKey: key) }
        else if let raw = raw as? Int64 { encode(raw, forKey: key) }
        else if let raw = raw as? Int32 { encode(raw, forKey: key) }
        else if let raw = raw as? UInt64 { encode(raw, forKey: key) }
        else if let raw = raw as? Double { encode(raw, forKey: key) }
        else if let raw = raw as? Float { encode(raw, forKey: key) }
        else { encode(raw, forKey: key) }
    }
}
