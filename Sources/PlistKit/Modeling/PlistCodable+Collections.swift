#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Optionals, arrays, sets and dictionaries, in the shapes their `Codable` conformances give
// them in Foundation's property-list coders: `nil` as the string `$null`, a set as an
// array, a dictionary with `Int` keys as a dictionary with the keys in decimal.

extension Optional: PlistDecodable where Wrapped: PlistDecodable {
    /// `nil` for the string `$null`, the wrapped value otherwise.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        if try decoder.decodeNil() {
            self = nil
        } else {
            self = try Wrapped(plist: &decoder)
        }
    }
}

extension Optional: PlistEncodable where Wrapped: PlistEncodable {
    /// The string `$null` for `nil`.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        if let value = self {
            try value.encode(plist: &encoder)
        } else {
            encoder.encodeNil()
        }
    }
}

extension Array: PlistDecodable where Element: PlistDecodable {
    /// The elements of an array.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var elements = try decoder.decodeElements()
        self = []
        reserveCapacity(elements.count)
        while !elements.isAtEnd {
            append(try elements.decode(Element.self))
        }
    }
}

extension Array: PlistEncodable where Element: PlistEncodable {
    /// An array of the elements.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var elements = encoder.encodeElements(count: count)
        for element in self {
            try elements.encode(element)
        }
        encoder.end(elements)
    }
}

extension Set: PlistDecodable where Element: PlistDecodable {
    /// The elements of an array.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var elements = try decoder.decodeElements()
        self = []
        reserveCapacity(elements.count)
        while !elements.isAtEnd {
            insert(try elements.decode(Element.self))
        }
    }
}

extension Set: PlistEncodable where Element: PlistEncodable {
    /// An array of the elements, in the set's order (as `Set`'s `encode(to:)`).
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var elements = encoder.encodeElements(count: count)
        for element in self {
            try elements.encode(element)
        }
        encoder.end(elements)
    }
}

/// A dictionary key type a property list can hold: `String`, or `Int` (written in decimal,
/// as `Dictionary`'s `Codable` conformance writes it).
public protocol PlistDictionaryKey: Hashable {
    /// The key read from a dictionary key, or nil when it is not one of this type.
    init?(plistKey: String)
    /// The key as a dictionary key.
    var plistKey: String { get }
}

extension String: PlistDictionaryKey {
    /// The key itself.
    @inlinable public init?(plistKey: String) { self = plistKey }
    /// The key itself.
    @inlinable public var plistKey: String { self }
}

extension Int: PlistDictionaryKey {
    /// The key's decimal value.
    @inlinable public init?(plistKey: String) {
        guard let value = Int(plistKey) else { return nil }
        self = value
    }
    /// The key in decimal.
    @inlinable public var plistKey: String { String(self) }
}

extension Dictionary: PlistDecodable where Key: PlistDictionaryKey, Value: PlistDecodable {
    /// The entries of a dictionary; a key that is not a `Key` is `typeMismatch`, as
    /// `Dictionary`'s `init(from:)` reports a non-integer key of an `Int`-keyed dictionary.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(.none)
        let keys = try fields.keys()
        self = [:]
        reserveCapacity(keys.count)
        for text in keys {
            guard let key = Key(plistKey: text) else {
                throw DecodingError.typeMismatch(Key.self, DecodingError.Context(codingPath: fields.codingPath + [PlistDictionaryCodingKey(text)], debugDescription: "Expected \(Key.self) key but found String key instead."))
            }
            self[key] = try fields.decode(Value.self, forKey: text)
        }
    }
}

extension Dictionary: PlistEncodable where Key: PlistDictionaryKey, Value: PlistEncodable {
    /// A dictionary of the entries, in the dictionary's order.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(.none)
        for (key, value) in self {
            try fields.encode(value, forKey: key.plistKey)
        }
        encoder.end(fields)
    }
}

/// A dictionary key in a coding path (as `Dictionary`'s own coding key shows it).
public struct PlistDictionaryCodingKey: CodingKey, Sendable {
    /// The key.
    public let stringValue: String
    /// The key's integer value, when it is one.
    public let intValue: Int?

    /// The key `string`.
    @inlinable
    public init(_ string: String) {
        stringValue = string
        intValue = Int(string)
    }

    /// The key `stringValue`.
    public init?(stringValue: String) { self.init(stringValue) }

    /// The key `intValue`, in decimal.
    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

// Enums with a raw value code as the raw value, as their `Codable` conformance does.

extension PlistDecodable where Self: RawRepresentable, RawValue: PlistDecodable {
    /// The case with the decoded raw value; `dataCorrupted` when there is none, as
    /// `RawRepresentable`'s `init(from:)` reports it.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        let raw = try RawValue(plist: &decoder)
        guard let value = Self(rawValue: raw) else {
            throw decoder.dataCorrupted("Cannot initialize \(Self.self) from invalid \(RawValue.self) value \(raw)")
        }
        self = value
    }
}

extension PlistEncodable where Self: RawRepresentable, RawValue: PlistEncodable {
    /// The raw value.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        try rawValue.encode(plist: &encoder)
    }
}
