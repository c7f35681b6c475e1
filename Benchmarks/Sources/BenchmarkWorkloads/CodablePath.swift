import Foundation
import PlistKit

/// `PlistDecoder`/`PlistEncoder` through `Codable`, for the models that are also
/// `PlistDecodable`/`PlistEncodable` (whose own calls take that path by overload): here the
/// type is only known to be `Decodable` or `Encodable`, so the Codable methods run.
public enum CodablePath {
    /// Decodes through `T`'s `Decodable` conformance.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try PlistDecoder().decode(type, from: data)
    }

    /// Encodes through `value`'s `Encodable` conformance, in `format`.
    public static func encode<T: Encodable>(_ value: T, format: PlistFormat) throws -> Data {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        return try encoder.encode(value)
    }
}
