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
        // Foundation, the oracle.
        #expect(try PropertyListDecoder().decode(A.self, from: data) == A(a: 2))
        #expect(try PropertyListDecoder().decode([String: Int].self, from: data) == ["a": 2])
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
}
