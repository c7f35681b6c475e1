import Foundation
import Testing
import PlistKit

// The code of the PlistKit.docc articles, kept compiling and passing here. When an article
// changes, change its test.
@Suite struct DocumentationExampleTests {
    /// GettingStarted.md, from decoding to printing.
    @Test func gettingStarted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-doc-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input: Plist = ["students": [["name": "Ada", "age": 36]]]
        try input.encoded(as: .xml).write(to: directory.appendingPathComponent("Info.plist"))

        let bytes = try Data(contentsOf: directory.appendingPathComponent("Info.plist"))
        let (value, format) = try Plist.decodedWithFormat(bytes)
        #expect(format == .xml)

        let name = value["students"]?[0]?["name"]?.string
        let age = value[keyPath: "students.0.age"]?.int
        #expect(name == "Ada")
        #expect(age == 36)

        let config: Plist = [
            "name": "Ada",
            "age": 36,
            "tags": ["math", "engines"],
            "big": .integer(.max),
            "joined": .date(Date(timeIntervalSinceReferenceDate: 0)),
        ]
        let renamed = try config.setting("Grace", atKeyPath: "name", mode: .replace)
        let trimmed = try renamed.removing(atKeyPath: "tags.1")
        #expect(trimmed["tags"] == ["math"])
        #expect(config["name"] == "Ada")

        let binary = try trimmed.encoded(as: .binary)
        let xml = try trimmed.encoded(as: .xml, options: PlistWritingOptions(sortedKeys: true))
        let path = directory.appendingPathComponent("config.plist").path
        try AtomicFile.write(binary, to: path)
        #expect(try Plist(decoding: Data(contentsOf: URL(fileURLWithPath: path))) == trimmed)
        #expect(try Plist(decoding: xml) == trimmed)
        #expect(trimmed.plutilDescription.hasPrefix("{\n  \"age\" => 36\n"))
    }

    /// ChoosingAFormat.md: writing a file back in the format it came in.
    @Test func sameFormatRoundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-doc-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("prefs.json").path
        let original: Plist = ["Enabled": false, "Name": "x"]
        let bytes = try original.encoded(as: .json)

        let (value, format) = try Plist.decodedWithFormat(bytes)
        let edited = try value.setting(.bool(true), atKeyPath: "Enabled", mode: .replace)
        try AtomicFile.write(try edited.encoded(as: format), to: path)

        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(PlistFormat.detect(written) == .json)
        #expect(try Plist(decoding: written)["Enabled"] == true)
        // The table's claims: JSON refuses dates, OpenStep is detected but not read.
        #expect(throws: PlistError.self) { try Plist.date(Date()).encoded(as: .json) }
        #expect(PlistFormat.detect(Array("{ a = b; }".utf8)) == .openStep)
    }

    struct Settings: Codable, Equatable {
        var name: String
        var volume: Double
        var lastOpened: Date?
        var recent: [URL]
    }

    /// MigratingFromFoundation.md.
    @Test func migratingFromFoundation() throws {
        let encoder = PlistEncoder()
        encoder.outputFormat = .xml
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Settings(name: "Main", volume: 0.8, lastOpened: nil, recent: []))

        let decoder = PlistDecoder()
        var format = PlistFormat.binary
        let settings = try decoder.decode(Settings.self, from: data, format: &format)
        #expect(format == .xml)
        #expect(settings == Settings(name: "Main", volume: 0.8, lastOpened: nil, recent: []))

        let itemsValue: Plist = ["items": [1, 2, 3]]
        let items = try itemsValue.encoded(as: .binary)
        let root = try Plist(decoding: items)
        let count = root["items"]?.array?.count
        #expect(count == 3)
    }

    /// StreamingEvents.md: the events of a document, and a root array's elements one at a time.
    @Test func streamingEvents() throws {
        let document: Plist = ["name": "Ada", "age": 36]
        let bytes = try document.encoded(as: .json)
        var keys: [String] = []
        let reader = try PlistEventReader(bytes)          // the format is detected
        while let event = try reader.next() {
            if case .key(let key) = event { keys.append(key) }
        }
        #expect(keys == ["name", "age"])

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-doc-\(UUID()).plist").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Plist.array([["size": 3], ["size": 4], ["name": "x"]]).encoded(as: .xml).write(to: URL(fileURLWithPath: path))
        var total = 0
        let records = try PlistEventReader(contentsOfFile: path)
        guard try records.next() == .startArray(count: nil) else { Issue.record("not an array"); return }
        while let record = try records.readValue() {
            total += record["size"]?.int ?? 0
        }
        #expect(total == 7)
    }
}
