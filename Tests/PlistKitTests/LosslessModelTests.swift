import Foundation
import PlistKit
import Testing

/// Values that other libraries lose or change survive every PlistKit format that can hold
/// them, checked against plistlib, Foundation and plutil where they keep the value too.
@Suite("Lossless value model")
struct LosslessModelTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    /// A bplist00 holding one 4-byte real with `bits`.
    static func real32File(_ bits: UInt32) -> Data {
        var bytes: [UInt8] = Array("bplist00".utf8) + [0x22]
        bytes += withUnsafeBytes(of: bits.bigEndian, Array.init)
        bytes += [0x08]                                  // offset table: object 0 at 8
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]                // offset size 1, ref size 1
        bytes += [0, 0, 0, 0, 0, 0, 0, 1]                // 1 object
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]                // top object 0
        bytes += [0, 0, 0, 0, 0, 0, 0, 13]               // offset table at 13
        return Data(bytes)
    }

    // MARK: Keys and strings by exact scalars

    @Test(arguments: [PlistFormat.binary, .xml, .json])
    func canonicallyEquivalentKeysStayTwoKeys(format: PlistFormat) throws {
        let value: Plist = .dictionary([PlistKey(Self.composed): 1, PlistKey(Self.decomposed): 2])
        #expect(value.dictionary?.count == 2)
        let back = try Plist(decoding: value.encoded(as: format))
        #expect(back.dictionary?.keys.map { Array($0.string.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
        #expect(back == value)
        #expect(back[Self.composed] == 1 && back[Self.decomposed] == 2)
    }

    @Test func plistlibReadsBothKeysBack() throws {
        let value: Plist = .dictionary([PlistKey(Self.composed): 1, PlistKey(Self.decomposed): 2])
        let results = try Plistlib.read([try value.encoded(as: .binary), try value.encoded(as: .xml)])
        for result in results {
            let read = try result.get()
            #expect(read.dictionary?.count == 2)
            #expect(read == value)
        }
    }

    @Test func stringsCompareByScalarsToo() {
        #expect(Plist.string(Self.composed) != Plist.string(Self.decomposed))
        #expect(Set([Plist.string(Self.composed), .string(Self.decomposed)]).count == 2)
        #expect(PlistKey(Self.composed) != PlistKey(Self.decomposed))
        #expect(PlistKey("abc") == "abc")
    }

    // MARK: 4-byte reals

    @Test(arguments: [Float(0.1), 3.4028235e38, Float(bitPattern: 0x0001_16C2), -0.0, 16_777_216, .nan, Float(bitPattern: 0x7FC0_1234), .infinity])
    func fourByteRealKeepsWidthAndBits(real: Float) throws {
        let file = Self.real32File(real.bitPattern)
        let value = try Plist(decoding: file)
        guard case .real32(let read) = value else { Issue.record("read \(value)"); return }
        #expect(read.bitPattern == real.bitPattern)
        // Written back: the same 4 bytes.
        #expect(try value.encoded(as: .binary) == file)
        #expect(value == .real(Double(real)))
        #expect(value.real.map { $0.bitPattern == Double(real).bitPattern || ($0.isNaN && real.isNaN) } == true)
    }

    @Test func fourByteRealDecodesExactlyAsFloat() throws {
        let real: Float = 0.1
        let array = try Plist(decoding: Self.real32File(real.bitPattern))
        let file = try Plist.array([array, array]).encoded(as: .binary)
        #expect(try PlistDecoder().decode([Float].self, from: file) == [real, real])
        #expect(try PropertyListDecoder().decode([Float].self, from: file) == [real, real])
    }

    // MARK: Signed zero and NaN

    @Test(arguments: [PlistFormat.binary, .xml, .json])
    func negativeZeroKeepsItsSign(format: PlistFormat) throws {
        let value: Plist = ["z": .real(-0.0), "list": [.real(-0.0), .real(0.0)]]
        let back = try Plist(decoding: value.encoded(as: format))
        #expect(back["z"]?.real?.sign == .minus)
        #expect(back["list"]?[0]?.real?.sign == .minus)
        // JSON writes 0.0 as 0, which reads back as an integer (as plutil's JSON does).
        #expect(back["list"]?[1]?.real?.sign == .plus || back["list"]?[1] == 0)
    }

    @Test func negativeZeroTextAndPlistlib() throws {
        let value: Plist = ["z": .real(-0.0)]
        #expect(String(decoding: try value.encoded(as: .xml), as: UTF8.self).contains("<real>-0.0</real>"))
        #expect(String(decoding: try value.encoded(as: .json), as: UTF8.self) == #"{"z":-0.0}"#)
        let read = try Plistlib.read([try value.encoded(as: .xml)])[0].get()
        #expect(read["z"]?.real?.sign == .minus)
    }

    @Test func nanPayloadSurvivesBinary() throws {
        let payload = Double(bitPattern: 0x7FF8_0000_0000_1234)
        let negative = Double(bitPattern: 0xFFF8_0000_0000_0001)
        let value: Plist = [.real(payload), .real(negative), .date(Date(timeIntervalSinceReferenceDate: payload))]
        let back = try Plist(decoding: value.encoded(as: .binary))
        #expect(back[0]?.real?.bitPattern == payload.bitPattern)
        #expect(back[1]?.real?.bitPattern == negative.bitPattern)
        #expect(back[2]?.date?.timeIntervalSinceReferenceDate.bitPattern == payload.bitPattern)
    }

    @Test func equalityIsReflexiveAndAgreesWithHashing() {
        let nanDate = Plist.date(Date(timeIntervalSinceReferenceDate: .nan))
        let values: [Plist] = [
            nanDate, .real(.nan), .real32(.nan), .real(Double(bitPattern: 0xFFF8_0000_0000_0001)),
            .real(-0.0), .real(0.0), .real32(1.5), .real(1.5),
            .date(Date(timeIntervalSinceReferenceDate: .infinity)), ["d": nanDate, "r": .real(.nan)],
        ]
        for value in values {
            #expect(value == value, "\(value)")
        }
        for a in values {
            for b in values where a == b {
                #expect(a.hashValue == b.hashValue, "\(a) \(b)")
            }
        }
        #expect(Set([nanDate, nanDate]).count == 1)
        #expect(Plist.real32(1.5) == .real(1.5))
        #expect(Plist.real(-0.0) == .real(0.0))
    }

    @Test func nonFiniteDatesLiveInBinaryOnly() throws {
        // CF reads NaN and infinite dates from binary files; binary keeps their bits, while
        // XML (ISO 8601 text) cannot hold them and JSON holds no dates at all: both throw.
        for seconds in [Double.nan, .infinity, -.infinity, 1e300] {
            let value: Plist = ["d": .date(Date(timeIntervalSinceReferenceDate: seconds))]
            let back = try Plist(decoding: value.encoded(as: .binary))
            #expect(back["d"]?.date?.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern)
            let xml = #expect(throws: PlistError.self) { try value.encoded(as: .xml) }
            #expect(xml?.code == .unrepresentable)
            #expect(throws: PlistError.self) { try value.encoded(as: .json) }
        }
    }

    @Test func binaryNaNDateReadsEqualToItself() throws {
        let value: Plist = [.date(Date(timeIntervalSinceReferenceDate: .nan))]
        let read = try Plist(decoding: value.encoded(as: .binary))
        #expect(read == read)
        #expect(read == value)
        #expect(Set([read, value]).count == 1)
    }

    // MARK: Strings through XML

    static let awkward = "cr\rcrlf\r\nnul\u{0}soh\u{1}us\u{1F}tab\tff\u{C}fffe\u{FFFE}ffff\u{FFFF}max\u{10FFFF}<&>"

    @Test func awkwardStringsSurviveOurXML() throws {
        let value: Plist = [.dictionary([PlistKey(Self.awkward): .string(Self.awkward)]), .string("\r\n"), .string("\r")]
        let xml = try value.encoded(as: .xml)
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains("cr&#xD;crlf&#xD;\n"))
        let back = try Plist(decoding: xml)
        #expect(back == value)
        #expect(back[0]?.dictionary?.keys.first?.string.unicodeScalars.elementsEqual(Self.awkward.unicodeScalars) == true)
        // Codable reads it the same way.
        #expect(try PlistDecoder().decode([String].self, from: Plist.array([.string(Self.awkward)]).encoded(as: .xml)) == [Self.awkward])
    }

    @Test func readsWhatFoundationWritesRaw() throws {
        // Foundation (like CF and plutil) writes these characters raw into the XML.
        let object: [String: Any] = ["k\r\u{1}": Self.awkward, "plain": "x"]
        let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        #expect(xml.contains(0x01) && xml.contains(0x0D))
        let read = try Plist(decoding: xml)
        #expect(read["k\r\u{1}"]?.string?.unicodeScalars.elementsEqual(Self.awkward.unicodeScalars) == true)
        #expect(read["plain"] == "x")
        #expect(try PlistDecoder().decode([String: String].self, from: xml)["k\r\u{1}"] == Self.awkward)
    }

    /// Without a CR, a document goes to libxml2 as it is; when libxml2 refuses a raw
    /// character it is read again, escaped, and nothing of the first attempt remains.
    @Test func rawCharactersWithoutCarriageReturnsAreReadAgain() throws {
        let awkward = Self.awkward.replacingOccurrences(of: "\r", with: "")
        let object: [String: Any] = ["k\u{1}": awkward, "list": ["a", "b\u{0}", "c"], "plain": "x"]
        let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        #expect(xml.contains(0x01) && !xml.contains(0x0D))
        let read = try Plist(decoding: xml)
        #expect(read["k\u{1}"]?.string?.unicodeScalars.elementsEqual(awkward.unicodeScalars) == true)
        #expect(read["list"] == ["a", "b\u{0}", "c"])
        #expect(read.dictionary?.count == 3)
        struct Decoded: Decodable, Equatable {
            let list: [String]
            let plain: String
        }
        #expect(try PlistDecoder().decode(Decoded.self, from: xml) == Decoded(list: ["a", "b\u{0}", "c"], plain: "x"))
        #expect(try PlistDecoder().decode([String: String].self, from: Plist.dictionary(["k": .string(awkward)]).encoded(as: .xml))["k"] == awkward)
        // A NUL after the root element ends the document, as plutil reads it; one inside
        // the text is kept.
        let afterRoot = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><string>a</string></plist>\n\u{0}garbage<".utf8)
        #expect(try Plist(decoding: afterRoot) == "a")
        let inside = Data("<plist version=\"1.0\"><array><string>a\u{0}b</string></array></plist>".utf8)
        #expect(try Plist(decoding: inside) == ["a\u{0}b"])
        #expect(try PlistDecoder().decode([String].self, from: inside) == ["a\u{0}b"])
    }

    /// CR inside CDATA stays CR, as Foundation reads it (libxml2 alone would make it LF), in
    /// the whole-value reader, the Codable decoder and the event reader alike.
    @Test func carriageReturnsInCDATAStayAsFoundationReadsThem() throws {
        let xml = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><array><string><![CDATA[a\rb\r\nc]]></string><string>d\re</string></array></plist>".utf8)
        let foundation = try PropertyListSerialization.propertyList(from: xml, format: nil) as! [String]
        let expected = Plist.array(foundation.map { .string($0) })
        #expect(foundation[0].unicodeScalars.map(\.value) == [0x61, 0x0D, 0x62, 0x0D, 0x0A, 0x63])
        #expect(try Plist(decoding: xml) == expected)
        #expect(try PlistDecoder().decode([String].self, from: xml) == foundation)
        #expect(try PlistEventReader(xml).readValue() == expected)
    }

    /// A character reference to U+10FFFF (the escapes' introducer) names that character,
    /// as Foundation reads it, also in a document that is escaped on its way to libxml2
    /// (one with a CR, and every UTF-8 document the event reader reads). Before, the
    /// reference was taken for an escape: it swallowed the character after it, or trapped
    /// on an overflow when that character was not one an escape writes.
    @Test func referencesToTheEscapeIntroducerStayCharacters() throws {
        let texts = ["&#x10FFFF;abcd", "&#x10FFFF;&#xF0001;", "&#1114111;&#x0010ffff;x", "&#x10FFFF;", "\r&#x10FFFF;\u{10FFFF}\u{1}"]
        for text in texts {
            for body in ["<string>\(text)</string>", "<dict><key>\(text)</key><string>\r</string></dict>"] {
                let xml = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\(body)</plist>\n".utf8)
                let foundation = try PropertyListSerialization.propertyList(from: xml, format: nil)
                let expected: Plist = if let string = foundation as? String {
                    .string(string)
                } else {
                    .dictionary(PlistDictionary(uniqueKeysWithValues: try #require(foundation as? [String: String]).map { (PlistKey($0.key), Plist.string($0.value)) }))
                }
                #expect(try Plist(decoding: xml) == expected, "\(body)")
                #expect(try PlistEventReader(xml).readValue() == expected, "\(body)")
                if let string = foundation as? String {
                    #expect(try PlistDecoder().decode(String.self, from: xml) == string, "\(body)")
                }
            }
        }
        let read = try Plist(decoding: Data("<plist version=\"1.0\"><string>\r&#x10FFFF;abcd</string></plist>".utf8))
        #expect(read.string?.unicodeScalars.map(\.value) == [0x0D, 0x10FFFF, 0x61, 0x62, 0x63, 0x64])
    }

    /// A document that declares another encoding in which ASCII stands for itself keeps its
    /// CRs, in text and in CDATA, keys and strings, as Foundation reads them: through the
    /// whole-value reader, the event reader and `PlistDecoder` alike (the event reader kept
    /// CR in CDATA and the whole-value reader did not: FuzzEvents, Fuzz/README item 11).
    @Test func carriageReturnsInOtherASCIIEncodings() throws {
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist version=\"1.0\">\n<dict><key>k\r1</key><string>caf".utf8)
            + [0xE9] + Array("\r\nx</string><key>k2</key><string><![CDATA[c\rd\r\n]]]]></string></dict>\n</plist>\n".utf8)
        let utf7 = Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<plist version=\"1.0\">\n<array><string><![CDATA[line\rbreak\r\nend]]></string></array>\n</plist>\n".utf8)
        for bytes in [latin1, utf7] {
            let xml = Data(bytes)
            let foundation = try PropertyListSerialization.propertyList(from: xml, format: nil)
            let expected: Plist = if let array = foundation as? [String] {
                .array(array.map(Plist.string))
            } else {
                .dictionary(PlistDictionary(uniqueKeysWithValues: try #require(foundation as? [String: String]).sorted { $0.key < $1.key }.map { (PlistKey($0.key), Plist.string($0.value)) }))
            }
            #expect(try Plist(decoding: xml) == expected)
            #expect(try PlistEventReader(xml).readValue() == expected)
            if let array = foundation as? [String] {
                #expect(try PlistDecoder().decode([String].self, from: xml) == array)
            }
        }
        #expect(try Plist(decoding: Data(latin1))["k\r1"] == .string("café\r\nx"))
    }

    /// `text` in UTF-16 or UTF-32 (`unitSize` 2 or 4), with a byte-order mark.
    static func wide(_ text: String, unitSize: Int, bigEndian: Bool) -> Data {
        var bytes: [UInt8] = []
        func append(_ unit: UInt32) {
            let ordered = (0..<unitSize).map { UInt8(truncatingIfNeeded: unit >> UInt32(8 * $0)) }
            bytes += bigEndian ? ordered.reversed() : ordered
        }
        append(0xFEFF)
        if unitSize == 2 {
            text.utf16.forEach { append(UInt32($0)) }
        } else {
            text.unicodeScalars.forEach { append($0.value) }
        }
        return Data(bytes)
    }

    /// A UTF-16 or UTF-32 document keeps its CRs (in text, CDATA and keys) and raw control
    /// characters, as Foundation reads it (libxml2 turned CR into LF, refused the control
    /// characters, and read no UTF-32 at all): through the whole-value reader, the event
    /// reader (in memory, and from a file in chunks that cut characters and the declaration
    /// apart) and `PlistDecoder` alike.
    @Test func wideDocumentsReadAsFoundationReadsThem() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>k\r1</key>\n\t<string>caf\u{E9}\r\n\u{1F600}\u{1}x<![CDATA[c\rd]]></string>\n\t<key>k2</key>\n\t<string>\u{FFFF}\r</string>\n</dict>\n</plist>\n"
        let expected: Plist = ["k\r1": "caf\u{E9}\r\n\u{1F600}\u{1}xc\rd", "k2": "\u{FFFF}\r"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-wide-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (unitSize, bigEndian) in [(2, false), (2, true), (4, false), (4, true)] {
            let label = "UTF-\(unitSize * 8)\(bigEndian ? "BE" : "LE")"
            let xml = Self.wide(unitSize == 2 ? text : text.replacingOccurrences(of: "UTF-16", with: "UTF-32"), unitSize: unitSize, bigEndian: bigEndian)
            let foundation = try #require(try PropertyListSerialization.propertyList(from: xml, format: nil) as? [String: String], "\(label)")
            #expect(foundation == ["k\r1": "caf\u{E9}\r\n\u{1F600}\u{1}xc\rd", "k2": "\u{FFFF}\r"], "\(label)")
            #expect(try Plist(decoding: xml) == expected, "\(label)")
            #expect(try PlistDecoder().decode([String: String].self, from: xml) == foundation, "\(label)")
            #expect(try PlistEventReader(xml).readValue() == expected, "\(label)")
            let file = directory.appendingPathComponent("\(label).plist")
            try xml.write(to: file)
            for chunkSize in [1, 3, 7, 64] {
                let reader = try PlistEventReader(contentsOfFile: file.path, chunkSize: chunkSize)
                #expect(try reader.readValue() == expected, "\(label), chunks of \(chunkSize)")
            }
        }
    }

    /// UTF-16 without a byte-order mark (zero bytes, as libxml2 reads it; Foundation refuses
    /// it), with the declaration's encoding in single quotes, or no declaration at all.
    @Test func wideDocumentsWithoutAMark() throws {
        let texts = ["<?xml version='1.0' encoding = 'utf-16'?><plist version='1.0'><string>a\rb</string></plist>", "<plist version=\"1.0\"><string>a\rb</string></plist>"]
        for text in texts {
            for bigEndian in [false, true] {
                let xml = Self.wide(text, unitSize: 2, bigEndian: bigEndian).dropFirst(2)
                #expect(PlistFormat.detect(xml) == .xml)
                #expect(try Plist(decoding: xml) == "a\rb", "\(text), big-endian: \(bigEndian)")
                #expect(try PlistEventReader(Data(xml)).readValue() == "a\rb", "\(text), big-endian: \(bigEndian)")
            }
        }
    }

    /// Malformed UTF-16 and UTF-32 are refused, by both readers, at the byte where they go
    /// wrong.
    @Test func malformedWideDocumentsAreRefused() throws {
        let text = "<plist version=\"1.0\"><string>ab</string></plist>"
        let good = Self.wide(text, unitSize: 2, bigEndian: false)
        let stringStart = 2 + 2 * text.utf16.count - 2 * "ab</string></plist>".utf16.count
        var lowAlone = good, highAlone = good
        lowAlone.replaceSubrange(stringStart..<(stringStart + 2), with: [0x00, 0xDC])
        highAlone.replaceSubrange(stringStart..<(stringStart + 2), with: [0x00, 0xD8])
        let utf32 = Self.wide(text, unitSize: 4, bigEndian: true)
        var beyond = utf32
        beyond.replaceSubrange((4 + 4 * 25)..<(4 + 4 * 26), with: [0x00, 0x11, 0x00, 0x00])
        let cases: [(Data, Int)] = [(lowAlone, stringStart), (highAlone, stringStart), (good + [0x3C], good.count), (beyond, 4 + 4 * 25), (utf32 + [0, 0], utf32.count)]
        for (bytes, offset) in cases {
            let whole = Result { () throws(PlistError) in try Plist(decoding: bytes) }.map(Optional.some)
            let events = Result { () throws(PlistError) in try PlistEventReader(bytes).readValue() }
            for result in [whole, events] {
                guard case .failure(let error) = result else {
                    Issue.record("expected an error at offset \(offset)")
                    continue
                }
                #expect(error.code == .invalidString)
                #expect(error.location == .offset(offset), "\(error)")
            }
        }
        #expect(try Plist(decoding: good) == "ab")
    }

    @Test func plistlibReadsCarriageReturnsWeWrite() throws {
        let value: Plist = ["k\r": .string("a\r\nb\rc")]
        let read = try Plistlib.read([try value.encoded(as: .xml)])[0].get()
        #expect(read == value)
    }

    @Test func rawCharactersInMarkupStillFail() throws {
        let bad = Data("<plist version=\"1.0\"><string\u{1}>x</string></plist>".utf8)
        #expect(throws: PlistError.self) { try Plist(decoding: bad) }
        // A Windows-edited document (CR LF line ends everywhere) reads as usual.
        let crlf = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\r\n<plist version=\"1.0\">\r\n<dict>\r\n\t<key>a</key>\r\n\t<integer>1</integer>\r\n</dict>\r\n</plist>\r\n".utf8)
        #expect(try Plist(decoding: crlf) == ["a": 1])
    }
}
