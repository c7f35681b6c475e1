import Foundation

// Same-named overloads that let one call site code a field whatever its type conforms to:
// `decode(_:field:)` and `encode(_:field:)` take the `PlistDecodable`/`PlistEncodable` path
// when the type has it and Codable's (`decodeDecodable`, `encodeEncodable`) when it is only
// `Decodable`/`Encodable`. `@PlistCodable` writes `decode`/`encode` for every property,
// because a type's conformances cannot be seen in syntax; with these a property of a
// Codable-only type compiles and codes as Swift's synthesized conformance would.
//
// A type with both conformances matches all three overloads of a name; the one constrained
// to both is the most specific, so it is chosen, and it forwards to the protocol
// requirement through a helper whose `T` is only `PlistDecodable` (called directly, the name
// would resolve to the overload itself).

extension PlistFieldsDecoder {
    /// Field `field`'s value through `T`'s `Decodable` conformance, for a type that is not
    /// ``PlistDecodable`` (the same as ``decodeDecodable(_:field:)``); `keyNotFound` when absent.
    @inlinable @inline(__always)
    public mutating func decode<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        try decodeDecodable(type, field: field)
    }

    /// Field `field`'s value through `T`'s `Decodable` conformance, or nil when absent or
    /// `$null`, for a type that is not ``PlistDecodable``.
    @inlinable @inline(__always)
    public mutating func decodeIfPresent<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        try decodeDecodableIfPresent(type, field: field)
    }

    /// Field `field`'s value through `T`'s ``PlistDecodable`` conformance, for a type that is
    /// also `Decodable`.
    @inlinable @inline(__always)
    public mutating func decode<T: Decodable & PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        try decodeModel(type, field: field)
    }

    /// Field `field`'s value through `T`'s ``PlistDecodable`` conformance, or nil when
    /// absent or `$null`, for a type that is also `Decodable`.
    @inlinable @inline(__always)
    public mutating func decodeIfPresent<T: Decodable & PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        try decodeModelIfPresent(type, field: field)
    }

    @inlinable @inline(__always)
    mutating func decodeModel<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        try decode(type, field: field)
    }

    @inlinable @inline(__always)
    mutating func decodeModelIfPresent<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        try decodeIfPresent(type, field: field)
    }
}

extension PlistFieldsEncoder {
    /// Writes `value` through its `Encodable` conformance under field `field`'s key, for a
    /// type that is not ``PlistEncodable`` (the same as ``encodeEncodable(_:field:)``).
    @inlinable @inline(__always)
    public mutating func encode<T: Encodable>(_ value: T, field: Int) throws(EncodingError) {
        try encodeEncodable(value, field: field)
    }

    /// Writes `value` through its `Encodable` conformance unless it is nil, for a type that
    /// is not ``PlistEncodable``.
    @inlinable @inline(__always)
    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, field: Int) throws(EncodingError) {
        try encodeEncodableIfPresent(value, field: field)
    }

    /// Writes `value` through its ``PlistEncodable`` conformance, for a type that is also
    /// `Encodable`.
    @inlinable @inline(__always)
    public mutating func encode<T: Encodable & PlistEncodable>(_ value: T, field: Int) throws(EncodingError) {
        try encodeModel(value, field: field)
    }

    /// Writes `value` through its ``PlistEncodable`` conformance unless it is nil, for a type
    /// that is also `Encodable`.
    @inlinable @inline(__always)
    public mutating func encodeIfPresent<T: Encodable & PlistEncodable>(_ value: T?, field: Int) throws(EncodingError) {
        try encodeModelIfPresent(value, field: field)
    }

    @inlinable @inline(__always)
    mutating func encodeModel<T: PlistEncodable>(_ value: T, field: Int) throws(EncodingError) {
        try encode(value, field: field)
    }

    @inlinable @inline(__always)
    mutating func encodeModelIfPresent<T: PlistEncodable>(_ value: T?, field: Int) throws(EncodingError) {
        try encodeIfPresent(value, field: field)
    }
}
