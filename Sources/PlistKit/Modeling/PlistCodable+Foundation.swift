#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Inlinable, as the scalars are: a model's conformance, specialized for one decoder in the
// caller's module, then reads the string through that decoder's method directly rather than
// through an unspecialized generic call.

extension UUID: PlistDecodable, PlistEncodable {
    /// Decodes the UUID's string, as `UUID`'s `init(from:)` does (with its error).
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        self = try decoder.decode(UUID.self)
    }

    /// Encodes the UUID's string (`uuidString`).
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        encoder.encode(self)
    }
}

extension URL: PlistDecodable, PlistEncodable {
    /// The keys `URL`'s `Codable` conformance writes.
    @usableFromInline static let plistFields = PlistFields(["relative", "base"])

    /// Decodes the dictionary `URL`'s `init(from:)` reads: the relative string and, when
    /// present, the base URL.
    @inlinable
    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        let relative = try fields.decode(String.self, field: 0)
        let base = try fields.decodeIfPresent(URL.self, field: 1)
        guard let url = URL(string: relative, relativeTo: base) else {
            throw decoder.dataCorrupted("Invalid URL string.")
        }
        self = url
    }

    /// Encodes the dictionary `URL`'s `encode(to:)` writes.
    @inlinable
    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(relativeString, field: 0)
        try fields.encodeIfPresent(baseURL, field: 1)
        encoder.end(fields)
    }
}
