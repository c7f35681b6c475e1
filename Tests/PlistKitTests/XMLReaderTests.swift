import Foundation
import OrderedCollections
import PlistKit
import Testing
import TestSupport

private func xml(_ body: String) -> Data {
    Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """.utf8)
}

/// ``xml(_:)`` of a body that need not be valid UTF-8.
private func xml(bytes body: [UInt8]) -> Data {
    let document = xml("\u{1}")
    let marker = document.firstIndex(of: 1)!
    return document[..<marker] + Data(body) + document[(marker + 1)...]
}

private func readError(_ data: Data) -> PlistError? {
    do {
        _ = try Plist(decoding: data)
        return nil
    } catch {
        return error
    }
}

@Suite("XML reader")
struct XMLReaderTests {
    @Test func readsEveryElement() throws {
        let value = try Plist(decoding: xml("""
            <dict>
            \t<key>s</key><string>a &amp; b</string>
            \t<key>i</key><integer>-42</integer>
            \t<key>big</key><integer>18446744073709551615</integer>
            \t<key>r</key><real>2.5</real>
            \t<key>t</key><true/>
            \t<key>f</key><false/>
            \t<key>d</key><date>2001-01-02T00:00:00Z</date>
            \t<key>b</key><data>AAEC</data>
            \t<key>a</key><array><integer>1</integer><array/></array>
            \t<key>u</key><dict><key>CF$UID</key><integer>7</integer></dict>
            </dict>
            """))
        let expected: Plist = .dictionary([
            "s": .string("a & b"), "i": .integer(-42), "big": .integer(PlistInteger(UInt64.max)), "r": .real(2.5),
            "t": .bool(true), "f": .bool(false), "d": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
            "b": .data(Data([0, 1, 2])), "a": .array([.integer(1), .array([])]), "u": .uid(7),
        ])
        #expect(value == expected)
        #expect(value.dictionary?.keys.elementsEqual(["s", "i", "big", "r", "t", "f", "d", "b", "a", "u"]) == true)
    }

    /// The reader lets dictionaries with the keys of the dictionary read before share its
    /// key array; nested dictionaries change that key set while their parent is still open,
    /// and repeated keys must not be taken for a match. Foundation is the oracle.
    @Test func repeatedAndNestedKeySetsReadAsFoundationReadsThem() throws {
        let data = xml("""
            <array>
            	<dict><key>a</key><integer>1</integer><key>b</key><integer>2</integer></dict>
            	<dict><key>a</key><integer>3</integer><key>b</key><integer>4</integer></dict>
            	<dict><key>a</key><integer>5</integer></dict>
            	<dict><key>a</key><integer>6</integer><key>b</key><integer>7</integer><key>c</key><integer>8</integer></dict>
            	<dict><key>leaf</key><dict><key>_0</key><integer>1</integer></dict></dict>
            	<dict><key>leaf</key><dict><key>_0</key><integer>2</integer></dict></dict>
            	<dict><key>node</key><dict><key>leaf</key><dict><key>_0</key><integer>3</integer></dict></dict></dict>
            	<dict><key>x</key><integer>1</integer><key>x</key><integer>2</integer></dict>
            	<dict><key>x</key><integer>3</integer><key>x</key><integer>4</integer></dict>
            	<dict><key>b</key><integer>9</integer><key>a</key><integer>10</integer></dict>
            	<dict><key>CF$UID</key><integer>4</integer></dict>
            	<dict><key>CF$UID</key><string>not a UID</string></dict>
            </array>
            """)
        let value = try Plist(decoding: data)
        let foundation = try #require(PropertyListSerialization.propertyList(from: data, format: nil) as? [Any])
        guard case .array(let records) = value else {
            Issue.record("expected an array, read \(value)")
            return
        }
        #expect(records.count == foundation.count)
        for (record, expected) in zip(records, foundation) {
            // Foundation reads the CF$UID dictionary as a UID object of its own.
            guard let expected = expected as? [String: Any] else {
                #expect(record == .uid(4))
                continue
            }
            #expect(Set(record.dictionary?.keys.map(\.string) ?? []) == Set(expected.keys), "\(record) vs \(expected)")
        }
        #expect(records[2] == ["a": 5])
        #expect(records[5] == ["leaf": ["_0": 2]])
        #expect(records[6] == ["node": ["leaf": ["_0": 3]]])
        #expect(records[8] == ["x": 4])
        #expect(records[9].dictionary?.keys.elements == ["b", "a"])
        #expect(records[11] == ["CF$UID": "not a UID"])
    }

    /// A thread keeps its scanner and tree builder between documents: documents read in a
    /// row on one thread, with failing ones, one whose text outgrows what is kept and one
    /// that must be escaped and read again in between, each read as it reads on its own.
    @Test func documentsReadInARowReadAsEachAlone() throws {
        let long = String(repeating: "x", count: 100_000)
        let documents: [(Data, Plist?)] = [
            (xml("<dict><key>a</key><integer>1</integer><key>b</key><string>one</string></dict>"), ["a": 1, "b": "one"]),
            (xml("<dict><key>a</key><integer>2</integer><key>b</key><string>\(long)</string></dict>"), ["a": 2, "b": .string(long)]),
            (xml("<dict><key>a</key><integer>x</integer></dict>"), nil),
            (xml("<array><dict><key>a</key><integer>3</integer></dict><dict><key>a</key><integer>4</integer><key>b</key><string>two</string></dict></array>"),
             [["a": 3], ["a": 4, "b": "two"]]),
            (xml("<dict><key>a</key>"), nil),
            (xml("<dict><key>a</key><integer>5</integer><key>b</key><string>\u{1}three</string></dict>"), ["a": 5, "b": "\u{1}three"]),
            (xml("<dict><key>b</key><string>four</string><key>a</key><integer>6</integer></dict>"), ["b": "four", "a": 6]),
        ]
        for _ in 0..<3 {
            for (document, expected) in documents {
                let value = try? Plist(decoding: document)
                #expect(value == expected)
                #expect(value?.dictionary?.keys.elements == expected?.dictionary?.keys.elements)
            }
        }
    }

    @Test func errorsNameThePlaceAndTheReason() throws {
        let integer = try #require(readError(xml("<array>\n\t<integer>abc</integer>\n</array>")))
        #expect(integer.code == .invalidInteger)
        #expect(integer.message == "<integer> value 'abc'")
        #expect(integer.location == .lineColumn(line: 5, column: 24))
        #expect(integer.description == "<integer> value 'abc' at 5:24")

        let key = try #require(readError(xml("<dict>\n\t<key>lonely</key>\n</dict>")))
        #expect(key.code == .structure)
        #expect(key.message == "<key> 'lonely' without a value")
        #expect(key.location == .lineColumn(line: 6, column: 8))

        let unknown = try #require(readError(xml("<foo/>")))
        #expect(unknown.code == .unknownObject)
        #expect(unknown.message == "unknown element <foo>")
        if case .lineColumn(let line, _)? = unknown.location { #expect(line == 4) } else { Issue.record("no line") }

        let overflow = try #require(readError(xml("<integer>18446744073709551616</integer>")))
        #expect(overflow.message.contains("outside"))

        let syntax = try #require(readError(xml("<array><string>x</array>")))
        #expect(syntax.code == .syntax)
        if case .lineColumn(let line, _)? = syntax.location { #expect(line == 4) } else { Issue.record("no line") }
    }


    /// libxml2 reads the input a few kilobytes at a time: text, keys, references and errors
    /// that straddle those reads come out whole, and positions count from the document's start.
    @Test func documentsLargerThanOneReadAreWhole() throws {
        let long = String(repeating: "abcdefghij&amp;", count: 20_000)
        let entries = (0..<5_000).map { "<key>k\($0)</key><string>v\($0)&lt;</string>" }.joined(separator: "\n")
        let value = try Plist(decoding: xml("<dict>\n<key>long</key><string>\(long)</string>\n\(entries)\n</dict>"))
        let dictionary = try #require(value.dictionary)
        #expect(dictionary["long"] == .string(String(repeating: "abcdefghij&", count: 20_000)))
        #expect(dictionary.count == 5_001)
        #expect(dictionary["k4999"] == "v4999<")
        let late = try #require(readError(xml("<array>\n\(String(repeating: "<string>x</string>\n", count: 10_000))<integer>abc</integer>\n</array>")))
        #expect(late.location == .lineColumn(line: 10_005, column: 23))
    }
    @Test func depthLimitIsEnforced() throws {
        let deep = String(repeating: "<array>", count: 20) + String(repeating: "</array>", count: 20)
        #expect(throws: Never.self) { try Plist(decoding: xml(deep), options: PlistReadingOptions(maximumDepth: 20)) }
        let error = try #require(readError(xml(String(repeating: "<array>", count: 513) + String(repeating: "</array>", count: 513))))
        #expect(error.code == .depthLimitExceeded)
    }

    @Test func hundredThousandDeepNestingFailsFast() throws {
        let depth = 100_000
        var text = #"<?xml version="1.0"?><plist version="1.0">"#
        text += String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(readError(Data(text.utf8)))
        #expect(error.code == .depthLimitExceeded)
        #expect(clock.now - start < .seconds(1))
        // Same for dictionaries.
        let dicts = #"<plist>"# + String(repeating: "<dict><key>k</key>", count: depth)
        #expect(readError(Data(dicts.utf8))?.code == .depthLimitExceeded)
    }

    @Test func fiftyMegabyteTextNodeReadsCorrectly() throws {
        let size = 50 << 20
        var bytes = Data(#"<?xml version="1.0"?><plist version="1.0"><string>"#.utf8)
        let prefixCount = bytes.count
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: size))
        bytes.append(contentsOf: Array("</string></plist>".utf8))
        let clock = ContinuousClock()
        let start = clock.now
        let value = try Plist(decoding: bytes)
        #expect(clock.now - start < .seconds(20))
        guard case .string(let string) = value else { Issue.record("not a string"); return }
        #expect(string.utf8.count == size)
        #expect(string.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(prefixCount > 0)
    }

    @Test func fiftyMegabyteDataNodeReadsCorrectly() throws {
        // 30 MiB of data (40 MiB of base64) in the full run (`TestTools.fullRun`); 12 MiB by
        // default, whose 16 MiB of text is still past libxml2's 10 MB limit on a text node.
        let raw = Data((0..<TestTools.scaled(12 << 20, full: 30 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let text = raw.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
        let value = try Plist(decoding: xml("<data>\(text)</data>"))
        #expect(value == .data(raw))
    }

    /// Base64 in `<data>` decodes as Foundation's decoder (ignoring white space) decodes it,
    /// whatever the lengths and line layouts, and the same text with a stray byte is refused.
    @Test func dataTextDecodesLikeFoundation() throws {
        var state: UInt64 = 0x5EED
        for length in [0, 1, 2, 3, 4, 5, 47, 48, 49, 57, 100, 1000, 4097] {
            let raw = Data((0..<length).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 33)
            })
            let plain = raw.base64EncodedString()
            let layouts = [
                plain,
                raw.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]),
                raw.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]),
                plain.enumerated().map { $0.offset % 3 == 2 ? "\($0.element) \t" : String($0.element) }.joined(),
                plain.replacingOccurrences(of: "=", with: ""),
            ]
            for text in layouts {
                #expect(try Plist(decoding: xml("<data>\n\t\(text)\n\t</data>")) == .data(raw), "length \(length)")
            }
            if length > 0 {
                let stray = String(plain.prefix(plain.count / 2)) + "*" + String(plain.dropFirst(plain.count / 2))
                #expect(throws: PlistError.self) { try Plist(decoding: xml("<data>\(stray)</data>")) }
            }
        }
        // Padded groups back to back, as CF accepts them, and a lone final digit refused.
        #expect(try Plist(decoding: xml("<data>AA==AQ==</data>")) == .data(Data([0, 1])))
        #expect(throws: PlistError.self) { try Plist(decoding: xml("<data>AAECA</data>")) }
    }

    @Test func securityDocumentsFailFast() throws {
        let documents = [
            // External entity (XXE).
            #"<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><plist><string>&xxe;</string></plist>"#,
            // Parameter entity fetched over the network.
            #"<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]><plist><string>x</string></plist>"#,
            // Billion laughs.
            #"<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]><plist><string>&i;</string></plist>"#,
            // Undeclared entity.
            #"<plist><string>&undeclared;</string></plist>"#,
        ]
        for document in documents {
            let clock = ContinuousClock()
            let start = clock.now
            let error = readError(Data(document.utf8))
            #expect(error?.code == .syntax, "\(document.prefix(60)): \(String(describing: error))")
            #expect(clock.now - start < .seconds(1))
        }
        #expect(readError(Data(documents[0].utf8))?.message.contains("entity") == true)
    }

    /// Keys and strings become `String`s without a second UTF-8 check, so every malformed
    /// sequence must stop libxml2 first, as it stops Python's plistlib (expat): in short text
    /// and after more than the 300 bytes libxml2 hands on at a time.
    @Test func invalidUTF8InTextIsASyntaxError() throws {
        let sequences: [[UInt8]] = [
            [0xFF],                          // never a UTF-8 byte
            [0x80],                          // a continuation byte on its own
            [0xC3, 0x28],                    // a lead byte followed by ASCII
            [0xCC],                          // a lead byte cut short by the next character
            [0xC0, 0xAF],                    // overlong "/"
            [0xE0, 0x80, 0x80],              // overlong NUL, three bytes
            [0xED, 0xA0, 0x80],              // U+D800, a surrogate
            [0xF4, 0x90, 0x80, 0x80],        // U+110000, past the last code point
            [0xF8, 0x88, 0x80, 0x80, 0x80],  // a five-byte form
        ]
        let long = String(repeating: "é", count: 400)
        for bytes in sequences {
            for prefix in ["a", long] {
                let text = Array(prefix.utf8) + bytes + Array("z".utf8)
                let string = Array("<string>".utf8) + text + Array("</string>".utf8)
                let key = Array("<dict><key>".utf8) + text + Array("</key><true/></dict>".utf8)
                for body in [string, key] {
                    let error = readError(xml(bytes: body))
                    #expect(error?.code == .syntax, "\(bytes) after \(prefix.utf8.count) bytes: \(String(describing: error))")
                }
            }
        }
    }

    @Test func readsUTF16WithByteOrderMarks() throws {
        let text = #"<?xml version="1.0" encoding="UTF-16"?><plist version="1.0"><string>é😀</string></plist>"#
        var big = Data([0xFE, 0xFF])
        for unit in text.utf16 { big.append(UInt8(unit >> 8)); big.append(UInt8(unit & 0xFF)) }
        var little = Data([0xFF, 0xFE])
        for unit in text.utf16 { little.append(UInt8(unit & 0xFF)); little.append(UInt8(unit >> 8)) }
        #expect(try Plist(decoding: big) == .string("é😀"))
        #expect(try Plist(decoding: little) == .string("é😀"))
    }

    @Test func concurrentParsesAreIndependent() async throws {
        let good = xml("<array><integer>1</integer><string>two</string></array>")
        let bad = xml("<array><integer>x</integer></array>")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask { () throws -> Void in
                    if index.isMultiple(of: 2) {
                        #expect(try Plist(decoding: good) == .array([.integer(1), .string("two")]))
                    } else {
                        #expect(readError(bad)?.code == .invalidInteger)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// What reading `data` gives: the value, or the error with its location.
private func outcome(_ data: Data) -> String {
    do {
        return "\(try Plist(decoding: data))"
    } catch {
        return "\(error.code) \(error)"
    }
}

/// A parse reuses the parser context its thread kept from the last one: whatever the last
/// document was, every call reads as a fresh parser would.
@Suite("XML parser reuse")
struct XMLParserReuseTests {
    /// Documents that leave a parser in different states: values, libxml2's errors with a
    /// line and column, the scanner's errors, a refused entity, a document cut short, UTF-16,
    /// a raw CR and a control character.
    static let documents: [Data] = {
        var documents = [
            xml("<dict><key>a</key><string>x</string><key>b</key><array><integer>1</integer></array></dict>"),
            xml("<array><integer>1</integer><string>two</integer></array>"),
            xml("<array><integer>x</integer></array>"),
            Data(#"<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY e "x">]><plist><string>&e;</string></plist>"#.utf8),
            xml("<dict><key>a</key>"),
            xml("<string>a\rb\u{1}c</string>"),
            xml("<unknown/>"),
            Data("<plist><string>&amp;&#x10FFFF;</string></plist>\0trailing".utf8),
            xml("<array>" + String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600) + "</array>"),
        ]
        let text = #"<?xml version="1.0" encoding="UTF-16"?><plist version="1.0"><string>é😀</string></plist>"#
        var utf16 = Data([0xFF, 0xFE])
        for unit in text.utf16 { utf16.append(UInt8(unit & 0xFF)); utf16.append(UInt8(unit >> 8)) }
        documents.append(utf16)
        return documents
    }()

    @Test func everyCallReadsAsTheFirstDid() {
        let first = Self.documents.map(outcome)
        #expect(first[0].contains("x"))
        #expect(first[1] == "syntax Opening and ending tag mismatch: string line 4 and integer at 4:49")
        // The same documents again, in the other order and interleaved: the same outcomes.
        for index in Self.documents.indices.reversed() {
            #expect(outcome(Self.documents[index]) == first[index])
            #expect(outcome(Self.documents[(index + 3) % Self.documents.count]) == first[(index + 3) % Self.documents.count])
        }
    }

    /// Each document names elements the thread's parser has not seen: the parser that has
    /// collected too many names is replaced, and reading goes on as before.
    @Test func manyDistinctNamesReadAsBefore() {
        let good = Self.documents[0]
        let expected = outcome(good)
        for index in 0..<700 {
            let error = readError(xml("<dict><key>k</key><x\(index) a\(index)='1'/></dict>"))
            #expect(error?.code == .unknownObject)
            #expect(error?.message == "unknown element <x\(index)>")
            if index.isMultiple(of: 50) { #expect(outcome(good) == expected) }
        }
        #expect(outcome(good) == expected)
    }

    /// Many threads read at once, each with its own parser: every outcome, errors and their
    /// locations included, is the one a single thread gets.
    @Test func concurrentReadersShareNothing() async {
        let documents = Self.documents
        let serial = documents.map(outcome)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<documents.count * 20 {
                        let index = (task * 5 + round) % documents.count
                        if outcome(documents[index]) != serial[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

@Suite("XML writer")
struct XMLWriterTests {
    @Test func layoutMatchesPlutil() throws {
        let value: Plist = .dictionary([
            "b": .array([.real(0.1), .real(-0.0), .real(.nan), .real(.infinity), .real(-.infinity), .real(1e17), .real(100)]),
            "a": .string("<&>\"'"),
            "c": .dictionary([:]),
            "d": .data(Data("abc".utf8)),
            "u": .uid(3),
        ])
        let text = String(decoding: try value.encoded(as: .xml, options: PlistWritingOptions(sortedKeys: true)), as: UTF8.self)
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<string>&lt;&amp;&gt;"'</string>
            \t<key>b</key>
            \t<array>
            \t\t<real>0.10000000000000001</real>
            \t\t<real>-0.0</real>
            \t\t<real>nan</real>
            \t\t<real>+infinity</real>
            \t\t<real>-infinity</real>
            \t\t<real>1e+17</real>
            \t\t<real>100</real>
            \t</array>
            \t<key>c</key>
            \t<dict/>
            \t<key>d</key>
            \t<data>
            \tYWJj
            \t</data>
            \t<key>u</key>
            \t<dict>
            \t\t<key>CF$UID</key>
            \t\t<integer>3</integer>
            \t</dict>
            </dict>
            </plist>

            """)
        // Unsorted by default: the value's own order.
        let unsorted = String(decoding: try value.encoded(as: .xml), as: UTF8.self)
        #expect(unsorted.range(of: "<key>b</key>")!.lowerBound < unsorted.range(of: "<key>a</key>")!.lowerBound)
    }

    @Test func sortsKeysByUTF16LikePlutil() throws {
        let keys = ["ｚ", "😀", "a", "B", "é", "_"]
        let value = Plist.dictionary(PlistDictionary(uniqueKeysWithValues: keys.map { (PlistKey($0), Plist.bool(true)) }))
        let text = String(decoding: try value.encoded(as: .xml, options: PlistWritingOptions(sortedKeys: true)), as: UTF8.self)
        let order = text.split(separator: "\n").filter { $0.contains("<key>") }.map { $0.replacingOccurrences(of: "\t<key>", with: "").replacingOccurrences(of: "</key>", with: "") }
        #expect(order == ["B", "_", "a", "é", "😀", "ｚ"])
    }

    @Test func deepValuesAreRefused() throws {
        var value = Plist.array([])
        for _ in 0..<600 { value = .array([value]) }
        #expect(throws: PlistError.self) { try value.encoded(as: .xml) }
    }

    @Test func datesOutsideFormattableRangeAreRefused() throws {
        #expect(throws: PlistError.self) { try Plist.date(Date(timeIntervalSinceReferenceDate: .nan)).encoded(as: .xml) }
        #expect(throws: PlistError.self) { try Plist.date(Date(timeIntervalSinceReferenceDate: 1e300)).encoded(as: .xml) }
    }
}
