import Foundation
import PlistKit
import Testing

/// The whole-value JSON reader and the JSON event reader are one parser: every document, valid
/// or not, reads to the same value or fails with the same code, message and line and column,
/// whether the events come from memory or from a file read in chunks so small that a chunk
/// boundary falls inside every token.
@Suite struct JSONParserAgreementTests {
    /// Valid documents, each also cut at every length.
    static let documents: [[UInt8]] = [
        #"{"name": "Ada", "list": [1, -2.5e3, true, false, 0, -0, 1E+2, 0.125, 123456789012345678], "nested": {"a": [], "b": {}, "c": [[]]}, "esc": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00 é", "big": 18446744073709551615, "bigger": 18446744073709551616, "min": -9223372036854775808, "a": 1, "a": 2}"#,
        "{\n  \"a\" : [\n    1,\n    \"x\"\n  ],\n  \"b\" : 2.5,\r\n\t\"c\" : \"ü\"\n}\n",
        "\u{FEFF}[\"é\", 1, {\"k\": [true]}]",
        #""text""#, "12", " true ", "-0.5", "[]", "{}",
    ].map { Array($0.utf8) }

    /// Documents that are refused, and a few that are read, each as written.
    static let snippets: [[UInt8]] = {
        var texts = [
            // Escapes.
            #"["\x"]"#, #"["\u12"]"#, #"["\u12G4"]"#, #"["\u12"#, #"["\ud800"]"#, #"["\ud800\u0041"]"#, #"["\ud800\n"]"#,
            #"["\udc00"]"#, #"["\ud800\"#, #"["\"#, #"["ab\"#, #"["a\u00"#, #"{"\q": 1}"#, "[\"a\u{01}\"]", "[\"a\nb\"]",
            "[\"a\\n\u{7F}\tb\"]",
            // Numbers.
            "[01]", "[-]", "[-x]", "[1.]", "[1.e5]", "[1e]", "[1e+]", "[1E-]", "[+1]", "[.5]", "[1e400]", "[-1e400]", "[1e-400]",
            "[123456789012345678901234567890]", "[-123456789012345678901234567890]", "[12a]", "[0x10]", "[1.5.2]", "[--1]", "[-01]",
            "[00]", "[-0]", "[0]", "[9223372036854775807]", "[9223372036854775808]", "[-9223372036854775809]",
            "[999999999999999999]", "[1000000000000000000]", "[-999999999999999999]", "[0.1e1]", "[1E2]", "[1e+2]", "[1e-2]", "1", "-",
            "1.5 ", "12 3",
            // Words.
            "[tru]", "[nul]", "[null]", "[truex]", "[True]", "{\"a\": nul", "[fals", "nu", "null", "[t", "[nulL]", "{\"a\": null}",
            // Structure.
            "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":}", "[1 2]", "[}", "{]", "]", "}", "", "   ", "\n\n  \n",
            "[,1]", "{,}", "{\"a\":1 \"b\":2}", "{\"a\"", "{\"a\":", "{\"a\":1", "[1", "[1,", "[", "{", "[[[", "[{\"a\":[{}]",
            "{1: 2}", "[\"a\":1]", "{\"a\":1:2}", ":", ",", "x", "[\u{0B}1]", "[\u{C}1]", "[1\r\n,\r\n2]",
            "{\n\"a\": 1,\n\"b\" 2\n}", "[\n1,\n\"ab\ncd\"]", "[\n  1,\n  @\n]",
            // Trailing garbage.
            "[1] ]", "{\"a\":1} x", "\"s\" \"t\"", "1 2", "[1]]", "{\"a\":1}{", "[] []", "[]\u{0}", "true false",
            // BOMs.
            "\u{FEFF}", "\u{FEFF}  ", "\u{FEFF}\u{FEFF}[]", "\u{FEFF}1", " \u{FEFF}[]", "[\u{FEFF}]",
        ].map { Array($0.utf8) }
        texts += [
            [0xEF, 0xBB], [0xEF, 0xBB, 0x5B, 0x5D], [0xEF], [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00],
            // Invalid UTF-8 in a string, a key, an escaped string, and outside any string.
            [0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], [0x5B, 0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22, 0x5D],
            [0x5B, 0xFF, 0x5D], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],
        ]
        // Nesting up to, at and past the depth limit of 512, and far past it.
        for depth in [511, 512, 513, 2000] {
            texts.append(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
            texts.append(Array((String(repeating: "{\"k\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8))
        }
        texts.append(Array(String(repeating: "[", count: 100_000).utf8))
        return texts
    }()

    /// Every document cut at every length (the whole document included).
    static let truncations: [[UInt8]] = documents.flatMap { document in (0...document.count).map { Array(document.prefix($0)) } }

    /// What reading gave: a value, or an error.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(Plist)
        case error(PlistError)

        var description: String {
            switch self {
            case .value(let value): "value \(value)"
            case .error(let error): "error \(error.code) at \(String(describing: error.location)): \(error.message)"
            }
        }
    }

    static func whole(_ bytes: [UInt8]) -> Outcome {
        do throws(PlistError) {
            return .value(try Plist(decoding: Data(bytes), format: .json))
        } catch {
            return .error(error)
        }
    }

    /// The events of `makeReader`'s reader assembled by `readValue()`, with the rest of the
    /// input checked.
    static func events(_ makeReader: () throws(PlistError) -> PlistEventReader) -> Outcome {
        do throws(PlistError) {
            let reader = try makeReader()
            guard let value = try reader.readValue() else { return .error(PlistError(.structure, "no value")) }
            guard try reader.next() == nil else { return .error(PlistError(.structure, "events after the value")) }
            return .value(value)
        } catch {
            return .error(error)
        }
    }

    /// Reads `bytes` both ways (the events from memory and from a file in chunks of 1 and 7
    /// bytes) and expects one outcome.
    static func expectAgreement(_ bytes: [UInt8], file: URL) throws {
        let expected = whole(bytes)
        let fromMemory = events { () throws(PlistError) in try PlistEventReader(Data(bytes), format: .json) }
        let text = String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription
        #expect(fromMemory == expected, "\(text): events \(fromMemory), whole \(expected)")
        try Data(bytes).write(to: file)
        for chunkSize in [1, 7] {
            let descriptor = open(file.path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let chunked = events { () throws(PlistError) in
                try PlistEventReader(fileDescriptor: descriptor, format: .json, chunkSize: chunkSize)
            }
            #expect(chunked == expected, "\(text) in chunks of \(chunkSize): events \(chunked), whole \(expected)")
        }
    }

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("json-agreement-\(UUID().uuidString).json")
    }

    @Test func snippetsAgree() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        for bytes in Self.snippets { try Self.expectAgreement(bytes, file: file) }
    }

    @Test func truncationsAgree() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        for bytes in Self.truncations { try Self.expectAgreement(bytes, file: file) }
    }

    /// The documents are read, and their cuts refused: the agreement above is not two
    /// readers failing alike on everything.
    @Test func documentsReadAndCutsFail() throws {
        for document in Self.documents {
            guard case .value = Self.whole(document) else { Issue.record("refused: \(String(decoding: document, as: UTF8.self))"); continue }
        }
        let refused = Self.truncations.filter { if case .error = Self.whole($0) { true } else { false } }
        #expect(refused.count > Self.truncations.count / 2)
    }

    /// A string that is not UTF-8 is refused, whatever decoding with repairs would make of it
    /// (a cut sequence of three bytes is replaced by the three bytes of U+FFFD), and one that
    /// is UTF-8 is read as it is, U+FFFD included; with and without an escape in the string.
    @Test func stringsMustBeUTF8() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let invalid: [[UInt8]] = [
            [0xFF], [0x80], [0xC3], [0xC3, 0x41], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF0, 0x90, 0x80, 0x41],
            [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBF, 0xBD, 0xFF], [0x41, 0xF0, 0x9F, 0x98],
        ]
        let valid: [[UInt8]] = [[0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD], [0xE2, 0x82, 0xAC, 0x41]]
        for (strings, isValid) in [(invalid, false), (valid, true)] {
            for string in strings {
                for prefix: [UInt8] in [[], [0x5C, 0x6E]] {
                    let document: [UInt8] = [0x5B, 0x22] + prefix + string + [0x22, 0x5D]
                    let expected: Plist = [.string((prefix.isEmpty ? "" : "\n") + String(decoding: string, as: UTF8.self))]
                    switch Self.whole(document) {
                    case .value(let value): #expect(isValid && value == expected, "\(document)")
                    case .error(let error): #expect(!isValid && error.code == .invalidString, "\(document): \(error)")
                    }
                    try Self.expectAgreement(document, file: file)
                }
            }
        }
    }

    /// Errors name the line and column of the byte at fault, the same either way.
    @Test func errorPositions() throws {
        let cases: [(String, PlistError.Code, line: Int, column: Int)] = [
            ("{\n  \"a\": 1,\n  \"b\" 2\n}", .syntax, 3, 7),
            ("[\n  \"abc", .truncated, 2, 3),
            ("[\"a\\q\"]", .syntax, 1, 4),
            ("[1,\n null]", .unsupportedObject, 2, 2),
            ("[1] x", .syntax, 1, 5),
            ("\u{FEFF}[-]", .syntax, 1, 6),
            ("[\"\\ud800x\"]", .invalidString, 1, 9),
            ("[0123]", .syntax, 1, 2),
        ]
        for (text, code, line, column) in cases {
            guard case .error(let error) = Self.whole(Array(text.utf8)) else { Issue.record("read: \(text)"); continue }
            #expect(error.code == code, "\(text.debugDescription): \(error)")
            #expect(error.location == .lineColumn(line: line, column: column), "\(text.debugDescription): \(error)")
            let events = Self.events { () throws(PlistError) in try PlistEventReader(Data(text.utf8), format: .json) }
            #expect(events == .error(error))
        }
    }
}
