import Foundation
import OrderedCollections
import PlistKit
import Testing
import TestSupport

/// The OpenStep writer: its layout, quoting and escapes, its refusals (with key paths), and
/// random values read back by our reader, by Foundation and by plutil.
@Suite("OpenStep writer")
struct OpenStepWriterTests {
    private func text(_ value: Plist, _ options: PlistWritingOptions = .default) throws -> String {
        String(decoding: try value.encoded(as: .openStep, options: options), as: UTF8.self)
    }

    @Test func layout() throws {
        let value: Plist = ["name": "PlistKit", "list": ["a", "b c"], "data": .data(Data([0x0F, 0xBD, 0x77, 0x77, 0x01])),
                            "empty": [:], "none": [], "nested": ["x": ""]]
        #expect(try text(value) == """
        {
            name = PlistKit;
            list = (
                a,
                "b c"
            );
            data = <0fbd7777 01>;
            empty = {};
            none = ();
            nested = {
                x = "";
            };
        }

        """)
        #expect(try text("top") == "top\n")
        #expect(try text(.data(Data())) == "<>\n")
    }

    @Test func quotingAndEscapes() throws {
        let strings = ["plain_$./9", "/leading", "with space", "a-b", "a:b", "", "é", "tab\there", "q\"b\\",
                       "\u{7}\u{8}\u{C}\n\r\u{B}", "nul\u{0}\u{1F}\u{7F}", "😀", "//", "a//b"]
        let written = try text(.array(strings.map(Plist.string)))
        #expect(written == """
        (
            plain_$./9,
            "/leading",
            "with space",
            "a-b",
            "a:b",
            "",
            "é",
            "tab\\there",
            "q\\"b\\\\",
            "\\a\\b\\f\\n\\r\\v",
            "nul\\000\\037\\177",
            "😀",
            "//",
            a//b
        )

        """)
        #expect(try Plist(decoding: Data(written.utf8)) == .array(strings.map(Plist.string)))
        #expect(try FoundationBridge.read(Data(written.utf8)) == .array(strings.map(Plist.string)))
    }

    @Test func sortedKeys() throws {
        let value: Plist = ["b": "1", "a": "2", "B": "3"]
        #expect(try text(value, PlistWritingOptions(sortedKeys: true)) == "{\n    B = 3;\n    a = 2;\n    b = 1;\n}\n")
        #expect(try text(value) == "{\n    b = 1;\n    a = 2;\n    B = 3;\n}\n")
    }

    @Test func refusalsNameTheKeyPath() {
        func refusal(_ value: Plist, _ options: PlistWritingOptions = .default) -> PlistError? {
            #expect(throws: PlistError.self) { try value.encoded(as: .openStep, options: options) }
        }
        let nested: Plist = ["a": ["b.c": [1]]]
        let error = refusal(nested)
        #expect(error?.code == .unrepresentable)
        #expect(error?.message.contains("'a.b\\.c.0' is an integer") == true, "\(String(describing: error))")
        #expect(refusal(["when": .date(Date())])?.message.contains("'when' is a date") == true)
        #expect(refusal(.bool(true))?.message.contains("the root value is a bool") == true)
        #expect(refusal(["id": .uid(3)], PlistWritingOptions(gnustepTypedValues: true))?.message.contains("'id' is a UID") == true)
        #expect(refusal(["n": 1.5])?.message.contains("gnustepTypedValues") == true)
        let strings = PlistWritingOptions(stringsFile: true)
        #expect(refusal(["a": "b", "c": ["d"]], strings)?.message.contains("'c' is an array; a .strings file") == true)
        #expect(refusal(["a", "b"], strings)?.code == .unrepresentable)
        var deep: Plist = "x"
        for _ in 0..<600 { deep = [deep] }
        #expect(refusal(deep)?.code == .depthLimitExceeded)
    }

    @Test func stringsFileForm() throws {
        let value: Plist = ["hello": "Bonjour", "quote": "dit \"oui\"\n", "plain": "x"]
        let written = try text(value, PlistWritingOptions(stringsFile: true))
        #expect(written == "\"hello\" = \"Bonjour\";\n\"quote\" = \"dit \\\"oui\\\"\\n\";\n\"plain\" = \"x\";\n")
        let (read, writing) = try Plist.decodedOpenStep(Data(written.utf8))
        #expect(read == value && writing.stringsFile)
        #expect(try FoundationBridge.read(Data(written.utf8)) == value)
        let empty = try Plist.dictionary([:]).encoded(as: .openStep, options: PlistWritingOptions(stringsFile: true))
        #expect(empty == Data("\n".utf8))
        #expect(try Plist(decoding: empty) == [:] && FoundationBridge.read(empty) == [:])
    }

    @Test func gnustepTypedValues() throws {
        let date = Date(timeIntervalSinceReferenceDate: 599_572_800)
        let value: Plist = ["i": 42, "n": .integer(.min), "u": .integer(PlistInteger(UInt64.max)), "r": 1.5, "f": .real32(0.25),
                            "y": true, "no": false, "d": .date(date), "s": "text", "x": .data(Data([1]))]
        let written = try text(value, PlistWritingOptions(gnustepTypedValues: true))
        #expect(written.contains("i = <*I42>;") && written.contains("n = <*I-9223372036854775808>;"))
        #expect(written.contains("r = <*R1.5>;") && written.contains("f = <*R0.25>;"))
        #expect(written.contains("y = <*BY>;") && written.contains("no = <*BN>;"))
        #expect(written.contains("d = <*D2020-01-01 12:00:00 +0000>;"))
        #expect(try Plist(decoding: Data(written.utf8)) == value)
    }

    // MARK: Random values

    /// Random values holding only what OpenStep text can: scalars turned into strings.
    static func openStepOnly(_ value: Plist) -> Plist {
        switch value {
        case .dictionary(let entries):
            var result = PlistDictionary()
            for (key, item) in entries { result[key] = openStepOnly(item) }
            return .dictionary(result)
        case .array(let elements): return .array(elements.map(openStepOnly))
        case .string, .data: return value
        case .integer(let integer): return .string(integer.description)
        case .real(let real): return .string("\(real)")
        case .real32(let real): return .string("\(real)")
        case .bool(let bool): return .string(bool ? "YES" : "NO")
        case .date(let date): return .string("\(date.timeIntervalSinceReferenceDate)")
        case .uid(let uid): return .string("uid \(uid)")
        }
    }

    @Test(arguments: 0..<60)
    func randomValuesRoundTrip(_ seed: Int) throws {
        var generator = RandomPlist(seed: UInt64(seed))
        let value = OpenStepWriterTests.openStepOnly(generator.value())
        for options in [PlistWritingOptions.default, PlistWritingOptions(sortedKeys: true)] {
            let written = try value.encoded(as: .openStep, options: options)
            let ours = try Plist(decoding: written)
            #expect(Canonical.identical(ours, value))
            if !options.sortedKeys { #expect(sameKeyOrderXML(ours, value)) }
            #expect(Canonical.identical(try FoundationBridge.read(written), value))
        }
    }

    /// plutil reads what we write (its XML conversion, read by our XML reader, is the value).
    @Test(.enabled(if: TestTools.plutil != nil), arguments: 0..<15)
    func randomValuesReadByPlutil(_ seed: Int) throws {
        var generator = RandomPlist(seed: UInt64(1000 + seed))
        let value = OpenStepWriterTests.openStepOnly(generator.value())
        let directory = try TestTools.scratch(["value.plist": try value.encoded(as: .openStep)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let plutil = try Subprocess.run(TestTools.plutil!, ["-convert", "xml1", "-o", "-", "value.plist"], in: directory)
        #expect(plutil.status == 0, "\(plutil.stderrText)")
        #expect(Canonical.identical(try Plist(decoding: plutil.stdout, format: .xml), value))
    }

    /// With GNUstep's typed values every type but UIDs round-trips through our reader
    /// (dates to the second, as in every text format).
    @Test(arguments: 0..<40)
    func randomTypedValuesRoundTrip(_ seed: Int) throws {
        var generator = RandomPlist(seed: UInt64(2000 + seed), options: RandomPlist.Options(uids: false))
        let value = generator.value()
        let written = try value.encoded(as: .openStep, options: PlistWritingOptions(gnustepTypedValues: true))
        #expect(try Plist(decoding: written) == value.flooringDates())
    }

    @Test func largeValuesWriteInLinearTime() throws {
        let big: Plist = .array((0..<200_000).map { .string("value \($0) with \"quotes\"") })
        let clock = ContinuousClock()
        let start = clock.now
        let written = try big.encoded(as: .openStep)
        #expect(try Plist(decoding: written) == big)
        #expect(clock.now - start < .seconds(10))
    }
}
