import PlistKit

extension KeyedUnarchiver {
    /// Decodes the value stored under `key`, or returns `defaultValue` when the object has no
    /// such key: an archive written before the field existed.
    ///
    /// Replaces the `containsValue(forKey:)` test an `NSCoding` class makes for each field
    /// added since its first release. Only an absent key gives the default; a key that is
    /// there but holds the wrong type (or `$null` for a non-optional `T`) still throws.
    /// The `@Archivable` macro (PlistKitMacros) uses it for every property with an initial value.
    /// - Throws: as ``decode(_:forKey:)-4vp0i``, except `missingKey` for `key` itself.
    @inlinable
    public func decode<T: KeyedArchivable>(
        _ type: T.Type = T.self, forKey key: String, default defaultValue: @autoclosure () -> T
    ) throws(KeyedArchiveError) -> T {
        do throws(KeyedArchiveError) {
            return try decode(type, forKey: key)
        } catch where error.code == .missingKey && !containsValue(forKey: key) {
            // `missingKey` can also come from a nested object; only an absent `key` here
            // means the field is older than the archive.
            return defaultValue()
        }
    }
}
