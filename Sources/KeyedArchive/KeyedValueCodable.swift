import PlistKit

/// A value type (a struct or an enum) written to a keyed archive as an object of its own
/// class, like a ``KeyedCodable`` class but without identity.
///
/// Each occurrence is written out in full (values have no identity to share), and decoding
/// builds the value in one step with ``init(from:)``; values cannot form cycles, so no
/// two-phase scheme is needed. A value may hold ``KeyedCodable`` objects, which keep theirs.
///
/// ```swift
/// struct Point: KeyedValueCodable {
///     static let archivedClassName = "Point"
///     var x = 0.0, y = 0.0
///     init(x: Double, y: Double) { self.x = x; self.y = y }
///     func encode(with archiver: KeyedArchiver) {
///         archiver.encode(x, forKey: "x")
///         archiver.encode(y, forKey: "y")
///     }
///     init(from unarchiver: KeyedUnarchiver) throws {
///         x = try unarchiver.decode(Double.self, forKey: "x")
///         y = try unarchiver.decode(Double.self, forKey: "y")
///     }
/// }
/// ```
public protocol KeyedValueCodable: KeyedArchivable {
    /// The name written as `$classname`.
    static var archivedClassName: String { get }
    /// The `$classes` list; defaults to `[archivedClassName, "NSObject"]`.
    static var archivedClassHierarchy: [String] { get }
    /// Writes the fields, like `NSCoding.encode(with:)`.
    func encode(with archiver: KeyedArchiver)
    /// Reads the fields, like `NSCoding.init(coder:)`.
    init(from unarchiver: KeyedUnarchiver) throws
}

extension KeyedValueCodable {
    /// ``archivedClassName`` and then `NSObject`.
    public static var archivedClassHierarchy: [String] { [archivedClassName, "NSObject"] }

    /// Writes the value as a new object and returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forValue: self)
    }

    /// Reads an object whose class (or a superclass) is ``archivedClassName``, or a class
    /// mapped to this type with ``KeyedUnarchiver/setValueType(_:forClassName:)``.
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Self {
        try unarchiver.value(from: slot, as: Self.self)
    }
}
