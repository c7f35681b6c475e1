import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// The errors about the input as a whole say what is wrong with the file, not what the
/// parser tripped over: a binary or XML file cut at any length, empty input, and bytes that
/// are no format at all.
@Suite struct InputErrorMessageTests {
    /// Valid binary files to cut: a small one written here, and vectors of several shapes.
    static let binaryFiles: [(name: String, bytes: [UInt8])] = {
        let small: Plist = ["name": "Ada", "list": [1, 2.5, true], "when": .date(Date(timeIntervalSinceReferenceDate: 0)), "data": .data(Data([1, 2, 3]))]
        var files = [("small", [UInt8](try! small.encoded(as: .binary)))]
        for path in ["binary/foundation/kitchen_sink.bplist", "binary/foundation/dict_16.bplist", "binary/plistlib/array_256.bplist", "archives/person.bplist"] {
            files.append((path, [UInt8](try! Data(contentsOf: TestVectorFiles.directory.appendingPathComponent(path)))))
        }
        return files
    }()

    /// Valid XML files to cut, one with text beyond ASCII (a cut may split a character).
    static let xmlFiles: [(name: String, bytes: [UInt8])] = {
        let value: Plist = ["é": "日本語 🙂", "list": [1, 2.5, true, ["k": .data(Data(0..<40))]], "when": .date(Date(timeIntervalSinceReferenceDate: 0))]
        var files = [("written", [UInt8](try! value.encoded(as: .xml, options: .plutil)))]
        for path in ["xml/plutil/foundation_dates.plist", "xml/plutil/foundation_dict_15.plist"] {
            files.append((path, [UInt8](try! Data(contentsOf: TestVectorFiles.directory.appendingPathComponent(path)))))
        }
        return files
    }()

    /// The only messages a binary file cut short may give.
    static let binaryTruncationMessages = [
        "the input is empty (0 bytes)",
        "the file is truncated: it ends after ",
        "the file is truncated or its trailer is damaged: the trailer at offset ",
    ]

    /// The `PlistError` that `body` throws, or nil.
    private static func error(_ body: () throws -> Void) -> PlistError? {
        do {
            try body()
            return nil
        } catch {
            return error as? PlistError
        }
    }

    @Test(arguments: binaryFiles.map(\.name))
    func everyCutOfABinaryFileSaysItIsTruncated(_ name: String) throws {
        let bytes = try #require(Self.binaryFiles.first { $0.name == name }).bytes
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            let given = Self.error { _ = try Plist(decoding: cut, format: .binary) }
            let view = Self.error { _ = try BinaryPlistView(Data(cut)).root.plist() }
            // One byte, `b`, is a word of OpenStep text as CF reads it; from `bp` on the
            // detected format is binary.
            let detected = length == 1 ? nil : Self.error { _ = try Plist(decoding: cut) }
            for (route, error) in [("format given", given), ("view", view), ("detected", detected)] where !(route == "detected" && length == 1) {
                let error = try #require(error, "\(name) cut to \(length) bytes decoded (\(route))")
                #expect(Self.binaryTruncationMessages.contains { error.message.hasPrefix($0) }, "\(name), \(length) bytes, \(route): \(error)")
                #expect([PlistError.Code.truncated, .badTrailer, .unknownFormat].contains(error.code), "\(error)")
                #expect(error.code != .unknownFormat || length == 0, "\(error)")
                #expect(error.location != nil, "\(error)")
            }
        }
    }

    @Test func aCutThatLeavesTheTrailerZerosIsTruncated() throws {
        // Cutting one byte shifts the trailer: its reserved zeros now hold the last byte of
        // the offset table.
        let bytes = try #require(Self.binaryFiles.first).bytes
        let error = try #require(Self.error { _ = try Plist(decoding: bytes.dropLast()) })
        #expect(error.code == .truncated)
        #expect(error.message == "the file is truncated or its trailer is damaged: the trailer at offset \(bytes.count - 33) does not describe a file of \(bytes.count - 1) bytes (its offset size is 0, not 1…8)")
        #expect(error.location == .offset(bytes.count - 27))
    }

    @Test(arguments: xmlFiles.map(\.name))
    func everyCutOfAnXMLFileSaysItEndsEarly(_ name: String) throws {
        let bytes = try #require(Self.xmlFiles.first { $0.name == name }).bytes
        let complete = bytes.count - bytes.reversed().prefix { [0x20, 0x0A, 0x0D, 0x09].contains($0) }.count
        for length in 0..<complete {
            let cut = Array(bytes.prefix(length))
            let whole = Self.error { _ = try Plist(decoding: cut) }
            let given = Self.error { _ = try Plist(decoding: cut, format: .xml) }
            let streamed = Self.error {
                let reader = try PlistEventReader(Data(cut), format: .xml)
                while try reader.next() != nil {}
            }
            for (route, error) in [("detected", whole), ("format given", given), ("events", streamed)] {
                let error = try #require(error, "\(name) cut to \(length) bytes decoded (\(route))")
                if length == 0 {
                    #expect(error.message.hasPrefix("the input is empty (0 bytes)"), "\(route): \(error)")
                    continue
                }
                #expect(error.message.hasPrefix("the document ends before "), "\(name), \(length) bytes, \(route): \(error)")
                #expect(error.code == .truncated, "\(error)")
                guard case .lineColumn = error.location else {
                    Issue.record("\(name), \(length) bytes, \(route): no line and column in \(error)")
                    continue
                }
            }
        }
    }

    @Test func anXMLCutNamesWhatIsLeftOpen() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<array>\n\t\t<string>abc"
        let error = try #require(Self.error { _ = try Plist(decoding: Array(text.utf8)) })
        #expect(error == PlistError(.truncated, "the document ends before <string> (opened on line 6), <array> (line 5), <dict> (line 3) and <plist> (line 2) are closed", at: .lineColumn(line: 6, column: 14)))
    }

    @Test func aMistakeBeforeTheEndIsNotACut() throws {
        // A wrong element is reported as such, even though the document also ends early.
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n\t<nonsense/>\n\t<key>a"
        let error = try #require(Self.error { _ = try Plist(decoding: Array(text.utf8)) })
        #expect(error.code == .unknownObject, "\(error)")
    }

    @Test func emptyInputSaysSoEverywhere() throws {
        let message = "the input is empty (0 bytes), so it holds no property list"
        #expect(Self.error { _ = try Plist(decoding: [UInt8]()) } == PlistError(.unknownFormat, message, at: .offset(0)))
        #expect(Self.error { _ = try PlistEventReader(Data()) } == PlistError(.unknownFormat, message, at: .offset(0)))
        for format in [PlistFormat.binary, .xml, .openStep] {
            #expect(Self.error { _ = try Plist(decoding: [UInt8](), format: format) } == PlistError(.truncated, message, at: .offset(0)), "\(format)")
        }
        do {
            _ = try PlistDecoder().decode([Int].self, from: Data())
            Issue.record("decoded empty data")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else { throw error }
            #expect((context.underlyingError as? PlistError)?.message == message)
        }
    }

    @Test func bytesThatAreNoFormatSaySo() throws {
        // Starts like an OpenStep word, then is not text.
        let notText: [UInt8] = [0x61, 0x62, 0x9F, 0x01, 0xFF]
        let error = try #require(Self.error { _ = try Plist(decoding: notText) })
        #expect(error.code == .unknownFormat)
        #expect(error.message.hasPrefix("no property-list format matches: the input is not text"))
        #expect(error.message.contains("\"bplist00\"") && error.message.contains("\"<?xml\"") && error.message.contains("JSON") && error.message.contains("OpenStep"))
        #expect(error.location == .lineColumn(line: 1, column: 3))
        let streamed = Self.error {
            let reader = try PlistEventReader(Data(notText))
            while try reader.next() != nil {}
        }
        #expect(streamed?.code == .unknownFormat)
        #expect(streamed?.message == error.message)
        // Given as OpenStep, the reader's own words stay.
        #expect(Self.error { _ = try Plist(decoding: notText, format: .openStep) }?.code == .invalidString)

        // Starts like nothing.
        let unknown = try #require(Self.error { _ = try Plist(decoding: [0x20, 0x8F, 0x00]) })
        #expect(unknown.code == .unknownFormat)
        #expect(unknown.message.hasPrefix("no property-list format matches: the input starts with byte 0x8F, but a binary plist starts with \"bplist00\""))
        #expect(unknown.location == .offset(1))
    }

    @Test func openStepTextWithAStrayByteKeepsItsWords() throws {
        // `("café")` in Latin-1: text, with one byte that is not UTF-8.
        let error = try #require(Self.error { _ = try Plist(decoding: [0x28, 0x22, 0x63, 0x61, 0x66, 0xE9, 0x22, 0x29, 0x0A]) })
        #expect(error.code == .invalidString, "\(error)")
        #expect(error.location == .lineColumn(line: 1, column: 6))
    }

    @Test func openStepSyntaxErrorsKeepTheirWords() throws {
        let error = try #require(Self.error { _ = try Plist(decoding: Array("{ a = b; c }".utf8)) })
        #expect(error.code == .syntax)
        #expect(error.message.hasPrefix("expected '=' or ';' after the key \"c\""), "\(error)")
    }
}
