import Foundation
import PlistKit
import Testing
import TestSupport

/// The whole-value reader and the event reader over the same malformed and valid OpenStep
/// text: one parser decides for both, so they give identical values, or identical error
/// codes at identical positions. The one difference allowed is the documented one: an array
/// element that CF drops, whose first events the event reader had delivered already, is an
/// error for the events.
@Suite("OpenStep parser: whole value and events agree")
struct OpenStepParserDifferentialTests {
    /// What reading gave: a value, or an error.
    enum Outcome: CustomStringConvertible {
        case value(Plist)
        case failure(PlistError)

        var description: String {
            switch self {
            case .value(let value): "value \(value)"
            case .failure(let error): "error \(error)"
            }
        }
    }

    static func whole(_ bytes: [UInt8], options: PlistReadingOptions) -> Outcome {
        do throws(PlistError) {
            return .value(try Plist(decoding: bytes, format: .openStep, options: options))
        } catch {
            return .failure(error)
        }
    }

    /// The event reader over a pipe holding `bytes`, `chunkSize` bytes a read: `readValue()`,
    /// then nothing more.
    static func streamed(_ bytes: [UInt8], chunkSize: Int, options: PlistReadingOptions) throws -> Outcome {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // The snippets are far smaller than a pipe's buffer.
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        try #require(written == bytes.count)
        do throws(PlistError) {
            let reader = try PlistEventReader(fileDescriptor: ends[0], format: .openStep, options: options, chunkSize: chunkSize)
            guard let value = try reader.readValue() else { return .failure(PlistError(.structure, "no value")) }
            guard try reader.next() == nil else { return .failure(PlistError(.structure, "events after the value")) }
            return .value(value)
        } catch {
            return .failure(error)
        }
    }

    /// Checks that both readers agree on `bytes`; returns false when they differ only as
    /// documented.
    @discardableResult
    static func check(_ bytes: [UInt8], _ label: @autoclosure () -> String, options: PlistReadingOptions = .default) throws -> Bool {
        let expected = whole(bytes, options: options)
        var documentedDifference = false
        for chunkSize in [1, 7] {
            let events = try streamed(bytes, chunkSize: chunkSize, options: options)
            switch (expected, events) {
            case (.value(let a), .value(let b)):
                #expect(Canonical.identical(a, b), "\(label()), chunks of \(chunkSize): \(a) against \(b)")
            case (_, .failure(let error)) where error.message.contains("CF drops the array element"):
                // The parser dropped an element whose first events were delivered: the events
                // stop there, where the whole value goes on (and may fail later).
                documentedDifference = true
            case (.failure(let a), .failure(let b)):
                // Text that does not decode is found before parsing as a whole, and a chunk at
                // a time by the decoder, which counts bytes rather than lines.
                let positioned = a.code != .invalidString
                #expect(a.code == b.code && (!positioned || a.location == b.location), "\(label()), chunks of \(chunkSize): \(a) against \(b)")
            default:
                Issue.record("\(label()), chunks of \(chunkSize): whole value \(expected), events \(events)")
            }
        }
        return !documentedDifference
    }

    /// Every vector of `TestVectors/openstep/`, and every prefix of it.
    @Test(arguments: EventVector.all.filter { $0.path.hasPrefix("openstep/") || $0.path.hasPrefix("fuzz/FuzzOpenStep/") })
    func vectorPrefixes(_ vector: EventVector) throws {
        let bytes = [UInt8](try Data(contentsOf: vector.url))
        for length in 1...bytes.count {
            try Self.check(Array(bytes[..<length]), "\(vector.path) cut to \(length) bytes")
        }
    }

    static let snippets: [String] = [
        // CF's recovery: an element failing just before `)` is dropped.
        "(a, <0)", "(a, <0 )", "(a, \"b)", "(a, <*I1x>)", "(a, <*Ix)", "(a, <[ab]>)", "(a, <0g>)",
        "( a, b, )", "(a,)", "(,)", "()", "(a b)", "((a b) )", "(a, (b, <0) ), c)", "((a, <0)",
        "{ l = (a, <0); }", "(a /* c */ , <0 // d\n )", "(a, \"\\\")", "(a, \"x\\",
        // A key with an unclosed quote ends a dictionary's entries.
        "{ a = b; ' }", "{ a = b; \" }", "{ a = b; 'x", "{ \"abc\\", "{ a = b; \"c\\\"", "a = b; 'c", "\"a\" = \"b\"; \"c",
        "\"a\" = \"b\"; junk", "\"a\" = \"b\";\n/* end */", "\"a\"; \"b\";", "a;", "a = b", "a = b;;",
        // Escapes.
        "(\"\\U12\")", "(\"\\777\")", "(\"\\Ud83d\\Ude00\")", "(\"\\Ud83d\")", "(\"\\Ude00x\")", "(\"\\q\\\u{E9}\")",
        "(\"\\", "(\"\\U", "(\"\\12", "('a\\'b')", "(\"a\nb\")",
        // Comments and white space.
        "/* unclosed", "( a /* x", "{ a = b; // c", "// only", "/**/", "/", "(a /", "(a, /* ) */ b)",
        " \u{2028}(a)\u{2029} ", "\r\n(a,\r\n b c)", "(a,\r\n<0 )", "{\r\na = b\r\n}", "\r", "\r\n\r\n(",
        // Structure.
        "{ a = b }", "{ a b; }", "{ = b; }", "{ a = ; }", "{ a = b; } c", "(a) b", "{", "(", "<", "\"", "{ a", "{ a =",
        "{ a = {", "<00 11>", "<0", "<>", "<*BY>", "<*BN> x", "<*D2020-01-01 12:00:00 +0000>", "<*R1.5e>", "<*I>", "<*",
        "{ (a) = b; }", "{ <00> = b; }", "é", "(é ü)", "(\"é\", ü)", "x\u{A0}",
        "{ a = (b, { c = d; e ); f = g; }", "{a=(b,{c=d;e)};}", "(a, { b )", "(a, { b = (c, <0) ; } )",
    ]

    @Test func handWrittenSnippets() throws {
        for snippet in Self.snippets {
            for options in [PlistReadingOptions.default, PlistReadingOptions(gnustepTypedValues: false)] {
                try Self.check(Array(snippet.utf8), "\(snippet.debugDescription)", options: options)
            }
        }
    }

    /// Both readers recover from the same failures: where the dropped element was a scalar,
    /// the events read the value too; where it had started a container, the events throw.
    @Test func recoveryIsTheParsersDecision() throws {
        #expect(try Self.check(Array("(a, <0)".utf8), "scalar element"))
        #expect(try !Self.check(Array("(a, { b )".utf8), "dictionary element"))
        #expect(try !Self.check(Array("{ l = (a, (b, <0 ), { c ); }".utf8), "nested"))
    }

    @Test func deepNesting() throws {
        let limit = PlistReadingOptions.default.maximumDepth
        for depth in [limit - 1, limit, limit + 1] {
            try Self.check(Array((String(repeating: "(", count: depth) + String(repeating: ")", count: depth)).utf8), "\(depth) arrays")
            try Self.check(Array(String(repeating: "(", count: depth).utf8), "\(depth) unclosed arrays")
            try Self.check(Array((String(repeating: "{a=", count: depth) + "x;" + String(repeating: "};", count: depth - 1) + "}").utf8), "\(depth) dictionaries")
            try Self.check(Array((String(repeating: "(a, ", count: depth) + "<0" + String(repeating: ")", count: depth)).utf8), "\(depth) arrays dropping an element")
        }
        let shallow = PlistReadingOptions(maximumDepth: 3)
        for text in ["(((a)))", "((((a))))", "{a={b={c=d;};};}", "{a={b={c={};};};}", "a = (((b)));", "a = ((b));"] {
            try Self.check(Array(text.utf8), text, options: shallow)
        }
    }

    /// UTF-16 and UTF-32 text (with a byte-order mark, and UTF-16 without one) decodes the
    /// same way for both readers, cut anywhere.
    @Test func encodings() throws {
        let text = "/* é */ { k = (\"\u{1F600}\", <0f>); \"\u{2028}\" = x; }"
        let encoded: [(String, [UInt8])] = [
            ("UTF-16BE", [0xFE, 0xFF] + Array(text.data(using: .utf16BigEndian)!)),
            ("UTF-16LE", [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)),
            ("UTF-32BE", [0, 0, 0xFE, 0xFF] + Array(text.data(using: .utf32BigEndian)!)),
            ("UTF-32LE", [0xFF, 0xFE, 0, 0] + Array(text.data(using: .utf32LittleEndian)!)),
            ("UTF-16 without a BOM", [0x20, 0x00] + Array(text.data(using: .utf16LittleEndian)!)),
            ("UTF-8 with a BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8)),
            ("invalid UTF-8", Array("(a, b".utf8) + [0xFF] + Array(")".utf8)),
            ("invalid UTF-8 after a dropped element", Array("(a, <0".utf8) + [0xC3] + Array(")".utf8)),
        ]
        for (name, bytes) in encoded {
            for length in 1...bytes.count {
                try Self.check(Array(bytes[..<length]), "\(name) cut to \(length) bytes")
            }
        }
    }
}
