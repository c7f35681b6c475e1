import Foundation
import PlistKit
import Testing

/// The XML reader hands libxml2 a document a few kilobytes at a time and stops the reads
/// once the last byte is out and the encoding is settled. These documents end on every side
/// of libxml2's read size (4,000 bytes), in UTF-8 and in an encoding libxml2 converts as it
/// reads, with content after the root element, and cut short. Whole documents read as
/// Foundation's `PropertyListSerialization` reads them.
@Suite struct XMLInputEndTests {
    /// A dictionary whose `padding` string makes the UTF-8 document exactly `size` bytes.
    static func document(size: Int, epilog: String = "\n") -> (bytes: Data, value: Plist) {
        func text(padding: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>com.example.app</string>
            \t<key>padding</key>
            \t<string>\(padding)</string>
            \t<key>tags</key>
            \t<array>
            \t\t<string>a</string>
            \t\t<integer>42</integer>
            \t\t<true/>
            \t</array>
            </dict>
            </plist>
            """ + epilog
        }
        let room = size - text(padding: "").utf8.count
        precondition(room >= 0, "a document of \(size) bytes cannot be made")
        let letters = (0..<room).map { (index: Int) -> Character in Character(UnicodeScalar(UInt8(97 + index % 26))) }
        let padding = String(letters)
        let value: Plist = [
            "CFBundleIdentifier": "com.example.app",
            "padding": .string(padding),
            "tags": ["a", 42, true],
        ]
        return (Data(text(padding: padding).utf8), value)
    }

    /// Sizes on both sides of one and two reads, and a document of many reads.
    static let sizes: [Int] = {
        let oneRead = (3_700...4_300).filter { (size: Int) in size % 7 == 0 || (3_990...4_010).contains(size) }
        let twoReads = (7_950...8_050).filter { (size: Int) in size % 5 == 0 }
        return oneRead + twoReads + [50_000]
    }()

    @Test func everySizeAroundTheReadSizeReadsWhole() throws {
        for size in Self.sizes {
            let (bytes, value) = Self.document(size: size)
            #expect(bytes.count == size)
            #expect(try Plist(decoding: bytes) == value, "\(size) bytes")
            let foundation = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any]
            #expect(foundation?["padding"] as? String == value["padding"]?.string, "\(size) bytes")
        }
    }

    /// Comments, processing instructions and whitespace after the root element are read to
    /// the end; anything else there is an error, wherever the last read ended.
    @Test func contentAfterTheRootElement() throws {
        for size in [3_990, 4_000, 4_010, 9_000] {
            for epilog in ["", "\n\n  \t\n", "\n<!-- written by a test -->\n", "\n<?done yes?>\n"] {
                let (bytes, value) = Self.document(size: size, epilog: epilog)
                #expect(try Plist(decoding: bytes) == value, "\(size) bytes, epilog \(epilog.debugDescription)")
            }
            for epilog in ["\n<extra/>\n", "\ntext\n", "\n<!-- unclosed"] {
                let (bytes, _) = Self.document(size: size, epilog: epilog)
                #expect(throws: PlistError.self, "\(size) bytes, epilog \(epilog.debugDescription)") {
                    try Plist(decoding: bytes)
                }
            }
        }
    }

    /// A document cut anywhere in its last few hundred bytes is an error with a place, never
    /// a value.
    @Test func documentsCutShortNearTheirEnd() throws {
        for size in [2_000, 4_000, 8_000] {
            let (bytes, _) = Self.document(size: size)
            for cut in stride(from: bytes.count - 300, to: bytes.count - 1, by: 3) {
                let prefix = bytes.prefix(cut)
                // Only whitespace may be cut from after the root element.
                guard !String(decoding: bytes.suffix(from: cut), as: UTF8.self).allSatisfy(\.isWhitespace) else { continue }
                let error = #expect(throws: PlistError.self, "\(cut) of \(size) bytes") {
                    try Plist(decoding: prefix)
                }
                #expect(error?.location != nil, "\(cut) of \(size) bytes")
            }
        }
    }

    /// A document libxml2 converts from ISO-8859-1 keeps converting after its last read:
    /// non-ASCII text up to its end, across many reads, reads whole.
    @Test func latin1DocumentsLongerThanOneRead() throws {
        for length in [10, 3_950, 4_100, 12_345] {
            let characters = (0..<length).map { (index: Int) -> Character in
                index % 3 == 0 ? "é" : Character(UnicodeScalar(UInt8(97 + index % 26)))
            }
            let text = String(characters)
            let xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>clé</key>\n\t<string>\(text)</string>\n</dict>\n</plist>\n"
            let bytes = Data(xml.unicodeScalars.map { UInt8($0.value) })
            #expect(try Plist(decoding: bytes) == ["clé": .string(text)], "\(length) characters")
            let foundation = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any]
            #expect(foundation?["clé"] as? String == text, "\(length) characters")
        }
    }
}
