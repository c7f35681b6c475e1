import Foundation
import PlistKit
import Testing

/// A document that starts with Apple's XML declaration and DOCTYPE reaches libxml2 with both
/// turned to spaces. Each body here, well-formed or not, reads the same after that prolog as
/// after the same prolog with `utf-8` in lower case (which libxml2 parses in full): the same
/// value, or the same error at the same line and column.
@Suite struct XMLPrologTests {
    static let standard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """
    /// The same length, so that every later byte keeps its line and column.
    static let parsedInFull = standard.replacingOccurrences(of: "UTF-8", with: "utf-8")

    static let bodies = [
        "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>b</string>\n</dict>\n</plist>\n",
        "<plist version=\"1.0\"><array><integer>1</integer><real>2.5</real><true/><date>2020-01-01T00:00:00Z</date><data>AAE=</data></array></plist>",
        "<plist version=\"1.0\">\n<string>caf\u{E9} &lt;&amp;&gt; &#x1F600;</string>\n</plist>\n",
        "<plist version=\"1.0\">\n<string>&undefined;</string>\n</plist>\n",
        "<plist version=\"1.0\">\n<!DOCTYPE again>\n<string>x</string>\n</plist>\n",
        "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n</dict>\n</plist>\n",
        "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>b</strin>\n</dict>\n</plist>\n",
        "<plist version=\"1.0\">\n<integer>12x</integer>\n</plist>\n",
        "<plist version=\"1.0\">\n<array>\n\t<string>unclosed\n",
        "<plist version=\"1.0\"><string>a</string></plist>\n<plist/>\n",
        "<plist version=\"1.0\"><string>a</string></plist>\n<!-- after --><?pi after?>\n",
        // Errors at the root's start tag, where the skipped prolog ends (line 3).
        "<plist version=1.0><string>a</string></plist>\n",
        "<plistx/>\n",
        "<plist version=\"1.0\"/>\n",
    ]

    /// The value, or the error's code, message and place.
    static func outcome(_ document: String) -> String {
        do {
            return "value \(try Plist(decoding: Data(document.utf8)))"
        } catch {
            return "error \(error.code) \(error.message) at \(error.location.map { "\($0)" } ?? "nowhere")"
        }
    }

    @Test(arguments: bodies)
    func readsAsTheFullParseReads(body: String) {
        #expect(Self.standard.utf8.count == Self.parsedInFull.utf8.count)
        #expect(Self.outcome(Self.standard + body) == Self.outcome(Self.parsedInFull + body))
    }

    /// Well-formed documents after the prolog read as Foundation reads them.
    @Test func wellFormedBodiesReadAsFoundationReadsThem() throws {
        for body in Self.bodies.prefix(3) {
            let bytes = Data((Self.standard + body).utf8)
            let object = try PropertyListSerialization.propertyList(from: bytes, format: nil)
            let expected = try Plist(decoding: PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
            #expect(try Plist(decoding: bytes) == expected)
        }
    }

    /// The prolog as the XML writer writes it is the one the reader looks for.
    @Test func theWritersOutputStartsWithIt() throws {
        let written = try Plist.string("x").encoded(as: .xml)
        #expect(String(decoding: written, as: UTF8.self).hasPrefix(Self.standard + "<plist"))
    }
}
