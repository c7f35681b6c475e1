import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// The `PlistDecodable`/`PlistEncodable` path against the Codable path of the same models
/// (hand-written conformances as `@PlistCodable` generates them): the same bytes, the same
/// values read from Foundation's output, the same errors.
@Suite struct PlistCodableTests {
    /// Encodes through the Codable path (`T` is only `Encodable` here, so the overload for
    /// `PlistEncodable` types is not a candidate).
    static func codableEncode<T: Encodable>(_ value: T, _ format: PlistFormat, sorted: Bool = false) throws -> Data {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        if sorted { encoder.outputFormatting = .sortedKeys }
        return try encoder.encode(value)
    }

    static func modelEncode<T: PlistEncodable>(_ value: T, _ format: PlistFormat, sorted: Bool = false) throws -> Data {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        if sorted { encoder.outputFormatting = .sortedKeys }
        return try encoder.encode(value)
    }

    static func codableTree<T: Encodable>(_ value: T) throws -> Plist {
        try PlistEncoder().encodeToPlist(value)
    }

    static func codableDecode<T: Decodable>(_ type: T.Type, _ value: Plist) throws -> T {
        try PlistDecoder().decode(type, from: value)
    }

    static func modelDecode<T: PlistDecodable>(_ type: T.Type, _ value: Plist) throws -> T {
        try PlistDecoder().decode(type, from: value)
    }

    static func codableDecode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try PlistDecoder().decode(type, from: data)
    }

    static func modelDecode<T: PlistDecodable>(_ type: T.Type, _ data: Data) throws -> T {
        try PlistDecoder().decode(type, from: data)
    }

    @Test(arguments: 0..<40)
    func differential(seed: UInt64) throws {
        var generator = ModelGenerator(seed: seed)
        let document = generator.document()
        for format in [PlistFormat.binary, .xml] {
            for sorted in [false, true] {
                let codable = try Self.codableEncode(document, format, sorted: sorted)
                let model = try Self.modelEncode(document, format, sorted: sorted)
                #expect(codable == model, "\(format) sorted: \(sorted) bytes differ")
            }
            let foundation = PropertyListEncoder()
            foundation.outputFormat = format == .xml ? .xml : .binary
            #expect(try Self.modelDecode(ModelDocument.self, foundation.encode(document)) == document, "Foundation \(format) → model")
            #expect(try Self.modelDecode(ModelDocument.self, Self.modelEncode(document, format)) == document, "model \(format) → model")
        }
        // JSON cannot hold dates and data; the tree path reads a Plist value.
        let tree = try PlistEncoder().encodeToPlist(document)
        #expect(try PlistDecoder().decode(ModelDocument.self, from: tree) == document, "tree → model")
        let codableTree = try Self.codableTree(document)
        #expect(tree == codableTree, "encodeToPlist differs")
    }

    @Test func topLevelCollectionsTakeThePath() throws {
        let leaves = [ModelLeaf(name: "a", weight: nil), ModelLeaf(name: "b", weight: 2)]
        let bytes = try Self.codableEncode(leaves, .binary)
        #expect(try Self.modelEncode(leaves, .binary) == bytes)
        #expect(try Self.modelDecode([ModelLeaf].self, bytes) == leaves)
        let byNumber: [Int: ModelShape] = [1: .empty, 20: .circle(radius: 2)]
        #expect(try Self.modelEncode(byNumber, .xml) == Self.codableEncode(byNumber, .xml))
        #expect(try Self.modelDecode([Int: ModelShape].self, Self.codableEncode(byNumber, .binary)) == byNumber)
    }

    @Test func topLevelScalarsAreRefusedAsByCodable() throws {
        #expect(throws: EncodingError.self) { try Self.modelEncode(ModelMood.calm, .binary) }
        #expect(throws: EncodingError.self) { try Self.modelEncode(5, .xml) }
        #expect(try Self.modelEncode(Data([1, 2]), .binary) == Self.codableEncode(Data([1, 2]), .binary))
    }

    /// What Codable cannot do: a missing key takes the property's default.
    struct Person: Equatable, PlistDecodable, PlistEncodable {
        var name: String
        var age: Int = 0
        var email: String?
        var tags: [String]

        static let plistFields = PlistFields(["name", "age", "email", "tags"])

        init(name: String, age: Int = 0, email: String? = nil, tags: [String]) {
            self.name = name
            self.age = age
            self.email = email
            self.tags = tags
        }

        init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
            var fields = try decoder.decodeFields(Self.plistFields)
            let _0 = try fields.decode(String.self, field: 0)
            let _1 = try fields.decodeIfPresent(Int.self, field: 1) ?? 0
            let _2 = try fields.decodeIfPresent(String.self, field: 2)
            let _3 = try fields.decode([String].self, field: 3)
            self.name = _0
            self.age = _1
            self.email = _2
            self.tags = _3
        }

        func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
            var fields = encoder.encodeFields(Self.plistFields)
            try fields.encode(name, field: 0)
            try fields.encode(age, field: 1)
            try fields.encodeIfPresent(email, field: 2)
            try fields.encode(tags, field: 3)
            encoder.end(fields)
        }
    }

    @Test func missingKeysTakeDefaults() throws {
        let bytes = try Plist.dictionary(["tags": ["x"], "name": "Ann"]).encoded(as: .binary)
        #expect(try PlistDecoder().decode(Person.self, from: bytes) == Person(name: "Ann", tags: ["x"]))
        let full = Person(name: "Bo", age: 7, email: "b@example.com", tags: [])
        #expect(try PlistDecoder().decode(Person.self, from: PlistEncoder().encode(full)) == full)
    }

    @Test func userInfoAndCodingPathReachTheModel() throws {
        struct Probe: PlistDecodable {
            var seen: String
            init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                seen = "\(decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] ?? "none") " + decoder.codingPath.map(\.stringValue).joined(separator: ".")
            }
        }
        let decoder = PlistDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] = "v"
        let bytes = try Plist.array([["p": 1]]).encoded(as: .binary)
        struct Holder: PlistDecodable {
            var probe: Probe
            init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                var fields = try decoder.decodeFields(PlistFields(["p"]))
                probe = try fields.decode(Probe.self, field: 0)
            }
        }
        #expect(try decoder.decode([Holder].self, from: bytes)[0].probe.seen == "v Index 0.p")
    }

    // MARK: Errors

    /// A Codable-only type nested in a model, for the adaptor's errors.
    struct LegacyHolder: Codable, PlistDecodable {
        var legacy: ModelCodableOnly
        init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
            var fields = try decoder.decodeFields(PlistFields(["legacy"]))
            legacy = try fields.decodeDecodable(ModelCodableOnly.self, field: 0)
        }
    }

    /// Decodes `value` (binary, XML, and the tree) as `T` on both paths; the case and the
    /// coding path must agree.
    private func expectSameFailure<T: Decodable & PlistDecodable>(_ type: T.Type, _ value: Plist, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for format in [PlistFormat.binary, .xml] {
            let bytes = try value.encoded(as: format)
            var codable = "decoded", model = "decoded"
            do { _ = try Self.codableDecode(type, bytes) } catch { codable = CodableErrorTests.summary(error) }
            do { _ = try Self.modelDecode(type, bytes) } catch { model = CodableErrorTests.summary(error) }
            #expect(model == codable, "\(format)", sourceLocation: sourceLocation)
            #expect(model != "decoded", sourceLocation: sourceLocation)
        }
        var codable = "decoded", model = "decoded"
        do { _ = try Self.codableDecode(type, value) } catch { codable = CodableErrorTests.summary(error) }
        do { _ = try Self.modelDecode(type, value) } catch { model = CodableErrorTests.summary(error) }
        #expect(model == codable, "tree", sourceLocation: sourceLocation)
    }

    @Test func errorsMatchTheCodablePath() throws {
        try expectSameFailure(ModelLeaf.self, ["name": 1])
        try expectSameFailure(ModelLeaf.self, [:])
        try expectSameFailure(ModelLeaf.self, ["name": "$null"])
        try expectSameFailure(ModelLeaf.self, ["name": "n", "weight": "heavy"])
        try expectSameFailure(ModelLeaf.self, [1])
        try expectSameFailure([ModelLeaf].self, [["name": "n"], ["weight": 1.0]])
        try expectSameFailure([Int].self, [:])
        try expectSameFailure([Int].self, [1.5])
        try expectSameFailure([Int].self, [.real(.nan)])
        try expectSameFailure([Int].self, [1e19])
        try expectSameFailure([Int8].self, [300])
        try expectSameFailure([UInt].self, [-1])
        try expectSameFailure([Int].self, [.integer(.max)])
        try expectSameFailure([String].self, ["$null"])
        try expectSameFailure([Int].self, ["$null"])
        try expectSameFailure([Bool].self, [1])
        try expectSameFailure([Int].self, [true])
        try expectSameFailure([String].self, [1])
        try expectSameFailure([Float].self, [1e300])
        try expectSameFailure([Date].self, ["2001-01-01T00:00:00Z"])
        try expectSameFailure([Data].self, ["AQID"])
        try expectSameFailure([UUID].self, ["not a uuid"])
        try expectSameFailure([URL].self, ["https://example.com/"])
        try expectSameFailure([URL].self, [["base": "x"]])
        try expectSameFailure([Int: String].self, ["x": "a"])
        try expectSameFailure([String: UInt16].self, ["k": -1])
        try expectSameFailure([ModelMood].self, ["sleepy"])
        try expectSameFailure([ModelPriority].self, [3])
        try expectSameFailure(ModelShape.self, ["circle": ["radius": "x"]])
        try expectSameFailure(ModelShape.self, ["circle": [:], "point": [:]])
        try expectSameFailure(ModelShape.self, ["triangle": [:]])
        try expectSameFailure(ModelShape.self, ["empty": 1])
        try expectSameFailure(ModelShape.self, ["point": ["_0": 1.0]])
        try expectSameFailure(ModelNode.self, ["label": "a", "children": [["label": "b", "children": [["label": 3]]]]])
        try expectSameFailure(ModelContainers.self, ["maybeInt": "x"])
        try expectSameFailure(LegacyHolder.self, ["legacy": ["note": "n"]])
        try expectSameFailure(LegacyHolder.self, ["legacy": ["note": "n", "count": "c"]])
    }

    @Test func cyclesAndCorruptionAreDataCorrupted() throws {
        // Array 0 holds array 1, which holds array 0.
        let builder = BinaryBuilder([[0xA1, 0x01], [0xA1, 0x00]])
        var codable = "decoded", model = "decoded"
        do { _ = try Self.codableDecode([[[[[Int]]]]].self, Data(builder.bytes)) } catch { codable = CodableErrorTests.summary(error) }
        do { _ = try Self.modelDecode([[[[[Int]]]]].self, Data(builder.bytes)) } catch { model = CodableErrorTests.summary(error) }
        #expect(model == codable)
        #expect(model.hasPrefix("dataCorrupted"))
        // Every truncation of a real file fails cleanly, with a DecodingError.
        var generator = ModelGenerator(seed: 7)
        let bytes = try Self.modelEncode(generator.document(), .binary)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: DecodingError.self) { try Self.modelDecode(ModelDocument.self, bytes.prefix(length)) }
        }
    }

    /// Each byte of a small binary file changed in turn (marker, count, offset-table entry,
    /// reference or payload): the model path reads what the Codable path reads, and fails
    /// where it fails, with the same error and message (but for `keyNotFound`, whose message
    /// names the key as the Codable path's `CodingKeys` print it). Its quick reads take only
    /// values the full reads take without a word, and leave every failure to them.
    @Test func changedBytesFailAsOnTheCodablePath() throws {
        var generator = ModelGenerator(seed: 3)
        var scalars = [generator.scalars(), generator.scalars()]
        scalars[0].text = "short"
        scalars[1].text = "a string of more than fifteen bytes"
        let bytes = try Self.modelEncode(scalars, .binary)
        func outcome(_ decode: () throws -> [ModelScalars]) -> String {
            do {
                return "\(try decode())"
            } catch let error as DecodingError {
                switch error {
                case .keyNotFound:
                    return CodableErrorTests.summary(error)
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                    return CodableErrorTests.summary(error) + ": " + context.debugDescription
                @unknown default:
                    return "unknown"
                }
            } catch {
                return "\(error)"
            }
        }
        for position in bytes.indices {
            for replacement: UInt8 in [0x00, 0x09, 0x10, 0x23, 0x33, 0x55, 0x5F, 0x80, 0xD8, 0xFF, bytes[position] &+ 1] where replacement != bytes[position] {
                var changed = bytes
                changed[position] = replacement
                let codable = outcome { try Self.codableDecode([ModelScalars].self, changed) }
                let model = outcome { try Self.modelDecode([ModelScalars].self, changed) }
                #expect(model == codable, "byte \(position) set to \(replacement)")
            }
        }
    }

    @Test func depthIsLimited() throws {
        var value: Plist = ["label": "leaf", "children": []]
        for _ in 0..<30 { value = ["label": "n", "children": [value]] }
        let bytes = try value.encoded(as: .binary)
        let decoder = PlistDecoder()
        decoder.readingOptions.maximumDepth = 20
        do {
            _ = try decoder.decode(ModelNode.self, from: bytes)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? PlistError)?.code == .depthLimitExceeded)
        }
        decoder.readingOptions.maximumDepth = 100
        #expect(try decoder.decode(ModelNode.self, from: bytes).label == "n")
    }
}
