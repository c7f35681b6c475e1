import Foundation
import PlistKit
import Testing

/// OpenStep text in the Codable coders, against Foundation's (the CLI's verbs are tested in
/// `plistkitTests`).
@Suite("OpenStep in the coders")
struct OpenStepIntegrationTests {
    struct Localized: Codable, Equatable {
        var title: String
        var items: [String]
        var blob: Data
        var nested: [String: String]
        var note: String?
    }

    static let document = Data("""
    // A settings file in OpenStep text.
    { title = Hello; items = (a, "b c", ); blob = <0fbd 7777>; nested = { k = v; "x y" = 'z'; }; }
    """.utf8)

    @Test func decoderReadsOpenStepAsFoundationDoes() throws {
        var format = PlistFormat.binary
        let ours = try PlistDecoder().decode(Localized.self, from: Self.document, format: &format)
        #expect(format == .openStep)
        let theirs = try PropertyListDecoder().decode(Localized.self, from: Self.document)
        #expect(ours == theirs)
        #expect(ours == Localized(title: "Hello", items: ["a", "b c"], blob: Data([0x0F, 0xBD, 0x77, 0x77]), nested: ["k": "v", "x y": "z"]))
        // .strings files decode to a dictionary of strings.
        let strings = Data("/* c */\n\"hello\" = \"Bonjour\";\n\"bye\";\n".utf8)
        let table = try PlistDecoder().decode([String: String].self, from: strings)
        #expect(table == (try PropertyListDecoder().decode([String: String].self, from: strings)))
        #expect(table == ["hello": "Bonjour", "bye": "bye"])
    }

    @Test func numbersInOpenStepAreStringsToBothDecoders() {
        struct Counted: Codable { var count: Int }
        let text = Data("{ count = 5; }".utf8)
        #expect(throws: DecodingError.self) { try PlistDecoder().decode(Counted.self, from: text) }
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(Counted.self, from: text) }
    }

    @Test func malformedOpenStepIsDataCorruptedWithAPosition() {
        do {
            _ = try PlistDecoder().decode(Localized.self, from: Data("{ title = Hello\n items = (); }".utf8))
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            let underlying = context.underlyingError as? PlistError
            #expect(underlying?.location == .lineColumn(line: 2, column: 2))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func encoderWritesOpenStep() throws {
        let value = Localized(title: "Hello", items: ["a", "b c"], blob: Data([1, 2]), nested: ["k": "v"], note: nil)
        let encoder = PlistEncoder()
        encoder.outputFormat = .openStep
        let text = try encoder.encode(value)
        #expect(try PlistDecoder().decode(Localized.self, from: text) == value)
        #expect(try PropertyListDecoder().decode(Localized.self, from: text) == value)
        struct Counted: Codable { var inner: [String: Int] }
        do {
            _ = try encoder.encode(Counted(inner: ["n": 1]))
            Issue.record("encoded a number as OpenStep text")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription.contains("'inner.n' is an integer"), "\(context.debugDescription)")
        }
    }

    /// docs/Formats.md's OpenStep example, on the vectors.
    @Test func readmeExample() throws {
        let vectors = Canonical.vectorsDirectory.appendingPathComponent("openstep")
        let pbxprojBytes = try Data(contentsOf: vectors.appendingPathComponent("hand/xcode_project.pbxproj"))
        let stringsFileBytes = try Data(contentsOf: vectors.appendingPathComponent("strings/Localizable.strings"))

        let project = try Plist(decoding: pbxprojBytes)
        let root = project["rootObject"]?.string
        let (table, form) = try Plist.decodedOpenStep(stringsFileBytes)
        let text = try table.encoded(as: .openStep, options: form)
        let typed = try (["count": 3, "on": true] as Plist)
            .encoded(as: .openStep, options: PlistWritingOptions(gnustepTypedValues: true))

        #expect(PlistFormat.detect(pbxprojBytes) == .openStep)
        #expect(root == "1A2B3C4D5E6F708192A3B4C9")
        #expect(form.stringsFile)
        #expect(String(decoding: text, as: UTF8.self).hasPrefix("\"hello\" = \"Bonjour\";\n"))
        #expect(String(decoding: typed, as: UTF8.self) == "{\n    count = <*I3>;\n    on = <*BY>;\n}\n")
    }
}
