import Foundation
import Testing
@testable import PlistKit

/// The `PlistEncodable` encoder's own paths, which generated conformances rarely take, against
/// the Codable path: keys encoded again or out of table order, values that encode nothing,
/// large data, the depth limit, and an error caught inside `encode(plist:)`.
@Suite struct PlistModelEncoderTests {
    static let formats: [PlistFormat] = [.binary, .xml, .json]

    static func codableEncode<T: Encodable>(_ value: T, _ format: PlistFormat, sorted: Bool) throws -> Data {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        if sorted { encoder.outputFormatting = .sortedKeys }
        return try encoder.encode(value)
    }

    static func modelEncode<T: PlistEncodable>(_ value: T, _ format: PlistFormat, sorted: Bool) throws -> Data {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        if sorted { encoder.outputFormatting = .sortedKeys }
        return try encoder.encode(value)
    }

    /// The tree of the Codable path (`T` is only `Encodable` here).
    static func codableTree<T: Encodable>(_ value: T) throws -> Plist {
        try PlistEncoder().encodeToPlist(value)
    }

    /// Encodes `value` both ways in binary, XML (sorted and not) and JSON where it can; the
    /// bytes, or the error descriptions, must be equal.
    private func expectSameBytes<T: Encodable & PlistEncodable>(_ value: T, formats: [PlistFormat] = formats, sourceLocation: SourceLocation = #_sourceLocation) {
        for format in formats {
            for sorted in [false, true] {
                let codable = Result { try Self.codableEncode(value, format, sorted: sorted) }
                let model = Result { try Self.modelEncode(value, format, sorted: sorted) }
                switch (codable, model) {
                case (.success(let codable), .success(let model)):
                    #expect(codable == model, "\(format) sorted: \(sorted)", sourceLocation: sourceLocation)
                case (.failure(let codable), .failure(let model)):
                    #expect(Self.summary(codable) == Self.summary(model), "\(format) sorted: \(sorted)", sourceLocation: sourceLocation)
                default:
                    Issue.record("\(format) sorted: \(sorted): Codable \(codable), model \(model)", sourceLocation: sourceLocation)
                }
            }
        }
        let codableTree = try? Self.codableTree(value)
        let modelTree = try? PlistEncoder().encodeToPlist(value)
        #expect(codableTree == modelTree, "encodeToPlist", sourceLocation: sourceLocation)
    }

    static func summary(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else { return "\(error)" }
        return "invalidValue \(context.codingPath.map(\.stringValue)) \(context.debugDescription)"
    }

    /// Encodes its fields out of table order, and `b` twice.
    struct Reencoded: Encodable, PlistEncodable {
        var a: String
        var b: Int
        var c: [Int]
        enum CodingKeys: String, CodingKey { case zeta, alpha, mid }
        static let plistFields = PlistFields(["zeta", "alpha", "mid"])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(c, forKey: .mid)
            try container.encode(b, forKey: .alpha)
            try container.encode(a, forKey: .zeta)
            try container.encode(b + 1, forKey: .alpha)
            try container.encode([b], forKey: .mid)
        }

        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var fields = encoder.encodeFields(Self.plistFields)
            try fields.encode(c, field: 2)
            try fields.encode(b, field: 1)
            try fields.encode(a, field: 0)
            try fields.encode(b + 1, field: 1)
            try fields.encode([b], field: 2)
            encoder.end(fields)
        }
    }

    /// Encodes nothing at all: it stands for an empty dictionary.
    struct Silent: Encodable, PlistEncodable {
        func encode(to encoder: any Encoder) throws {}
        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {}
    }

    /// Fields in table order, some absent, with nested values that encode nothing.
    struct Sparse: Encodable, PlistEncodable {
        var first: Int?
        var silent: Silent
        var last: String?
        var blob: Data
        var blobs: [Data]
        static let plistFields = PlistFields(["first", "silent", "last", "blob", "blobs"])

        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var fields = encoder.encodeFields(Self.plistFields)
            try fields.encodeIfPresent(first, field: 0)
            try fields.encode(silent, field: 1)
            try fields.encodeIfPresent(last, field: 2)
            try fields.encode(blob, field: 3)
            try fields.encode(blobs, field: 4)
            encoder.end(fields)
        }
    }

    /// Nests `depth` arrays deep.
    struct Chain: Encodable, PlistEncodable {
        var depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if depth > 0 { try container.encode(Chain(depth: depth - 1)) } else { try container.encode(Date(timeIntervalSinceReferenceDate: 1)) }
        }
        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var elements = encoder.encodeElements(count: 1)
            if depth > 0 { try elements.encode(Chain(depth: depth - 1)) } else { try elements.encode(Date(timeIntervalSinceReferenceDate: 1)) }
            encoder.end(elements)
        }
    }

    /// Keyed fields at every depth, above and below the depth to which XML key lines are kept
    /// with their indentation.
    struct Nest: Encodable, PlistEncodable {
        var name: String
        var children: [Nest]
        static let plistFields = PlistFields(["name", "children"])

        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var fields = encoder.encodeFields(Self.plistFields)
            try fields.encode(name, field: 0)
            try fields.encode(children, field: 1)
            encoder.end(fields)
        }

        static func chain(_ depth: Int) -> Nest {
            Nest(name: "level \(depth)", children: depth > 0 ? [chain(depth - 1), Nest(name: "leaf", children: [])] : [])
        }
    }

    @Test func keyLinesAtEveryDepth() {
        expectSameBytes(Nest.chain(12))
        let xml = String(decoding: (try? Self.modelEncode(Nest.chain(12), .xml, sorted: false)) ?? Data(), as: UTF8.self)
        #expect(xml.contains("\n" + String(repeating: "\t", count: 25) + "<key>name</key>\n"))
    }

    /// UUIDs as fields, optionals, elements and dictionary values.
    struct Tagged: Encodable, PlistEncodable {
        var id: UUID
        var other: UUID?
        var all: [UUID]
        var byName: [String: UUID]
        static let plistFields = PlistFields(["id", "other", "all", "byName"])

        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var fields = encoder.encodeFields(Self.plistFields)
            try fields.encode(id, field: 0)
            try fields.encodeIfPresent(other, field: 1)
            try fields.encode(all, field: 2)
            try fields.encode(byName, field: 3)
            encoder.end(fields)
        }
    }

    @Test func uuidsWhereverTheyStand() throws {
        let ids = try ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff"]
            .map { try #require(UUID(uuidString: $0)) }
        expectSameBytes(Tagged(id: ids[0], other: ids[1], all: ids, byName: ["a": ids[2]]))
        expectSameBytes(Tagged(id: ids[2], other: nil, all: [], byName: [:]))
        expectSameBytes(ids[0])
        expectSameBytes(ids)
        let xml = String(decoding: try Self.modelEncode([ids[2]], .xml, sorted: false), as: UTF8.self)
        #expect(xml.contains("\t<string>FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF</string>\n"))
        #expect(try PlistEncoder().encodeToPlist(ids[0]) == .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    }

    @Test func keysEncodedAgainOrOutOfOrder() {
        expectSameBytes(Reencoded(a: "x", b: 1, c: [7, 8]))
        expectSameBytes([Reencoded(a: "x", b: 1, c: []), Reencoded(a: "y&<", b: 2, c: [1])])
    }

    @Test func valuesThatEncodeNothingAndLargeData() {
        let large = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let sparse = [
            Sparse(first: 1, silent: Silent(), last: nil, blob: large, blobs: [large, Data([1]), large]),
            Sparse(first: nil, silent: Silent(), last: "l", blob: Data(), blobs: []),
        ]
        expectSameBytes(sparse, formats: [.binary, .xml])
        expectSameBytes([Silent(), Silent()])
        expectSameBytes(["k": Silent()])
        expectSameBytes(Silent())
    }

    @Test func depthLimitAsOnTheCodablePath() {
        expectSameBytes(Chain(depth: 10))
        expectSameBytes(Chain(depth: 600), formats: [.binary, .xml])
        expectSameBytes([Chain(depth: 511), Chain(depth: 509)], formats: [.binary, .xml])
    }

    /// Throws from field `b` unless told not to; a holder catches the error and goes on.
    struct Failing: PlistEncodable {
        var fail: Bool
        struct Refused: Error {}
        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var fields = encoder.encodeFields(PlistFields(["a", "b"]))
            try fields.encode(["x": 1], field: 0)
            if fail { throw EncodingError.invalidValue(1, EncodingError.Context(codingPath: [], debugDescription: "refused")) }
            try fields.encode(2, field: 1)
            encoder.end(fields)
        }
    }

    struct Forgiving: PlistEncodable {
        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var fields = encoder.encodeFields(PlistFields(["kept", "lost", "after"]))
            try fields.encode(Failing(fail: false), field: 0)
            do { try fields.encode(Failing(fail: true), field: 1) } catch {}
            try fields.encode([Failing(fail: false)], field: 2)
            encoder.end(fields)
        }
    }

    @Test func anErrorCaughtInsideLeavesNoTrace() throws {
        let expected: Plist = ["kept": ["a": ["x": 1], "b": 2], "after": [["a": ["x": 1], "b": 2]]]
        for format in Self.formats {
            let bytes = try Self.modelEncode(Forgiving(), format, sorted: false)
            #expect(try Plist(decoding: bytes) == expected, "\(format)")
            // The tree writer orders a binary file's objects otherwise; text is laid out alike.
            if format != .binary { #expect(bytes == (try expected.encoded(as: format)), "\(format)") }
        }
    }
}
