#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type that encodes itself as a property list without Codable's machinery; the
/// counterpart of ``PlistDecodable``. `@PlistCodable` writes conformances; ``PlistEncoder``
/// takes this path by itself for a conforming type and writes the very bytes the type's
/// `Encodable` conformance would make it write.
public protocol PlistEncodable {
    /// Encodes the value into `encoder`.
    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError)
}

/// Writes one value of a property list: a scalar, or a dictionary or an array built through
/// ``Fields`` or ``Elements`` and handed back with ``end(_:)-(Self.Fields)`` or ``end(_:)-(Self.Elements)``.
public protocol PlistValueEncoder {
    /// Writes a dictionary's fields.
    associatedtype Fields: PlistFieldsEncoder
    /// Writes an array's elements.
    associatedtype Elements: PlistElementsEncoder

    /// The keys from the root to this value, as Codable reports them.
    var codingPath: [any CodingKey] { get }
    /// The encoder's `userInfo`.
    var userInfo: [CodingUserInfoKey: Any] { get }

    /// Writes Foundation's nil marker, the string `$null`.
    mutating func encodeNil()
    /// Writes a Boolean.
    mutating func encode(_ value: Bool)
    /// Writes a string.
    mutating func encode(_ value: String)
    /// Writes an integer.
    mutating func encode(_ value: Int)
    /// Writes an integer.
    mutating func encode(_ value: Int8)
    /// Writes an integer.
    mutating func encode(_ value: Int16)
    /// Writes an integer.
    mutating func encode(_ value: Int32)
    /// Writes an integer.
    mutating func encode(_ value: Int64)
    /// Writes an integer.
    mutating func encode(_ value: UInt)
    /// Writes an integer.
    mutating func encode(_ value: UInt8)
    /// Writes an integer.
    mutating func encode(_ value: UInt16)
    /// Writes an integer.
    mutating func encode(_ value: UInt32)
    /// Writes an integer.
    mutating func encode(_ value: UInt64)
    /// Writes a real (as a double, as Foundation does).
    mutating func encode(_ value: Float)
    /// Writes a real.
    mutating func encode(_ value: Double)
    /// Writes a date.
    mutating func encode(_ value: Date)
    /// Writes data.
    mutating func encode(_ value: Data)
    /// Writes a UUID as its `uuidString`, as `UUID`'s `Encodable` conformance does. The
    /// default writes the string through ``encode(_:)-(String)``.
    mutating func encode(_ value: UUID)

    /// Starts a dictionary whose fields are `fields`' keys; ``end(_:)-(Self.Fields)`` makes it this value.
    mutating func encodeFields(_ fields: PlistFields) -> Fields
    /// Makes the dictionary `fields` holds this value.
    mutating func end(_ fields: Fields)
    /// Starts an array; ``end(_:)-(Self.Elements)`` makes it this value.
    mutating func encodeElements(count: Int) -> Elements
    /// Makes the array `elements` holds this value.
    mutating func end(_ elements: Elements)
    /// Encodes `value` through its `Encodable` conformance, with this encoder's coding path
    /// and `userInfo`: how a type without a `PlistEncodable` conformance nests in one that has
    /// it. An error that is no `EncodingError` becomes `invalidValue` with the error as its
    /// `underlyingError`.
    mutating func encodeEncodable<T: Encodable>(_ value: T) throws(EncodingError)
}

extension PlistValueEncoder {
    /// Writes the UUID's `uuidString` through ``encode(_:)-(String)``.
    @inlinable
    public mutating func encode(_ value: UUID) {
        encode(UUIDText.string(value))
    }
}

/// Writes the entries of one dictionary, by field position in the ``PlistFields`` table the
/// dictionary was started with, or by key. Entries are written in the order they are
/// encoded (``PlistEncoder/OutputFormatting/sortedKeys`` sorts them), and encoding a key
/// again replaces its value, as Codable's keyed containers do.
public protocol PlistFieldsEncoder {
    /// The keys from the root to the dictionary.
    var codingPath: [any CodingKey] { get }
    /// Writes `value` under field `field`'s key.
    mutating func encode<T: PlistEncodable>(_ value: T, field: Int) throws(EncodingError)
    /// Writes `value` under field `field`'s key unless it is nil (Codable's `encodeIfPresent`,
    /// which synthesized conformances use for optionals).
    mutating func encodeIfPresent<T: PlistEncodable>(_ value: T?, field: Int) throws(EncodingError)
    /// Writes `value` through its `Encodable` conformance under field `field`'s key.
    mutating func encodeEncodable<T: Encodable>(_ value: T, field: Int) throws(EncodingError)
    /// Writes `value` through its `Encodable` conformance unless it is nil.
    mutating func encodeEncodableIfPresent<T: Encodable>(_ value: T?, field: Int) throws(EncodingError)
    /// Writes `value` under `key` (for a `Dictionary`).
    mutating func encode<T: PlistEncodable>(_ value: T, forKey key: String) throws(EncodingError)
    /// Starts the dictionary that goes under field `field` (an enum case's payload), with the
    /// table `fields`; ``end(_:field:)`` stores it.
    mutating func encodeNestedFields(_ fields: PlistFields, field: Int) -> Self
    /// Stores the dictionary `nested` holds under field `field`'s key.
    mutating func end(_ nested: Self, field: Int)
}

/// Writes the elements of one array, in order.
public protocol PlistElementsEncoder {
    /// The keys from the root to the array.
    var codingPath: [any CodingKey] { get }
    /// Appends `value`.
    mutating func encode<T: PlistEncodable>(_ value: T) throws(EncodingError)
    /// Appends `value` through its `Encodable` conformance.
    mutating func encodeEncodable<T: Encodable>(_ value: T) throws(EncodingError)
}
