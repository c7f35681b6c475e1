import PlistKit

/// A value that can be stored in a keyed archive as an object of `$objects`, referenced by
/// UID from a field or a collection.
///
/// The library conforms `String`, the integer types, `Double`, `Float`, `Bool`, `Data`,
/// `Date`, `UUID`, `URL`, `Array`, `Dictionary`, `Set`, `Optional`, ``KeyedOrderedSet`` and
/// every ``KeyedCodable`` class. Conform your classes through ``KeyedCodable``; the two
/// requirements here are the plumbing the archiver and unarchiver call.
public protocol KeyedArchivable {
    /// Adds this value to the archive and returns the UID that refers to it.
    func archive(into archiver: KeyedArchiver) -> UInt64
    /// Builds a value from a field or collection slot: a UID, or (for numbers, Booleans and
    /// data that `NSCoder` stores in place) the value itself.
    static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Self
}
