import Foundation
import PlistKit
import Testing

/// One entry of `TestVectors/xml/MANIFEST.json` or `TestVectors/json/MANIFEST.json`: a file
/// and either the canonical dump of its value or the ``PlistError/Code`` reading must give.
struct TextVector: Sendable, CustomTestStringConvertible {
    let file: String
    let madeBy: String
    /// The parsed canonical dump. Kept as parsed: writing it back to JSON text and parsing
    /// again would lose a leading U+FEFF in strings (Foundation's JSONSerialization drops it).
    let expectedObject: ObjectBox?
    let error: String?

    final class ObjectBox: @unchecked Sendable {
        let object: Any
        init(_ object: Any) { self.object = object }
    }

    var testDescription: String { file }
    var url: URL { Canonical.vectorsDirectory.appendingPathComponent(file) }

    func expected() throws -> Plist? {
        guard let expectedObject else { return nil }
        return try Canonical.plist(from: expectedObject.object)
    }

    static func load(_ manifest: String) -> [TextVector] {
        let url = Canonical.vectorsDirectory.appendingPathComponent(manifest)
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["vectors"] as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard let file = entry["file"] as? String, let madeBy = entry["made_by"] as? String else { return nil }
            return TextVector(file: file, madeBy: madeBy, expectedObject: entry["expected"].map(ObjectBox.init), error: entry["error"] as? String)
        }
    }

    static let xml = load("xml/MANIFEST.json")
    static let json = load("json/MANIFEST.json")

    /// Checks that reading `bytes` (as `format`, or detected) fails at once with this
    /// vector's error code and a line and column (columns counting from `firstColumn`).
    func expectRefused(_ bytes: Data, as format: PlistFormat?, firstColumn: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let clock = ContinuousClock()
        let start = clock.now
        let error = #expect(throws: PlistError.self, sourceLocation: sourceLocation) {
            if let format { _ = try Plist(decoding: bytes, format: format) } else { _ = try Plist(decoding: bytes) }
        }
        #expect(error?.code.name == self.error, "\(error.map(String.init(describing:)) ?? "no error")", sourceLocation: sourceLocation)
        if case .lineColumn(let line, let column)? = error?.location {
            #expect(line >= 1 && column >= firstColumn, sourceLocation: sourceLocation)
        } else {
            Issue.record("error without line and column: \(String(describing: error))", sourceLocation: sourceLocation)
        }
        #expect(clock.now - start < .seconds(2), sourceLocation: sourceLocation)
    }
}

@Suite("XML test vectors")
struct XMLVectorTests {
    @Test func manifestIsComplete() throws {
        #expect(TextVector.xml.count > 100)
        let listed = Set(TextVector.xml.map(\.file))
        let root = Canonical.vectorsDirectory
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("xml").path)
            .filter { $0.hasSuffix(".plist") }.map { "xml/" + $0 }
        #expect(Set(files) == listed)
        #expect(TextVector.xml.allSatisfy { ($0.expectedObject == nil) != ($0.error == nil) })
    }

    @Test(arguments: TextVector.xml)
    func vector(_ vector: TextVector) throws {
        let bytes = try Data(contentsOf: vector.url)
        if vector.error != nil {
            vector.expectRefused(bytes, as: .xml, firstColumn: 0)
            return
        }
        let expected = try #require(try vector.expected())
        let (value, format) = try Plist.decodedWithFormat(bytes)
        #expect(format == .xml)
        #expect(Canonical.identical(value, expected), "read \(value)\nexpected \(expected)")
        if vector.madeBy.hasPrefix("plistlib") || vector.madeBy == "hand" {
            #expect(sameKeyOrderXML(value, expected))
        }
    }

    /// What we write, we read back identically (dates only to the second, as XML holds them).
    @Test(arguments: TextVector.xml.filter { $0.error == nil })
    func roundTrip(_ vector: TextVector) throws {
        let value = try Plist(decoding: try Data(contentsOf: vector.url), format: .xml)
        let written = try value.encoded(as: .xml)
        let reread = try Plist(decoding: written, format: .xml)
        // XML keeps dates to the second.
        #expect(Canonical.identical(reread, value.flooringDates()))
        #expect(sameKeyOrderXML(reread, value))
    }
}

extension Plist {
    /// The value as XML keeps it: dates rounded down to whole seconds.
    func flooringDates() -> Plist {
        switch self {
        case .dictionary(var entries):
            for index in entries.values.indices { entries.values[index] = entries.values[index].flooringDates() }
            return .dictionary(entries)
        case .array(let elements):
            return .array(elements.map { $0.flooringDates() })
        case .date(let date):
            return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        default:
            return self
        }
    }
}

/// True when every dictionary in `actual` lists its keys in the order `expected` does.
func sameKeyOrderXML(_ actual: Plist, _ expected: Plist) -> Bool {
    switch (actual, expected) {
    case let (.dictionary(a), .dictionary(b)):
        guard a.keys.elementsEqual(b.keys, by: { $0.string.unicodeScalars.elementsEqual($1.string.unicodeScalars) }) else { return false }
        return zip(a.values, b.values).allSatisfy(sameKeyOrderXML)
    case let (.array(a), .array(b)):
        return a.count == b.count && zip(a, b).allSatisfy(sameKeyOrderXML)
    default:
        return true
    }
}
