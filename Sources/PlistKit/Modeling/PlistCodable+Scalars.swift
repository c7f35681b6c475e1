#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The property-list scalars: each reads and writes itself with the decoder's and encoder's
// method for its type. Inlinable, so that a model's conformance, specialized for one
// decoder, calls that decoder's method directly.

extension Bool: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Bool.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Bool.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Bool)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension String: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(String.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(String.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(String)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Int: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Int.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Int.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Int)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Int8: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Int8.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Int8.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Int8)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Int16: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Int16.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Int16.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Int16)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Int32: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Int32.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Int32.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Int32)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Int64: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Int64.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Int64.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Int64)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension UInt: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(UInt.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(UInt.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(UInt)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension UInt8: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(UInt8.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(UInt8.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(UInt8)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension UInt16: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(UInt16.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(UInt16.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(UInt16)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension UInt32: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(UInt32.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(UInt32.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(UInt32)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension UInt64: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(UInt64.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(UInt64.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(UInt64)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Float: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Float.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Float.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Float)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Double: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Double.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Double.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Double)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Date: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Date.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Date.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Date)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension Data: PlistDecodable, PlistEncodable {
    /// Decodes with ``PlistValueDecoder/decode(_:)-(Data.Type)``.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(Data.self)
    }

    /// Encodes with ``PlistValueEncoder/encode(_:)-(Data)``.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}
