import Foundation
import PlistKit
import Testing

/// One entry of `TestVectors/binary/MANIFEST.json`: a binary plist another implementation
/// wrote, and the canonical dump of that implementation's own reading of it.
struct BinaryVector: Sendable, CustomTestStringConvertible {
    let file: String
    let madeBy: String
    /// The expected value, or why the manifest entry could not be parsed (then the vector's
    /// tests fail, not the whole suite).
    let parsed: Result<Plist, Canonical.Malformed>

    var testDescription: String { file }

    /// True for vectors whose writer keeps dictionary key order (plistlib writes keys in
    /// insertion order; Foundation's dictionaries have none).
    var keepsKeyOrder: Bool { madeBy.hasPrefix("plistlib") }

    var url: URL { Canonical.vectorsDirectory.appendingPathComponent(file) }

    func expected() throws -> Plist {
        try parsed.get()
    }

    /// Every entry of the manifest, or none when it cannot be read (`manifestIsComplete`
    /// then fails). The expected values are converted straight from the parsed JSON: turning
    /// them back into JSON text and parsing again would lose a leading U+FEFF on Linux.
    static let all: [BinaryVector] = {
        let url = Canonical.vectorsDirectory.appendingPathComponent("binary/MANIFEST.json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["vectors"] as? [[String: Any]]
        else { return [] }
        return entries.map { entry in
            let file = entry["file"] as? String ?? "?"
            let madeBy = entry["made_by"] as? String ?? "?"
            let parsed = Result { () throws(Canonical.Malformed) -> Plist in
                do {
                    return try Canonical.plist(from: entry["expected"] as Any)
                } catch let error as Canonical.Malformed {
                    throw error
                } catch {
                    throw Canonical.Malformed(description: "\(error)")
                }
            }
            return BinaryVector(file: file, madeBy: madeBy, parsed: parsed)
        }
    }()
}

/// Checks that every dictionary in `actual` lists its keys in the order `expected` does.
func sameKeyOrder(_ actual: Plist, _ expected: Plist) -> Bool {
    switch (actual, expected) {
    case let (.dictionary(a), .dictionary(b)):
        guard a.keys.elementsEqual(b.keys, by: { $0.string.unicodeScalars.elementsEqual($1.string.unicodeScalars) }) else { return false }
        return zip(a.values, b.values).allSatisfy(sameKeyOrder)
    case let (.array(a), .array(b)):
        return a.count == b.count && zip(a, b).allSatisfy(sameKeyOrder)
    default:
        return true
    }
}

@Suite("Binary test vectors")
struct BinaryVectorTests {
    @Test func manifestIsComplete() throws {
        let vectors = BinaryVector.all
        #expect(vectors.count >= 70)
        #expect(vectors.contains { $0.file.hasPrefix("binary/plistlib/") })
        #expect(vectors.contains { $0.file.hasPrefix("binary/foundation/") })
        for vector in vectors {
            #expect(FileManager.default.fileExists(atPath: vector.url.path), "\(vector.file) is missing")
        }
    }

    @Test(arguments: BinaryVector.all)
    func decodesToTheOraclesReading(_ vector: BinaryVector) throws {
        let bytes = try Data(contentsOf: vector.url)
        let expected = try vector.expected()
        let decoded = try Plist(decoding: bytes)
        #expect(identicalScalars(decoded, expected), "\(vector.file) decoded differently from \(vector.madeBy)'s reading")
        if vector.keepsKeyOrder {
            #expect(sameKeyOrder(decoded, expected), "\(vector.file): dictionary key order changed")
        }
    }

    @Test(arguments: BinaryVector.all)
    func reencodesToTheSameValue(_ vector: BinaryVector) throws {
        let expected = try vector.expected()
        let decoded = try Plist(decoding: Data(contentsOf: vector.url))
        let reencoded = try decoded.encoded(as: .binary)
        let again = try Plist(decoding: reencoded)
        #expect(Canonical.identical(again, expected), "\(vector.file) changed on the way through our writer")
        #expect(identicalScalars(again, expected), "\(vector.file): code points changed")
        if vector.keepsKeyOrder {
            #expect(sameKeyOrder(again, expected), "\(vector.file): key order changed on the way through our writer")
        }
    }
}
