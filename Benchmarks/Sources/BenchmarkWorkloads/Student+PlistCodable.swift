import Foundation
import PlistKit

// The `PlistDecodable`/`PlistEncodable` conformances `@PlistCodable` generates for these
// models (written out, in the shape of /work/coord/plistcodable-api.md), for the benchmarks'
// `model-decode`/`model-encode` rows; the `codable-*` rows reach the `Codable` conformances
// through `CodablePath`.

extension Student: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["name", "number", "age", "score", "memo", "teacher", "enrolled", "active"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.name = try fields.decode(String.self, field: 0)
        self.number = try fields.decode(String.self, field: 1)
        self.age = try fields.decode(Int.self, field: 2)
        self.score = try fields.decode(Double.self, field: 3)
        self.memo = try fields.decode(String.self, field: 4)
        self.teacher = try fields.decode(String.self, field: 5)
        self.enrolled = try fields.decode(Date.self, field: 6)
        self.active = try fields.decode(Bool.self, field: 7)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.name, field: 0)
        try fields.encode(self.number, field: 1)
        try fields.encode(self.age, field: 2)
        try fields.encode(self.score, field: 3)
        try fields.encode(self.memo, field: 4)
        try fields.encode(self.teacher, field: 5)
        try fields.encode(self.enrolled, field: 6)
        try fields.encode(self.active, field: 7)
        encoder.end(fields)
    }
}

