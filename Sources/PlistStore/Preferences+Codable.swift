import PlistKit

// Any Codable value as a preference, through PlistKit's PlistEncoder and PlistDecoder.
extension Preferences {
    /// Sets `value`, encoded with `PlistEncoder` as a property-list value, for `key`.
    ///
    /// `NSUserDefaults` holds only property-list objects; apps store other types as
    /// `PropertyListEncoder` data. Here the encoded value is stored as is (a struct becomes a
    /// dictionary), so other tools read it as ordinary plist values. Scalars are fine.
    /// - Throws: a ``PlistStoreError`` coded `.coding` with the `EncodingError` as ``PlistStoreError/underlying``.
    public func set(encoded value: some Encodable, forKey key: String) throws(PlistStoreError) {
        let plist: Plist
        do {
            plist = try PlistEncoder().encodeToPlist(value)
        } catch {
            throw PlistStoreError(.coding, "cannot encode the value for \(key) in \(domain)", path: path, underlying: error)
        }
        set(plist as Plist?, forKey: key)
    }

    /// The value for `key` decoded as a `T` with `PlistDecoder`, or nil when the key has no value.
    /// - Throws: a ``PlistStoreError`` coded `.coding` with the `DecodingError` as
    ///   ``PlistStoreError/underlying`` when the stored value does not fit `T`.
    public func decoded<T: Decodable>(_ type: T.Type, forKey key: String) throws(PlistStoreError) -> T? {
        guard let value = object(forKey: key) else { return nil }
        do {
            return try PlistDecoder().decode(type, from: value)
        } catch {
            throw PlistStoreError(.coding, "the value for \(key) in \(domain) is not a \(T.self)", path: path, underlying: error)
        }
    }
}
