import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// A codec that reads every input as the string "replaced", registered under a built-in
/// format's name (in a process of its own: registration lasts for the process).
private struct ReplacingFormat: PlistFormatCodec {
    let name: String

    func detect(_ head: [UInt8], isComplete: Bool) -> PlistFormatMatch? { .certain }

    func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        .string("replaced")
    }

    func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data { Data() }
}

/// The two openings `Plist(decoding:)` reads without asking each registered format
/// (`PlistFormat.opening`): `bplist0` and `<?xml `. Whatever the input, the value or error
/// must be what detection and the detected format's reader give (`decodedWithFormat`).
@Suite struct FormatOpeningTests {
    private func opening(_ bytes: [UInt8]) -> PlistFormat.Opening? {
        bytes.withUnsafeBufferPointer { PlistFormat.opening(ByteView($0)) }
    }

    @Test func theOpeningsAndNothingElse() {
        let cases: [(String, PlistFormat.Opening?)] = [
            ("bplist00\u{0}\u{0}", .binary),
            ("bplist0?", .binary),
            ("bplist1x", nil),
            ("bplist0", nil),  // seven bytes: detection's to judge (a file cut short)
            ("Bplist00", nil),
            ("<?xml version=\"1.0\"?><plist/>", .xml),
            ("<?xml\tversion=\"1.0\"?>", nil),
            ("<?xmlversion", nil),
            (" <?xml version=\"1.0\"?>", nil),
            ("\u{FEFF}<?xml version=\"1.0\"?>", nil),
            ("<plist version=\"1.0\">", nil),
            ("<!DOCTYPE plist>", nil),
            ("{\"a\": 1}", nil),
            ("", nil),
        ]
        for (text, expected) in cases {
            let bytes = Array(text.utf8)
            #expect(opening(bytes) == expected, "\(text.debugDescription)")
            // Detection says the same of them.
            switch expected {
            case .binary: #expect(PlistFormat.detect(bytes) == .binary)
            case .xml: #expect(PlistFormat.detect(bytes) == .xml)
            case nil: break
            }
        }
        // UTF-16 XML has its own opening, which detection finds.
        let utf16 = Array("<?xml version=\"1.0\"?>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(opening(utf16) == nil)
    }

    /// The value, or the error (code, message, place), of `Plist(decoding:)` and of
    /// `decodedWithFormat` for `bytes`.
    private func bothReadings(_ bytes: [UInt8]) -> (Result<Plist, PlistError>, Result<Plist, PlistError>) {
        let quick = Result { () throws(PlistError) in try Plist(decoding: bytes) }
        let detected = Result { () throws(PlistError) in try Plist.decodedWithFormat(bytes).value }
        return (quick, detected)
    }

    @Test func everyTestVectorReadsAsDetectionReadsIt() throws {
        let files = FileManager.default.enumerator(at: TestVectorFiles.directory, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
        var opened = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            if opening(bytes) != nil { opened += 1 }
            let (quick, detected) = bothReadings(bytes)
            #expect(quick == detected, "\(file.path)")
        }
        #expect(opened > 50)
    }

    @Test func damagedDocumentsFailAlike() throws {
        let value: Plist = ["name": "Ada", "years": [1815, 1852], "notes": .data(Data([1, 2, 3])), "ok": true]
        for format in [PlistFormat.binary, .xml] {
            let bytes = [UInt8](try value.encoded(as: format))
            #expect(opening(bytes) != nil)
            // Cut at every length from the opening on, and one byte changed at every offset.
            for length in 8..<bytes.count {
                let (quick, detected) = bothReadings(Array(bytes[..<length]))
                #expect(quick == detected, "\(format) cut at \(length)")
            }
            for offset in 8..<bytes.count {
                var changed = bytes
                changed[offset] ^= 0x41
                let (quick, detected) = bothReadings(changed)
                #expect(quick == detected, "\(format), byte \(offset) changed")
            }
        }
    }

    // Each in a process of its own (an exit test): the registration lasts for the process.

    @Test func aReplacedBinaryFormatReadsItsOpening() async {
        await #expect(processExitsWith: .success) {
            exit(FormatOpeningTests.readsAfterReplacing("binary", "bplist00 and more"))
        }
    }

    @Test func aReplacedXMLFormatReadsItsOpening() async {
        await #expect(processExitsWith: .success) {
            exit(FormatOpeningTests.readsAfterReplacing("xml", "<?xml version=\"1.0\"?><plist/>"))
        }
    }

    /// 0 when `input` reads as the replacing codec's value once a codec is registered under
    /// the built-in format's `name`, and not before.
    static func readsAfterReplacing(_ name: String, _ input: String) -> Int32 {
        guard (try? Plist(decoding: Array(input.utf8))) != .string("replaced") else { return 2 }
        PlistFormat.register(ReplacingFormat(name: name))
        guard (try? Plist(decoding: Array(input.utf8))) == .string("replaced") else { return 3 }
        return 0
    }
}
