import Foundation
import PlistKit
import Testing

/// A format of this test target's own, registered with `PlistFormat.register(_:)`: an array
/// of strings, one a line after a `LINES` header. Nothing in PlistKit knows it.
struct LinesFormat: PlistFormatCodec {
    static let header = Array("LINES\n".utf8)

    var name: String { "lines" }

    func detect(_ head: [UInt8], isComplete: Bool) -> PlistFormatMatch? {
        head.starts(with: Self.header) ? .certain : nil
    }

    func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        guard bytes.starts(with: Self.header) else { throw PlistError(.badHeader, "a lines document starts with LINES", at: .offset(0)) }
        let text = String(decoding: bytes.dropFirst(Self.header.count), as: UTF8.self)
        guard text.isEmpty || text.hasSuffix("\n") else { throw PlistError(.truncated, "the last line has no newline", at: .offset(bytes.count)) }
        return .array(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { .string(String($0)) })
    }

    func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        guard case .array(let elements) = value else { throw PlistError(.unrepresentable, "a lines document is an array") }
        var text = "LINES\n"
        for element in elements {
            guard case .string(let line) = element, !line.contains("\n") else {
                throw PlistError(.unrepresentable, "a lines document holds strings without newlines")
            }
            text += line + "\n"
        }
        return Data(text.utf8)
    }
}

@Suite("A format registered from outside the library")
struct RegisteredFormatTests {
    static let lines = PlistFormat.register(LinesFormat())
    let value: Plist = ["Ada", "Grace", "", "Émilie"]
    var bytes: Data { Data("LINES\nAda\nGrace\n\nÉmilie\n".utf8) }

    /// Registers the format before any test reads bytes that only it detects.
    init() {
        _ = Self.lines
    }

    @Test func isRegisteredAndNamed() {
        #expect(PlistFormat(rawValue: "lines") == Self.lines)
        #expect(PlistFormat.registered.contains(Self.lines))
        #expect(!PlistFormat.allCases.contains(Self.lines))
        #expect(PlistFormat.detect(bytes) == Self.lines)
        // The built-in formats are still detected as before.
        #expect(PlistFormat.detect(Array("bplist00".utf8)) == .binary)
        #expect(PlistFormat.detect(Array("LINE = x;".utf8)) == .openStep)
    }

    @Test func wholeValues() throws {
        #expect(try Plist(decoding: bytes) == value)
        let (decoded, format) = try Plist.decodedWithFormat(bytes)
        #expect(decoded == value && format == Self.lines)
        #expect(try value.encoded(as: Self.lines) == bytes)
        #expect(throws: PlistError.self) { try (["a": 1] as Plist).encoded(as: Self.lines) }
        // Converted to and from a built-in format.
        let xml = try Plist(decoding: bytes).encoded(as: .xml)
        #expect(try Plist(decoding: xml).encoded(as: Self.lines) == bytes)
    }

    @Test func events() throws {
        let reader = try PlistEventReader(bytes)
        #expect(reader.format == Self.lines)
        var events: [PlistEvent] = []
        while let event = try reader.next() { events.append(event) }
        #expect(events == [.startArray(count: 4), .scalar("Ada"), .scalar("Grace"), .scalar(""), .scalar("Émilie"), .endArray])

        var written = Data()
        let writer = try PlistEventWriter(format: Self.lines) { bytes in written.append(contentsOf: bytes) }
        for event in events { try writer.write(event) }
        try writer.finish()
        #expect(written == bytes)
    }

    @Test func eventsFromAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString).txt").path
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try PlistEventReader(contentsOfFile: path, chunkSize: 3)
        #expect(reader.format == Self.lines)
        #expect(try reader.readValue() == value)
    }

    @Test func coders() throws {
        let names = ["Ada", "Grace"]
        let encoder = PlistEncoder()
        encoder.outputFormat = Self.lines
        let data = try encoder.encode(names)
        #expect(data == Data("LINES\nAda\nGrace\n".utf8))
        var format = PlistFormat.binary
        #expect(try PlistDecoder().decode([String].self, from: data, format: &format) == names)
        #expect(format == Self.lines)
        // A value the format cannot hold fails as an encoding error.
        #expect(throws: EncodingError.self) { try encoder.encode([1, 2]) }
        // Bad input is reported as Foundation's decoder reports it.
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([String].self, from: Data("LINES\nAda".utf8)) }
    }
}
