import Foundation
import PlistKit
import Testing

/// `PlistEncoder`/`PlistDecoder` behave as Foundation's `PropertyListEncoder`/`Decoder` on
/// Linux do, and lose nothing they keep.
@Suite("Codable fidelity")
struct CodableFidelityTests {
    struct A: Codable, Equatable { var a: Int }

    /// `{a: 1, a: 2}` in binary, the key object shared (as CF writes it) or written twice.
    static func duplicateKeyBinary(sharedKey: Bool) -> Data {
        var bytes: [UInt8] = Array("bplist00".utf8)
        if sharedKey {
            bytes += [0xD2, 0x01, 0x01, 0x02, 0x03, 0x51, 0x61, 0x10, 0x01, 0x10, 0x02, 0x08, 0x0D, 0x0F, 0x11]
            bytes += [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 19]
        } else {
            bytes += [0xD2, 0x01, 0x02, 0x03, 0x04, 0x51, 0x61, 0x51, 0x61, 0x10, 0x01, 0x10, 0x02, 0x08, 0x0D, 0x0F, 0x11, 0x13]
            bytes += [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 21]
        }
        return Data(bytes)
    }

    static let duplicateKeyXML = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>
        """.utf8)

    @Test(arguments: [duplicateKeyBinary(sharedKey: true), duplicateKeyBinary(sharedKey: false), duplicateKeyXML])
    func repeatedKeyKeepsTheLastValueEverywhere(data: Data) throws {
        #expect(try Plist(decoding: data)["a"] == 2)
        #expect(try PlistDecoder().decode(A.self, from: data) == A(a: 2))
        #expect(try PlistDecoder().decode([String: Int].self, from: data) == ["a": 2])
        // Foundation, the oracle, where it is consistent: with two distinct key objects of
        // one text its answer varies from run to run; we take the last always.
        if data != Self.duplicateKeyBinary(sharedKey: false) {
            #expect(try PropertyListDecoder().decode([String: Int].self, from: data) == ["a": 2])
            #expect(try PropertyListDecoder().decode(A.self, from: data) == A(a: 2))
        }
    }

    struct Accents: Codable, Equatable {
        var composed: Int
        var decomposed: Int
        enum CodingKeys: String, CodingKey {
            case composed = "\u{E9}"
            case decomposed = "e\u{301}"
        }
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func canonicallyEquivalentKeysStayApartInCodable(format: PlistFormat) throws {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(Accents(composed: 1, decomposed: 2))
        #expect(try Plist(decoding: data).dictionary?.count == 2)
        #expect(try PlistDecoder().decode(Accents.self, from: data) == Accents(composed: 1, decomposed: 2))
        // Many keys (the hash-index path) too.
        var many: Plist = .dictionary([PlistKey("\u{E9}"): 1, PlistKey("e\u{301}"): 2])
        for index in 0..<40 { many = try many.setting(.integer(PlistInteger(index)), atKeyPath: "k\(index)", mode: .insert) }
        #expect(try PlistDecoder().decode(Accents.self, from: many.encoded(as: format)) == Accents(composed: 1, decomposed: 2))
    }

    struct Narrow: Codable { var a: Float }

    @Test(arguments: [1e300, 3.4062e38, -1e39])
    func realsBeyondFloatDoNotFit(real: Double) throws {
        for format in [PlistFormat.binary, .xml] {
            let data = try Plist.dictionary(["a": .real(real)]).encoded(as: format)
            var errors = [captureError { try PlistDecoder().decode(Narrow.self, from: data) }]
            // Foundation throws for binary input; from XML it returns infinity. We throw for both.
            if format == .binary { errors.append(captureError { try PropertyListDecoder().decode(Narrow.self, from: data) }) }
            for error in errors {
                guard case .dataCorrupted(let context)? = error as? DecodingError else {
                    Issue.record("\(format) \(real): \(String(describing: error))"); continue
                }
                #expect(context.codingPath.map(\.stringValue) == ["a"])
                #expect(context.debugDescription.contains("does not fit in Float"))
            }
        }
        // In range (rounded), infinity and NaN decode.
        for ok in [0.1, Double(Float.greatestFiniteMagnitude), .infinity, -.infinity] {
            let data = try Plist.dictionary(["a": .real(ok)]).encoded(as: .binary)
            #expect(try PlistDecoder().decode(Narrow.self, from: data).a == Float(ok))
        }
    }

    func captureError(_ body: () throws -> Any) -> Error? {
        do { _ = try body(); return nil } catch { return error }
    }

    @Test func topLevelDataEncodesAsFoundationDoes() throws {
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            let foundation = PropertyListEncoder()
            foundation.outputFormat = format == .xml ? .xml : .binary
            let data = try encoder.encode(Data([1, 2, 3]))
            #expect(try Plist(decoding: data) == .data(Data([1, 2, 3])))
            #expect(data == (try foundation.encode(Data([1, 2, 3]))))
            #expect(try PlistDecoder().decode(Data.self, from: data) == Data([1, 2, 3]))
            // Other top-level scalars stay refused, as in Foundation.
            #expect(throws: EncodingError.self) { try encoder.encode(5) }
        }
    }

    @Test func nonStringKeyIsATypeMismatchAtThePath() throws {
        // {"a": {1: 2}}
        let bytes: [UInt8] = Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x61, 0xD1, 0x03, 0x04, 0x10, 0x01, 0x10, 0x02,
            0x08, 0x0B, 0x0D, 0x10, 0x12, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20]
        struct S: Codable { var a: [String: Int] }
        for error in [captureError { try PlistDecoder().decode(S.self, from: Data(bytes)) },
                      captureError { try PropertyListDecoder().decode(S.self, from: Data(bytes)) }] {
            guard case .typeMismatch(let type, let context)? = error as? DecodingError else {
                Issue.record("\(String(describing: error))"); continue
            }
            #expect("\(type)" == "String")
            #expect(context.codingPath.map(\.stringValue) == ["a"])
        }
    }

    struct Keys: Codable {
        var z = 1, a = 2, B = 3
        var e: Int = 4
        var grin = 5, wide = 6, accented = 7
        enum CodingKeys: String, CodingKey {
            case z, a, B, e = "_e", grin = "\u{1F600}", wide = "\u{FF5A}", accented = "\u{E9}"
        }
    }

    struct BMPKeys: Codable {
        var z = 1, a = 2, B = 3, e = 4, accented = 5, omega = 6, ideograph = 7
        enum CodingKeys: String, CodingKey {
            case z, a, B, e = "_e", accented = "\u{E9}", omega = "\u{3A9}", ideograph = "\u{65E5}"
        }
    }

    @Test func sortedKeysFollowCFsOrderByteForByte() throws {
        let encoder = PlistEncoder()
        encoder.outputFormat = .xml
        encoder.outputFormatting = .sortedKeys
        let foundation = PropertyListEncoder()
        foundation.outputFormat = .xml
        // Byte-identical to PropertyListEncoder (which always sorts its XML) for keys in the
        // Basic Multilingual Plane, where every order agrees.
        #expect(try encoder.encode(BMPKeys()) == (try foundation.encode(BMPKeys())))
        // Past it, CF (plutil, and our XML writer) compares UTF-16 code units: U+1F600 (a
        // surrogate pair, 0xD83D…) before U+FF5A. swift-foundation's PropertyListEncoder
        // compares code points and puts U+FF5A first; PlistKit sorts as CF does.
        let ours = try encoder.encode(Keys())
        let order = String(decoding: ours, as: UTF8.self).split(separator: "\n").filter { $0.contains("<key>") }
        #expect(order.map { $0.replacingOccurrences(of: "\t<key>", with: "").replacingOccurrences(of: "</key>", with: "") }
            == ["B", "_e", "a", "z", "\u{E9}", "\u{1F600}", "\u{FF5A}"])
        // Binary output with sorted keys lists them in the same order.
        encoder.outputFormat = .binary
        #expect(try Plist(decoding: encoder.encode(Keys())).dictionary?.keys.map(\.string) == ["B", "_e", "a", "z", "\u{E9}", "\u{1F600}", "\u{FF5A}"])
    }

    struct Scalars: Codable { var a: Int?; var r: Double?; var d: Date?; var b: Data?; var list: [Int]? }

    @Test(arguments: [("<key>a</key><integer>12x</integer>", ["a"]), ("<key>r</key><real>abc</real>", ["r"]),
                      ("<key>d</key><date>yesterday</date>", ["d"]), ("<key>b</key><data>!!</data>", ["b"]),
                      ("<key>list</key><array><integer>1</integer><integer>x</integer></array>", ["list", "Index 1"])])
    func malformedXMLScalarsNameTheirPath(body: String, path: [String]) throws {
        let data = Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\(body)</dict></plist>".utf8)
        var errors = [captureError { try PlistDecoder().decode(Scalars.self, from: data) }]
        // Foundation reads "!!" as empty data; for the others it names the same path.
        if !body.contains("<data>") { errors.append(captureError { try PropertyListDecoder().decode(Scalars.self, from: data) }) }
        for error in errors {
            guard case .dataCorrupted(let context)? = error as? DecodingError else {
                Issue.record("\(body): \(String(describing: error))"); continue
            }
            #expect(context.codingPath.map(\.stringValue) == path, "\(body)")
        }
        // Ours keeps the line:column.
        if case .dataCorrupted(let context)? = captureError({ try PlistDecoder().decode(Scalars.self, from: data) }) as? DecodingError {
            #expect((context.underlyingError as? PlistError)?.location == .lineColumn(line: 3, column: body.contains("array") ? 51 : 20) || context.debugDescription.contains("3:"), "\(context.debugDescription)")
        }
        // Plist(decoding:) has no path to name: the document fails.
        #expect(throws: PlistError.self) { try Plist(decoding: data) }
    }

    struct Record: Codable, Equatable, Sendable { var name: String; var values: [Int] }

    @Test func oneEncoderAndDecoderServeManyTasks() async throws {
        let encoder = PlistEncoder()
        let decoder = PlistDecoder()
        let record = Record(name: "shared", values: Array(0..<50))
        try await withThrowingTaskGroup(of: Void.self) { group in
            // One task keeps changing the options while the others use them.
            group.addTask {
                for round in 0..<500 {
                    encoder.outputFormat = round.isMultiple(of: 2) ? .xml : .binary
                    encoder.outputFormatting = round.isMultiple(of: 3) ? .sortedKeys : []
                    decoder.userInfo = [CodingUserInfoKey(rawValue: "round")!: round]
                }
            }
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<50 {
                        let data = try encoder.encode(record)
                        #expect(try decoder.decode(Record.self, from: data) == record)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
