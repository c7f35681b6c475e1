import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// Mismatched and corrupt inputs: PlistDecoder throws the `DecodingError` case Foundation
/// throws, at the same coding path, names the position in the input, and never crashes.
@Suite struct CodableErrorTests {
    struct Inner: Codable, Equatable { var a: Int }
    struct Outer: Codable, Equatable { var k: Inner }
    enum NarrowRaw: UInt16, Codable { case one = 1, two = 2 }
    struct Pair: Decodable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            _ = try container.decode(Int.self)
            _ = try container.decode(Int.self)
        }
    }

    /// "typeMismatch @ k.a", say: the case and the coding path.
    static func summary(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context): return "typeMismatch @ \(path(context))"
        case .valueNotFound(_, let context): return "valueNotFound @ \(path(context))"
        case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) @ \(path(context))"
        case .dataCorrupted(let context): return "dataCorrupted @ \(path(context))"
        @unknown default: return "unknown"
        }
    }

    /// Decodes `value` (written as a binary plist, then as XML) as `T` with both decoders;
    /// both must fail the same way, and ours must name the offset (line:column for XML)
    /// when the error is about a value the decoder read (not one the type's own
    /// `init(from:)` rejected, nor a missing one).
    private func expectSameFailure<T: Decodable>(_ type: T.Type, _ value: Plist, positioned: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try value.encoded(as: .binary)
        var theirs = "decoded"
        var ours = "decoded"
        do { _ = try PropertyListDecoder().decode(type, from: bytes) } catch { theirs = Self.summary(error) }
        do {
            _ = try PlistDecoder().decode(type, from: bytes)
        } catch {
            ours = Self.summary(error)
            if positioned {
                #expect("\(error)".contains("offset"), "no position in \(error)", sourceLocation: sourceLocation)
            }
        }
        #expect(ours == theirs, sourceLocation: sourceLocation)
        #expect(ours != "decoded", sourceLocation: sourceLocation)
        // The tree decoder agrees.
        var tree = "decoded"
        do { _ = try PlistDecoder().decode(type, from: value) } catch { tree = Self.summary(error) }
        #expect(tree == theirs, "tree", sourceLocation: sourceLocation)
        // So does XML input, read from its node table, with line:column instead of offsets.
        let xml = try value.encoded(as: .xml)
        var theirsXML = "decoded"
        var oursXML = "decoded"
        do { _ = try PropertyListDecoder().decode(type, from: xml) } catch { theirsXML = Self.summary(error) }
        do {
            _ = try PlistDecoder().decode(type, from: xml)
        } catch {
            oursXML = Self.summary(error)
            if positioned {
                #expect("\(error)".range(of: #"\(at \d+:\d+\)"#, options: .regularExpression) != nil, "no line:column in \(error)", sourceLocation: sourceLocation)
            }
        }
        #expect(oursXML == theirsXML, "XML", sourceLocation: sourceLocation)
        #expect(oursXML == ours, "XML vs binary", sourceLocation: sourceLocation)
    }

    @Test func mismatchesMatchFoundation() throws {
        try expectSameFailure(Outer.self, ["k": ["a": "x"]])
        try expectSameFailure(Outer.self, ["k": [:]], positioned: false)
        try expectSameFailure(Outer.self, ["k": []])
        try expectSameFailure(Outer.self, ["k": "$null"])
        try expectSameFailure(Outer.self, ["k": ["a": "$null"]])
        try expectSameFailure(Outer.self, [1])
        try expectSameFailure([Int].self, [:])
        try expectSameFailure([Int].self, [1.5])
        try expectSameFailure([Int].self, [.real(.nan)])
        try expectSameFailure([Int].self, [1e19])
        try expectSameFailure([Int8].self, [300])
        try expectSameFailure([NarrowRaw].self, [70_000], positioned: false)
        try expectSameFailure([NarrowRaw].self, [3], positioned: false)
        try expectSameFailure([String: UInt16].self, ["k": -1])
        try expectSameFailure([UInt].self, [-1])
        try expectSameFailure([Int].self, [.integer(.max)])
        try expectSameFailure([String].self, ["$null"])
        try expectSameFailure([Int].self, ["$null"])
        try expectSameFailure([Bool].self, [1])
        try expectSameFailure([Int].self, [true])
        try expectSameFailure([String].self, [1])
        try expectSameFailure([Date].self, ["2001-01-01T00:00:00Z"])
        try expectSameFailure([Date].self, [1.0])
        try expectSameFailure([Data].self, ["AQID"])
        try expectSameFailure([UUID].self, ["not a uuid"], positioned: false)
        try expectSameFailure([URL].self, ["https://example.com/"])
        try expectSameFailure([Int: String].self, ["x": "a"], positioned: false)
        try expectSameFailure(Pair.self, [1], positioned: false)
        try expectSameFailure(CodableShape.self, ["circle": ["radius": "x"]])
        try expectSameFailure(CodableShape.self, ["circle": [:], "point": [:]], positioned: false)
        try expectSameFailure(CodableShape.self, ["triangle": [:]], positioned: false)
        try expectSameFailure(CodableRawEnum.self, ["third"], positioned: false)
        try expectSameFailure([CodableDog].self, [["super": ["name": "n", "legs": 4]]], positioned: false)
        try expectSameFailure([CodableDog].self, [["breed": "b"]], positioned: false)
        try expectSameFailure([CodableRecord].self, [["id": 1]], positioned: false)
    }

    @Test func messagesNamePositionAndType() throws {
        let bytes = try (["k": ["a": "x"]] as Plist).encoded(as: .binary)
        do {
            _ = try PlistDecoder().decode(Outer.self, from: bytes)
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.codingPath.map(\.stringValue) == ["k", "a"])
            #expect(context.debugDescription.hasPrefix("Expected to decode Int but found a string instead. (at offset "))
        }
    }

    /// Decodes `bytes` as `T`; must throw `dataCorrupted` whose underlying error has `code`.
    private func expectCorrupt<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ code: PlistError.Code, path: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try PlistDecoder().decode(type, from: Data(bytes))
            Issue.record("decoded", sourceLocation: sourceLocation)
        } catch DecodingError.dataCorrupted(let context) {
            let underlying = context.underlyingError as? PlistError
            #expect(underlying?.code == code, "\(context)", sourceLocation: sourceLocation)
            #expect(underlying?.location != nil, sourceLocation: sourceLocation)
            #expect(context.debugDescription.contains("offset"), sourceLocation: sourceLocation)
            #expect(context.codingPath.map(\.stringValue).joined(separator: ".") == path, sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func corruptBinary() {
        // Not a plist at all, a bad header, a truncated file.
        expectCorrupt([Int].self, [], .unknownFormat)
        expectCorrupt([Int].self, Array("bplist00".utf8), .truncated)
        // An array whose second ref points past the object count.
        var builder = BinaryBuilder([[0xA2, 0x01, 0x07], [0x10, 0x01]])
        expectCorrupt([Int].self, builder.bytes, .refOutOfRange, path: "Index 1")
        // An element whose offset is outside the object area.
        builder = BinaryBuilder([[0xA1, 0x01], [0x10, 0x01]])
        builder.offsetOverrides[1] = 200
        expectCorrupt([Int].self, builder.bytes, .offsetOutOfRange, path: "Index 0")
        // A string whose count runs past the object area.
        builder = BinaryBuilder([[0xA1, 0x01], [0x5F, 0x10, 0x7F]])
        expectCorrupt([String].self, builder.bytes, .countTooLarge, path: "Index 0")
        // A 16-byte integer out of range.
        builder = BinaryBuilder([[0xA1, 0x01], [0x14] + [UInt8](repeating: 0x01, count: 16)])
        expectCorrupt([Int].self, builder.bytes, .invalidInteger, path: "Index 0")
        // An ASCII string with a high byte, and a lone UTF-16 surrogate.
        builder = BinaryBuilder([[0xA1, 0x01], [0x51, 0xC3]])
        expectCorrupt([String].self, builder.bytes, .invalidString, path: "Index 0")
        builder = BinaryBuilder([[0xA1, 0x01], [0x61, 0xD8, 0x00]])
        expectCorrupt([String].self, builder.bytes, .invalidString, path: "Index 0")
        // A dictionary with an integer key: a type mismatch, as in Foundation, with the
        // reader's error (and offset) underneath.
        builder = BinaryBuilder([[0xD1, 0x01, 0x01], [0x10, 0x01]])
        for error in [#expect(throws: DecodingError.self) { try PlistDecoder().decode(Inner.self, from: Data(builder.bytes)) },
                      #expect(throws: DecodingError.self) { try PlistDecoder().decode([String: Int].self, from: Data(builder.bytes)) }] {
            guard case .typeMismatch(_, let context)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect((context.underlyingError as? PlistError)?.code == .nonStringKey)
        }
        // A null object and an unknown marker.
        builder = BinaryBuilder([[0xA1, 0x01], [0x00]])
        expectCorrupt([Int?].self, builder.bytes, .unsupportedObject, path: "Index 0")
        builder = BinaryBuilder([[0xA1, 0x01], [0x70]])
        expectCorrupt([Int].self, builder.bytes, .unknownObject, path: "Index 0")
    }

    @Test func everyTruncationFailsCleanly() throws {
        let bytes = [UInt8](try PlistEncoder().encode(CodableEverything.sample))
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: DecodingError.self) { try PlistDecoder().decode(CodableEverything.self, from: Data(bytes.prefix(length))) }
        }
    }

    @Test func everyByteFlipFailsCleanlyOrDecodes() throws {
        // Damage each byte of a small file: decoding throws or returns, never crashes.
        let bytes = [UInt8](try PlistEncoder().encode([CodableRecord.make(3), CodableRecord.make(4)]))
        for index in bytes.indices {
            for flip: UInt8 in [0xFF, 0x80, 0x01] {
                var damaged = bytes
                damaged[index] ^= flip
                _ = try? PlistDecoder().decode([CodableRecord].self, from: Data(damaged))
                _ = try? Plist(decoding: damaged)
            }
        }
    }

    @Test func cyclesAreErrors() {
        // Array 0 holds array 1, which holds array 0.
        let builder = BinaryBuilder([[0xA1, 0x01], [0xA1, 0x00]])
        expectCorrupt([[[[[Int]]]]].self, builder.bytes, .cyclicReference, path: "Index 0.Index 0.Index 0")
    }

    @Test func depthIsLimited() throws {
        var value: Plist = []
        for _ in 0..<40 { value = [value] }
        let bytes = try value.encoded(as: .binary)
        let decoder = PlistDecoder()
        decoder.readingOptions.maximumDepth = 20
        do {
            _ = try decoder.decode(CodableNested.self, from: bytes)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? PlistError)?.code == .depthLimitExceeded)
        }
        decoder.readingOptions.maximumDepth = 50
        #expect(try decoder.decode(CodableNested.self, from: bytes).depth == 41)
    }

    @Test func escapedDecoderThrowsInsteadOfReadingFreedMemory() throws {
        final class Escape: Decodable, @unchecked Sendable {
            var container: (any UnkeyedDecodingContainer)?
            init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
        }
        let escape = try PlistDecoder().decode(Escape.self, from: PlistEncoder().encode([1, 2]))
        #expect(throws: DecodingError.self) { _ = try escape.container?.decode(Int.self) }
    }

    /// A keyed container the caller still holds keeps reading its own dictionary while later
    /// dictionaries are decoded (the binary decoder makes a container's source again only
    /// for a dictionary once nothing holds it).
    @Test func heldKeyedContainersKeepTheirDictionaries() throws {
        struct Record: Codable, Equatable {
            var name: String
            var count: Int
            enum CodingKeys: String, CodingKey { case name, count }
        }
        struct Holder: Decodable {
            var records: [Record] = []
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                var held: [KeyedDecodingContainer<Record.CodingKeys>] = []
                while !list.isAtEnd {
                    let record = try list.nestedContainer(keyedBy: Record.CodingKeys.self)
                    _ = try record.decode(String.self, forKey: .name)
                    held.append(record)
                }
                // Read again only after every dictionary has had its container.
                for record in held {
                    records.append(Record(name: try record.decode(String.self, forKey: .name), count: try record.decode(Int.self, forKey: .count)))
                }
            }
        }
        let records = (0..<5).map { Record(name: "record \($0)", count: $0 * 10) }
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            #expect(try PlistDecoder().decode(Holder.self, from: encoder.encode(records)).records == records)
        }
    }

    @Test func unsupportedOutputFormat() {
        let encoder = PlistEncoder()
        encoder.outputFormat = .openStep
        #expect(throws: EncodingError.self) { try encoder.encode([1]) }
    }

    @Test(.enabled(if: CodableParityTests.readsXML)) func xmlErrorsNameLineAndColumn() {
        let xml = Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array><integer>1</integer></plist>".utf8)
        do {
            _ = try PlistDecoder().decode([Int].self, from: xml)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            let underlying = context.underlyingError as? PlistError
            if case .lineColumn? = underlying?.location {} else { Issue.record("no line:column in \(context)") }
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func textErrorsAreDataCorrupted() {
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([Int].self, from: Data("<?xml version=\"1.0\"?><plist><array><integer>1</integer></plist>".utf8)) }
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([Int].self, from: Data([0xFF, 0xFE, 0x00])) }
    }
}

/// Arrays nested to any depth, counting it.
struct CodableNested: Decodable {
    var depth: Int
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        depth = container.isAtEnd ? 1 : try container.decode(CodableNested.self).depth + 1
    }
}
