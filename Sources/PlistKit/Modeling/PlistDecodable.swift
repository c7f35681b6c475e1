#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type that decodes itself from a property list without Codable's machinery: the
/// decoder is passed generically, so a conformance is specialized for each decoder (no
/// existential, no keyed-container box), and fields are named by their position in a
/// ``PlistFields`` table rather than by a `CodingKey`.
///
/// `@PlistCodable` writes conformances; ``PlistDecoder`` takes this path by itself for a
/// conforming type. Errors are Codable's `DecodingError`s, with the same case and coding path
/// the type's `Decodable` conformance would report.
public protocol PlistDecodable {
    /// Decodes a value from the one `decoder` is at.
    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError)
}

/// Reads one value of a property list: a scalar, or a dictionary or an array to read
/// through ``Fields`` or ``Elements``.
///
/// Every scalar method throws `typeMismatch` for a value of another kind, `valueNotFound`
/// for Foundation's nil marker (the string `$null`), and `dataCorrupted` for broken input
/// or a number that does not fit the type, as ``PlistDecoder``'s Codable path does.
public protocol PlistValueDecoder {
    /// Reads a dictionary's fields.
    associatedtype Fields: PlistFieldsDecoder
    /// Reads an array's elements.
    associatedtype Elements: PlistElementsDecoder

    /// The keys from the root to this value, as Codable reports them.
    var codingPath: [any CodingKey] { get }
    /// The decoder's `userInfo`.
    var userInfo: [CodingUserInfoKey: Any] { get }

    /// True when the value is Foundation's nil marker, the string `$null`.
    mutating func decodeNil() throws(DecodingError) -> Bool
    /// The value as a Boolean.
    mutating func decode(_ type: Bool.Type) throws(DecodingError) -> Bool
    /// The value as a string.
    mutating func decode(_ type: String.Type) throws(DecodingError) -> String
    /// The value as an integer of this width (a real that is a whole number is accepted).
    mutating func decode(_ type: Int.Type) throws(DecodingError) -> Int
    /// The value as an integer of this width.
    mutating func decode(_ type: Int8.Type) throws(DecodingError) -> Int8
    /// The value as an integer of this width.
    mutating func decode(_ type: Int16.Type) throws(DecodingError) -> Int16
    /// The value as an integer of this width.
    mutating func decode(_ type: Int32.Type) throws(DecodingError) -> Int32
    /// The value as an integer of this width.
    mutating func decode(_ type: Int64.Type) throws(DecodingError) -> Int64
    /// The value as an integer of this width.
    mutating func decode(_ type: UInt.Type) throws(DecodingError) -> UInt
    /// The value as an integer of this width.
    mutating func decode(_ type: UInt8.Type) throws(DecodingError) -> UInt8
    /// The value as an integer of this width.
    mutating func decode(_ type: UInt16.Type) throws(DecodingError) -> UInt16
    /// The value as an integer of this width.
    mutating func decode(_ type: UInt32.Type) throws(DecodingError) -> UInt32
    /// The value as an integer of this width.
    mutating func decode(_ type: UInt64.Type) throws(DecodingError) -> UInt64
    /// The value as a `Float` (a finite real beyond its range is `dataCorrupted`).
    mutating func decode(_ type: Float.Type) throws(DecodingError) -> Float
    /// The value as a `Double`.
    mutating func decode(_ type: Double.Type) throws(DecodingError) -> Double
    /// The value as a date.
    mutating func decode(_ type: Date.Type) throws(DecodingError) -> Date
    /// The value as data.
    mutating func decode(_ type: Data.Type) throws(DecodingError) -> Data
    /// The value, a UUID's text, as a UUID (`dataCorrupted` for other text, as `UUID`'s
    /// `init(from:)` reports it). A decoder over bytes may read the text where it lies.
    mutating func decode(_ type: UUID.Type) throws(DecodingError) -> UUID

    /// Starts reading the value as a dictionary whose fields are `fields`' keys.
    mutating func decodeFields(_ fields: PlistFields) throws(DecodingError) -> Fields
    /// Starts reading the value as an array (or a binary set).
    mutating func decodeElements() throws(DecodingError) -> Elements
    /// Decodes the value through `T`'s `Decodable` conformance, with this decoder's coding
    /// path and `userInfo`: how a type without a `PlistDecodable` conformance nests in one
    /// that has it. An error that is no `DecodingError` becomes `dataCorrupted` with the
    /// error as its `underlyingError`.
    mutating func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T

    /// A `dataCorrupted` error at this value's coding path, for a conformance that finds
    /// the value unacceptable (an enum's unknown raw value).
    func dataCorrupted(_ description: String) -> DecodingError
}

extension PlistValueDecoder {
    /// The UUID read from the value's string.
    @inlinable
    public mutating func decode(_ type: UUID.Type) throws(DecodingError) -> UUID {
        let text = try decode(String.self)
        guard let uuid = UUIDText.uuid(text) else {
            throw dataCorrupted(UUIDText.invalidText)
        }
        return uuid
    }
}

/// Reads the entries of one dictionary: by field position in the ``PlistFields`` table the
/// dictionary was opened with, or by key.
///
/// Each lookup tries first the entry after the last one found, so a dictionary written
/// in the table's order (what `PlistEncoder` and Foundation write for the type) is read
/// without a search; keys in any other order are found all the same.
public protocol PlistFieldsDecoder {
    /// The keys from the root to the dictionary.
    var codingPath: [any CodingKey] { get }

    /// Field `field`'s value as `T`; `keyNotFound` when the dictionary has no such key.
    mutating func decode<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T
    /// Field `field`'s value as `T`, or nil when the key is absent or its value is
    /// Foundation's nil marker (`$null`), as Codable's `decodeIfPresent`.
    mutating func decodeIfPresent<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T?
    /// Field `field`'s value through `T`'s `Decodable` conformance (see
    /// ``PlistValueDecoder/decodeDecodable(_:)``); `keyNotFound` when absent.
    mutating func decodeDecodable<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T
    /// Field `field`'s value through `T`'s `Decodable` conformance, or nil when absent or `$null`.
    mutating func decodeDecodableIfPresent<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T?
    /// True when the dictionary has field `field`'s key.
    mutating func contains(field: Int) throws(DecodingError) -> Bool
    /// Field `field`'s value, a dictionary, opened with the table `fields` (an enum case's
    /// payload); `keyNotFound` when absent.
    mutating func decodeNestedFields(_ fields: PlistFields, field: Int) throws(DecodingError) -> Self
    /// The position of the one field of the table the dictionary holds, as a synthesized
    /// `Decodable` enum finds its case: `typeMismatch(type, "Invalid number of keys found,
    /// expected one.")` when it holds none or several (keys not in the table are ignored).
    mutating func decodeCaseField(of type: Any.Type) throws(DecodingError) -> Int

    /// Every key of the dictionary, in the input's order (for a `Dictionary`).
    mutating func keys() throws(DecodingError) -> [String]
    /// The value under `key` as `T`; `keyNotFound` when absent.
    mutating func decode<T: PlistDecodable>(_ type: T.Type, forKey key: String) throws(DecodingError) -> T
}

/// Reads the elements of one array, in order.
public protocol PlistElementsDecoder {
    /// The keys from the root to the array.
    var codingPath: [any CodingKey] { get }
    /// How many elements the array has.
    var count: Int { get }
    /// True when every element has been read.
    var isAtEnd: Bool { get }
    /// The next element as `T`; `valueNotFound` at the end.
    mutating func decode<T: PlistDecodable>(_ type: T.Type) throws(DecodingError) -> T
    /// The next element through `T`'s `Decodable` conformance.
    mutating func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T
}
