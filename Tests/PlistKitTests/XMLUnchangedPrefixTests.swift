@testable import PlistKit
import Testing

/// `XMLRawCharacters.unchangedPrefix`, the event reader's way past the escaping, against the
/// escaping itself: whatever prefix of a piece it lets through, `escape` leaves unchanged and
/// ends at the same element depth.
@Suite struct XMLUnchangedPrefixTests {
    /// Documents with everything the escaping treats specially, each somewhere among plain
    /// elements: raw control characters, CR, U+FFFE, U+10FFFF (raw and as references), other
    /// references, comments, CDATA, processing instructions, a DOCTYPE with a subset,
    /// attributes with quotes, empty elements and text after the root.
    static let documents: [String] = [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<array>\n\t<string>a</string>\n\t<dict>\n\t\t<key>k</key>\n\t\t<true/>\n\t</dict>\n</array>\n</plist>\n",
        "<plist><array><string>x\u{01}y</string><string>plain text here</string><integer>5</integer></array></plist>",
        "<plist><array><string>cr\r\nlf</string><key>k</key><string>after</string></array></plist>\r\n",
        "<plist><array><string>\u{FFFE}\u{FFFF}\u{10FFFF}é€😀</string><string>&#x10FFFF;&#1114111;&amp;&lt;&#65;</string></array></plist>",
        "<plist><array><!-- a <comment> --><string><![CDATA[<raw>\u{02}]]></string><?pi <x>?><data/></array></plist>",
        "<!DOCTYPE plist [ <!ELEMENT plist ANY> ]><plist><dict a=\"x>y\" b='<'><key>k</key><string>v</string></dict></plist>\n<!-- after -->\u{03}",
        "<plist><array><a></a><b/><c x='1'/></array></plist>",
    ]

    @Test(arguments: documents)
    func prefixIsWhatTheEscapingLeavesUnchanged(_ document: String) {
        let bytes = Array(document.utf8)
        for escaping in [XMLRawCharacters.Escaping.utf8, .carriageReturns] {
            for start in 0..<bytes.count {
                // The depth at `start`, as the escaping counts it.
                var startDepth = 0
                var ignored: [UInt8] = []
                ByteView.with(bytes) { all in
                    _ = XMLRawCharacters.escape(all.extracting(upTo: start), escaping, depth: &startDepth, final: true, into: &ignored)
                }
                // Every short piece, and the rest of the document.
                for end in Set(Array((start + 1)...min(bytes.count, start + 64)) + [bytes.count]).sorted() {
                    ByteView.with(bytes) { all in
                        var depth = startDepth
                        let count = XMLRawCharacters.unchangedPrefix(all.extracting(start..<end), escaping, depth: &depth)
                        guard count > 0 else {
                            #expect(depth == startDepth)
                            return
                        }
                        var escapedDepth = startDepth
                        var escaped: [UInt8] = []
                        let used = XMLRawCharacters.escape(all.extracting(start..<(start + count)), escaping, depth: &escapedDepth, final: true, into: &escaped)
                        #expect(used == count)
                        #expect(escaped == Array(bytes[start..<(start + count)]), "\(escaping) \(start)..<\(end): \(count) bytes")
                        #expect(depth == escapedDepth, "\(escaping) \(start)..<\(end)")
                    }
                }
            }
        }
    }

    @Test func plainPieceGoesThroughUpToItsLastTag() {
        let bytes = Array("\t<dict>\n\t\t<key>name</key>\n\t\t<string>Ann</string>\n\t</dict>\n\t<dict>\n\t\t<key>na".utf8)
        var depth = 1
        let count = ByteView.with(bytes) { XMLRawCharacters.unchangedPrefix($0, .utf8, depth: &depth) }
        #expect(count == bytes.lastIndex(of: UInt8(ascii: "<")))
        #expect(depth == 2)
    }
}
