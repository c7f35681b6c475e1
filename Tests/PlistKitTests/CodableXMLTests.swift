import Foundation
import Testing
@testable import PlistKit

/// `PlistDecoder` on XML input: it reads a flat node table filled by the XML scanner (no
/// `Plist` tree), so these check it against Foundation's `PropertyListDecoder` and against
/// decoding the tree, and that its errors name line:column.
@Suite struct CodableXMLTests {
    private func foundationXML<T: Encodable>(_ value: T) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(value)
    }

    private func ourXML<T: Encodable>(_ value: T) throws -> Data {
        let encoder = PlistEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(value)
    }

    /// Foundation's and our XML of `value` decode through both decoders (and through the
    /// tree) to the same value; `expected` is what XML keeps of it (dates lose fractions).
    private func checkParity<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for xml in [try foundationXML(value), try ourXML(value)] {
            let theirs = try PropertyListDecoder().decode(T.self, from: xml)
            let ours = try PlistDecoder().decode(T.self, from: xml)
            #expect(ours == theirs, "table vs Foundation", sourceLocation: sourceLocation)
            #expect(try PlistDecoder().decode(T.self, from: Plist(decoding: xml)) == ours, "table vs tree", sourceLocation: sourceLocation)
        }
    }

    @Test func scalars() throws {
        try checkParity(CodableScalars.sample)
        try checkParity(CodableScalars.minimums)
        try checkParity(CodableScalars.maximums)
    }

    @Test func foundationTypes() throws {
        try checkParity(CodableFoundationTypes.sample)
    }

    @Test func optionals() throws {
        try checkParity(CodableOptionals.sample)
    }

    @Test func collections() throws {
        try checkParity(CodableCollections.sample)
    }

    @Test func enumsAndRecursion() throws {
        try checkParity([CodableShape.circle(radius: 1), .rectangle(2, 3), .point, .labeled("x", sides: 5)])
        try checkParity([CodableRawEnum.first, .second])
        try checkParity([CodableTree.sample])
    }

    @Test func inheritance() throws {
        try checkParity([CodableDog(name: "Rex", breed: "collie")])
        try checkParity(["animal": CodableAnimal(name: "Ant", legs: 6)])
    }

    @Test func handWrittenContainers() throws {
        try checkParity(CodableHandWritten.sample)
    }

    @Test func records() throws {
        try checkParity((0..<500).map(CodableRecord.make))
    }

    @Test func everything() throws {
        try checkParity(CodableEverything.sample)
        // Whole-second dates survive XML exactly.
        #expect(try PlistDecoder().decode(CodableEverything.self, from: foundationXML(CodableParityTests.wholeSeconds)) == CodableParityTests.wholeSeconds)
    }

    @Test func topLevelScalars() throws {
        for value: Plist in [5, -5, "s", "", true, false, 2.5, .date(Date(timeIntervalSinceReferenceDate: 1)), .data(Data([9, 8]))] {
            let xml = try value.encoded(as: .xml)
            switch value {
            case .integer: #expect(try PlistDecoder().decode(Int.self, from: xml) == PropertyListDecoder().decode(Int.self, from: xml))
            case .string: #expect(try PlistDecoder().decode(String.self, from: xml) == PropertyListDecoder().decode(String.self, from: xml))
            case .bool: #expect(try PlistDecoder().decode(Bool.self, from: xml) == PropertyListDecoder().decode(Bool.self, from: xml))
            case .real: #expect(try PlistDecoder().decode(Double.self, from: xml) == PropertyListDecoder().decode(Double.self, from: xml))
            case .date: #expect(try PlistDecoder().decode(Date.self, from: xml) == PropertyListDecoder().decode(Date.self, from: xml))
            case .data: #expect(try PlistDecoder().decode(Data.self, from: xml) == PropertyListDecoder().decode(Data.self, from: xml))
            default: break
            }
        }
    }

    /// Text that libxml2 decodes for us: entities, character references, CDATA, UTF-16.
    @Test func textIsDecodedAsXMLSays() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>a&amp;b</key><string>&lt;&#x263A;&gt;</string>
            <key>c</key><string><![CDATA[x<y]]></string>
            <key>é</key><string>ü</string>
            </dict></plist>
            """
        let expected = ["a&b": "<☺>", "c": "x<y", "é": "ü"]
        #expect(try PlistDecoder().decode([String: String].self, from: Data(xml.utf8)) == expected)
        var utf16 = Data([0xFF, 0xFE])
        for unit in xml.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try PlistDecoder().decode([String: String].self, from: utf16) == expected)
    }

    /// A repeated key takes its last value, as the tree and Foundation do; `allKeys` lists it once.
    @Test func repeatedKeys() throws {
        let xml = Data("<plist><dict><key>a</key><integer>1</integer><key>b</key><integer>2</integer><key>a</key><integer>3</integer></dict></plist>".utf8)
        let ours = try PlistDecoder().decode([String: Int].self, from: xml)
        #expect(ours == ["a": 3, "b": 2])
        #expect(ours == (try PlistDecoder().decode([String: Int].self, from: Plist(decoding: xml))))
        struct AB: Decodable, Equatable { var a: Int; var b: Int }
        #expect(try PlistDecoder().decode(AB.self, from: xml) == AB(a: 3, b: 2))
    }

    /// More keys than the linear search handles go through the hash index.
    @Test func largeDictionaries() throws {
        let value = Dictionary(uniqueKeysWithValues: (0..<2_000).map { ("k\($0)", $0) })
        let xml = try foundationXML(value)
        #expect(try PlistDecoder().decode([String: Int].self, from: xml) == value)
        struct Some: Decodable, Equatable { var k1999: Int; var k0: Int; var k1000: Int }
        #expect(try PlistDecoder().decode(Some.self, from: xml) == Some(k1999: 1999, k0: 0, k1000: 1000))
    }

    /// Keyed-archive references decode as they do from the tree: a UID is not a dictionary.
    @Test func uidReferences() throws {
        let xml = Data("<plist><array><dict><key>CF$UID</key><integer>3</integer></dict><dict><key>CF$UID</key><integer>-1</integer></dict></array></plist>".utf8)
        #expect(try Plist(decoding: xml) == .array([.uid(3), ["CF$UID": -1]]))
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([[String: Int]].self, from: xml) }
        struct Second: Decodable { var value: [String: Int]
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                _ = try list.superDecoder()
                value = try list.decode([String: Int].self)
            }
        }
        #expect(try PlistDecoder().decode(Second.self, from: xml).value == ["CF$UID": -1])
    }

    /// Containers and decoders that outlive `decode` keep working: the table owns its text.
    @Test func escapedContainerStillReads() throws {
        final class Escape: Decodable, @unchecked Sendable {
            var container: (any UnkeyedDecodingContainer)?
            init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
        }
        let escape = try PlistDecoder().decode(Escape.self, from: ourXML(["x", "y"]))
        #expect(try escape.container?.decode(String.self) == "x")
    }

    /// A stray `<key>` directly in `<plist>` is ignored by both paths.
    @Test func strayKeyInPlist() throws {
        let xml = Data("<plist><key>a</key><string>x</string></plist>".utf8)
        #expect(try Plist(decoding: xml) == "x")
        #expect(try PlistDecoder().decode(String.self, from: xml) == "x")
    }

    @Test func formatIsReported() throws {
        var format = PlistFormat.binary
        _ = try PlistDecoder().decode([Int].self, from: ourXML([1]), format: &format)
        #expect(format == .xml)
    }
}

// MARK: - Errors

/// Decoding errors on XML input name the line:column of the element at fault.
@Suite struct CodableXMLErrorTests {
    struct Outer: Decodable { var k: Inner }
    struct Inner: Decodable { var a: Int }

    private static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>k</key>
        \t<dict>
        \t\t<key>a</key>
        \t\t<string>x</string>
        \t</dict>
        </dict>
        </plist>
        """

    /// "…(at L:C)" at the end of a debug description, as (L, C).
    private func lineColumn(_ description: String) -> (Int, Int)? {
        guard description.hasSuffix(")"), let open = description.range(of: "(at ", options: .backwards) else { return nil }
        let parts = description[open.upperBound..<description.index(before: description.endIndex)].split(separator: ":")
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return (line, column)
    }

    @Test func typeMismatchNamesLineAndColumn() throws {
        do {
            _ = try PlistDecoder().decode(Outer.self, from: Data(Self.document.utf8))
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.codingPath.map(\.stringValue) == ["k", "a"])
            #expect(context.debugDescription.hasPrefix("Expected to decode Int but found a string instead. (at 8:"), "\(context.debugDescription)")
            // The column is that of the `>` ending `<string>`, after two tabs.
            #expect(lineColumn(context.debugDescription).map { $0 == (8, 10) } == true, "\(context.debugDescription)")
        }
        // Foundation agrees on the case and the path.
        do {
            _ = try PropertyListDecoder().decode(Outer.self, from: Data(Self.document.utf8))
            Issue.record("Foundation decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["k", "a"])
        }
    }

    @Test func containerMismatchNamesTheContainer() throws {
        struct Wants: Decodable { var k: [Int] }
        do {
            _ = try PlistDecoder().decode(Wants.self, from: Data(Self.document.utf8))
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["k"])
            #expect(context.debugDescription.contains("found a dictionary instead"))
            #expect(lineColumn(context.debugDescription)?.0 == 6, "\(context.debugDescription)")
        }
    }

    @Test func numbersThatDoNotFitNameTheirLine() throws {
        let xml = Data("<plist>\n<array>\n<integer>1</integer>\n<integer>300</integer>\n</array>\n</plist>".utf8)
        do {
            _ = try PlistDecoder().decode([Int8].self, from: xml)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.intValue) == [1])
            #expect(lineColumn(context.debugDescription)?.0 == 4, "\(context.debugDescription)")
        }
    }

    @Test func nullNamesItsLine() throws {
        let xml = try {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .xml
            return try encoder.encode([1, nil] as [Int?])
        }()
        do {
            _ = try PlistDecoder().decode([Int].self, from: xml)
            Issue.record("decoded")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map(\.intValue) == [1])
            #expect(lineColumn(context.debugDescription) != nil, "\(context.debugDescription)")
        }
    }

    /// Broken XML is `dataCorrupted` with the underlying `PlistError` and its line:column.
    @Test func malformedXMLIsDataCorrupted() {
        let cases: [(String, PlistError.Code)] = [
            ("<plist>\n<array><integer>1</integer></plist>", .syntax),
            ("<plist>\n<array>\n<integer>x1</integer></array></plist>", .invalidInteger),
            ("<plist>\n<dict><key>a</key></dict></plist>", .structure),
            ("<plist>\n<array><date>yesterday</date></array></plist>", .invalidDate),
            ("<plist>\n<array><data>!!</data></array></plist>", .invalidData),
            ("<plist>\n<array><foo/></array></plist>", .unknownObject),
        ]
        for (xml, code) in cases {
            do {
                _ = try PlistDecoder().decode([Int].self, from: Data(xml.utf8))
                Issue.record("decoded \(xml)")
            } catch DecodingError.dataCorrupted(let context) {
                let underlying = context.underlyingError as? PlistError
                #expect(underlying?.code == code, "\(xml): \(context)")
                if case .lineColumn? = underlying?.location {} else { Issue.record("no line:column for \(xml): \(context)") }
            } catch {
                Issue.record("\(xml): \(error)")
            }
        }
    }
}

// MARK: - Hostile input

/// Hostile XML through the decoder: it fails cleanly (or decodes) within its limits.
@Suite struct CodableXMLHostileTests {
    private func expectCorrupt<T: Decodable>(_ type: T.Type, _ xml: Data, _ code: PlistError.Code, decoder: PlistDecoder = PlistDecoder(), sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try decoder.decode(type, from: xml)
            Issue.record("decoded", sourceLocation: sourceLocation)
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? PlistError)?.code == code, "\(context)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    private func nested(_ depth: Int) -> Data {
        Data(("<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>").utf8)
    }

    @Test func deepNestingStopsAtTheLimit() {
        // Far past the limit: the scanner stops at level 513, before building anything deep.
        expectCorrupt(CodableNested.self, nested(100_000), .depthLimitExceeded)
        // Unclosed, too.
        expectCorrupt(CodableNested.self, Data(("<plist>" + String(repeating: "<array>", count: 50_000)).utf8), .depthLimitExceeded)
    }

    @Test func nestingWithinTheLimitDecodes() throws {
        #expect(try PlistDecoder().decode(CodableNested.self, from: nested(500)).depth == 500)
        let shallow = PlistDecoder()
        shallow.readingOptions.maximumDepth = 8
        #expect(try shallow.decode(CodableNested.self, from: nested(8)).depth == 8)
        expectCorrupt(CodableNested.self, nested(9), .depthLimitExceeded, decoder: shallow)
    }

    @Test func hugeTextDecodes() throws {
        let big = String(repeating: "abcdefgh", count: 2_000_000)  // 16 MB
        let xml = Data(("<plist><array><string>" + big + "</string></array></plist>").utf8)
        #expect(try PlistDecoder().decode([String].self, from: xml) == [big])
        // A huge <data> is decoded in one pass.
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let dataXML = Data(("<plist><array><data>" + bytes.base64EncodedString(options: .lineLength76Characters) + "</data></array></plist>").utf8)
        #expect(try PlistDecoder().decode([Data].self, from: dataXML) == [bytes])
    }

    @Test func hugeNumbersFailWithAShortMessage() {
        let xml = Data(("<plist><array><integer>" + String(repeating: "9", count: 1_000_000) + "</integer></array></plist>").utf8)
        do {
            _ = try PlistDecoder().decode([Int].self, from: xml)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            let underlying = context.underlyingError as? PlistError
            #expect(underlying?.code == .invalidInteger)
            #expect(context.debugDescription.count < 400)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func manySiblings() throws {
        let count = 200_000
        let xml = Data(("<plist><array>" + String(repeating: "<integer>7</integer>", count: count) + "</array></plist>").utf8)
        let values = try PlistDecoder().decode([Int].self, from: xml)
        #expect(values.count == count && values.allSatisfy { $0 == 7 })
    }

    @Test func entitiesAreRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <plist><array><string>&b;</string></array></plist>
            """
        expectCorrupt([String].self, Data(laughs.utf8), .syntax)
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <plist><array><string>&x;</string></array></plist>
            """
        expectCorrupt([String].self, Data(external.utf8), .syntax)
    }

    /// Every truncation of a small document fails cleanly or decodes.
    @Test func everyTruncationFailsCleanly() throws {
        let encoder = PlistEncoder()
        encoder.outputFormat = .xml
        let xml = try encoder.encode(CodableHandWritten.sample)
        for length in 0..<xml.count {
            do {
                _ = try PlistDecoder().decode(CodableHandWritten.self, from: xml.prefix(length))
            } catch is DecodingError {
            } catch {
                Issue.record("length \(length): \(error)")
            }
        }
    }

    /// The node table the XML decoder reads: a scalar's subtree is itself, a container keeps
    /// its end beside its child count, keys that spell alike share their text, and the packed
    /// positions give back every node's, across checkpoints, long lines and columns, steps
    /// back, and the nodes a UID dictionary drops.
    @Test func nodeTableKeepsStructureTextAndPositions() throws {
        var table = XMLNodeTable(expectedInputSize: 0)
        table.begin(.array, XMLPosition(line: 1, column: 8))
        table.append(.integer, 5, XMLPosition(line: 2, column: 10), isValue: true)
        table.begin(.dictionary, XMLPosition(line: 3, column: 7))
        table.close()
        table.close()
        #expect(table.count == 3)
        #expect(table.end(0) == 3 && table.childCount(0) == 2)
        #expect(table.end(1) == 2 && table.end(2) == 3 && table.childCount(2) == 0)
        #expect(table.position(1) == XMLPosition(line: 2, column: 10))

        var expected: [XMLPosition] = []
        var keys = XMLNodeTable(expectedInputSize: 0)
        func add(_ position: XMLPosition, _ body: (inout XMLNodeTable) -> Void) {
            body(&keys)
            expected.append(position)
        }
        add(XMLPosition(line: 1, column: 7)) { $0.begin(.dictionary, XMLPosition(line: 1, column: 7)) }
        for entry in 0..<100 {
            let line = UInt32(entry < 50 ? 2 + entry * 3 : 300_000_000 + entry * 70_000)
            let column = UInt32(entry % 7 == 0 ? 5_000_000 + entry : 9 + entry % 3)
            let key = XMLPosition(line: line, column: column)
            let value = XMLPosition(line: entry == 40 ? line - 1 : line, column: entry % 5 == 0 ? column : column + 200)
            let name = ["name", "age", "memo", ""][entry % 4]
            let utf8 = Array(name.utf8)
            add(key) { table in utf8.withUnsafeBufferPointer { table.appendKey(ByteView($0), key) } }
            if entry == 60 {
                // A UID: its key and integer are dropped again.
                add(value) { $0.begin(.dictionary, value) }
                Array("CF$UID".utf8).withUnsafeBufferPointer { keys.appendKey(ByteView($0), XMLPosition(line: line + 1, column: 3)) }
                keys.append(.integer, 12, XMLPosition(line: line + 2, column: 3), isValue: true)
                keys.closeDictionary()
            } else {
                add(value) { $0.append(.integer, UInt64(entry), value, isValue: true) }
            }
        }
        keys.closeDictionary()
        #expect(keys.count == expected.count && keys.childCount(0) == 100 && keys.end(0) == keys.count)
        for node in 0..<keys.count {
            #expect(keys.position(node) == expected[node], "node \(node)")
        }
        #expect(keys.kind(122) == .uid && keys.payload(122) == 12)
        #expect(keys.string(1) == "name" && keys.string(3) == "age" && keys.string(7) == "")
        #expect(keys.textEquals(1, 9) && keys.byteRange(1) == keys.byteRange(9) && !keys.textEquals(1, 3))
    }
}
