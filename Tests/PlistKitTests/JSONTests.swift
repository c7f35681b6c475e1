import Foundation
import OrderedCollections
import PlistKit
import Testing
import TestSupport

@Suite("JSON writer against plutil", .enabled(if: Plutil.available, "needs the toolchain's plutil"))
struct JSONPlutilTests {
    /// Every file under TestVectors (a sample by default: `Plutil.sampledFiles`) through
    /// `plutil -convert json -r` and through PlistKit (`.plutil` options): identical bytes, or
    /// both refuse (dates, data, UIDs, NaN, infinities, scalar top levels) with plutil's
    /// message.
    @Test(arguments: Plutil.sampledFiles)
    func humanReadableMatchesPlutil(_ file: String) throws {
        let url = Canonical.vectorsDirectory.appendingPathComponent(file)
        guard let value = try? Plist(decoding: try Data(contentsOf: url)) else { return }  // malformed vectors
        let plutil = try Plutil.run(["-convert", "json", "-r", "-o", "-", url.path])
        let ours = Result { () throws(PlistError) in try value.encoded(as: .json, options: .plutil) }
        switch ours {
        case .success(let ours):
            let bytes = PlutilDifferences.asPlutilWrites(json: ours)
            if plutil.status != 0 {
                #expect(plutilRefusesToRead[file] != nil || PlutilDifferences.plutilFailsOn[file] != nil, "plutil refuses \(file): \(plutil.stderr)")
                return
            }
            if let reason = PlutilDifferences.plutilReadsDifferently[file] {
                #expect(bytes != plutil.stdout, "known difference gone: \(reason)")
                return
            }
            #expect(bytes == plutil.stdout, "\(file)\nours:   \(String(decoding: bytes.prefix(300), as: UTF8.self))\nplutil: \(String(decoding: plutil.stdout.prefix(300), as: UTF8.self))")
        case .failure(let error):
            #expect(error.code == .unrepresentable)
            #expect(error.message.hasPrefix("cannot write "), "\(error)")
            #expect(error.message.contains(" as JSON: "), "\(error)")
            #expect(plutil.status != 0, "plutil converts \(file) but we refuse")
            // plutil on Linux fails on UIDs before it gets to JSON, with varying messages, and
            // cannot read some of the hand-written XML at all.
            if !value.containsUID, plutilRefusesToRead[file] == nil {
                #expect(plutil.stderr.contains("Invalid object in plist for JSON format"), "\(plutil.stderr)")
            }
        }
    }

    /// plutil's compact output has Swift's random dictionary order, so compare by reading
    /// plutil's bytes (we keep their order) and writing them back compactly.
    @Test(arguments: Plutil.sampledFiles.filter { $0.hasPrefix("binary/") || $0.hasPrefix("xml/plutil/") })
    func compactMatchesPlutil(_ file: String) throws {
        let url = Canonical.vectorsDirectory.appendingPathComponent(file)
        let plutil = try Plutil.run(["-convert", "json", "-o", "-", url.path])
        guard plutil.status == 0 else { return }
        // Our value, its dictionaries put in the order plutil happened to write.
        let order = try Plist(decoding: plutil.stdout, format: .json)
        guard PlutilDifferences.plutilReadsDifferently[file] == nil else { return }
        let original = try Plist(decoding: try Data(contentsOf: url))
        let value = original.ordered(like: order)
        #expect(PlutilDifferences.asPlutilWrites(json: try value.encoded(as: .json)) == plutil.stdout)
    }
}

@Suite("JSON")
struct JSONTests {
    @Test func vectorManifestIsComplete() throws {
        #expect(TextVector.json.count > 20)
        let files = try FileManager.default.subpathsOfDirectory(atPath: Canonical.vectorsDirectory.appendingPathComponent("json").path)
            .filter { $0.hasSuffix(".json") && $0 != "MANIFEST.json" }.map { "json/" + $0 }
        #expect(Set(files) == Set(TextVector.json.map(\.file)))
    }

    @Test(arguments: TextVector.json)
    func vector(_ vector: TextVector) throws {
        let expected = try #require(try vector.expected())
        let (value, format) = try Plist.decodedWithFormat(try Data(contentsOf: vector.url))
        #expect(format == .json)
        if !Canonical.identical(value, expected) {
            var detail = ""
            if case .array(let read) = value, case .array(let wanted) = expected {
                for (a, b) in zip(read, wanted) where !Canonical.identical(a, b) {
                    detail = "first difference: \(a.string.map { Array($0.unicodeScalars.prefix(6)) } ?? []) vs \(b.string.map { Array($0.unicodeScalars.prefix(6)) } ?? [])"
                    break
                }
            }
            Issue.record("\(vector.file) read differently: \(detail)")
        }
    }

    @Test func compactAndHumanReadableLayouts() throws {
        let value: Plist = .dictionary([
            "b": .array([.integer(1), .real(0.1), .real(1e16), .real(-0.0), .real(2.5e-5), .bool(true)]),
            "a": .string("a/b\\c\"\u{01}\u{7F}\t\n é"),
            "e": .dictionary([:]),
            "f": .array([]),
        ])
        #expect(String(decoding: try value.encoded(as: .json), as: UTF8.self)
            == #"{"b":[1,0.1,1e+16,-0.0,2.5e-05,true],"a":"a\/b\\c\"\u0001"# + "\u{7F}" + #"\t\n é","e":{},"f":[]}"#)
        #expect(String(decoding: try value.encoded(as: .json, options: .plutil), as: UTF8.self) == """
            {
              "a" : "a\\/b\\\\c\\"\\u0001\u{7F}\\t\\n é",
              "b" : [
                1,
                0.1,
                1e+16,
                -0.0,
                2.5e-05,
                true
              ],
              "e" : {

              },
              "f" : [

              ]
            }
            """)
    }

    @Test func sortsKeysLikeJSONSerialization() throws {
        let keys = ["a10", "a9", "B", "a", "A", "_", "1", "10", "2"]
        let value = Plist.dictionary(PlistDictionary(uniqueKeysWithValues: keys.map { (PlistKey($0), Plist.integer(0)) }))
        let text = String(decoding: try value.encoded(as: .json, options: PlistWritingOptions(sortedKeys: true)), as: UTF8.self)
        #expect(text == #"{"_":0,"1":0,"2":0,"10":0,"a":0,"A":0,"a9":0,"a10":0,"B":0}"#)
    }

    @Test func refusesWhatPlutilRefuses() {
        let refused: [Plist] = [
            .string("top"), .integer(1), .array([.date(Date())]), .array([.data(Data())]), .array([.uid(1)]),
            .array([.real(.nan)]), .array([.real(.infinity)]),
        ]
        let messages = [
            "cannot write a string as JSON: a JSON document holds a dictionary or an array",
            "cannot write an integer as JSON: a JSON document holds a dictionary or an array",
            "cannot write a date at key path '0' as JSON: JSON has no dates",
            "cannot write data at key path '0' as JSON: JSON has no data type",
            "cannot write a UID at key path '0' as JSON: JSON has no UIDs",
            "cannot write the real number nan at key path '0' as JSON: JSON has no NaN or infinite numbers",
            "cannot write the real number inf at key path '0' as JSON: JSON has no NaN or infinite numbers",
        ]
        for (value, message) in zip(refused, messages) {
            #expect(throws: PlistError(.unrepresentable, message)) { try value.encoded(as: .json) }
        }
    }

    @Test func refusalNamesTheKeyPath() {
        let value: Plist = ["a": ["b": [1, 2, .date(Date(timeIntervalSinceReferenceDate: 0))]]]
        #expect(throws: PlistError(.unrepresentable, "cannot write a date at key path 'a.b.2' as JSON: JSON has no dates")) {
            try value.encoded(as: .json)
        }
    }

    @Test func readsJSON() throws {
        let text = #"{"b": [1, -9223372036854775808, 18446744073709551615, 18446744073709551616, 1.5, -0, 1e3, true, false, "\u00e9\ud83d\ude00\/\n"], "a": {}}"#
        let value = try Plist(decoding: Data(text.utf8))
        #expect(value == .dictionary([
            "b": .array([.integer(1), .integer(PlistInteger(Int64.min)), .integer(PlistInteger(UInt64.max)), .real(18446744073709551616),
                         .real(1.5), .integer(0), .real(1000), .bool(true), .bool(false), .string("é😀/\n")]),
            "a": .dictionary([:]),
        ]))
        #expect(value.dictionary?.keys.elementsEqual(["b", "a"]) == true)
        #expect(try Plist(decoding: Data("[\"x\"]".utf8)) == .array([.string("x")]))
        #expect(try Plist(decoding: Data("\u{FEFF}{\"k\": 1}".utf8)) == .dictionary(["k": .integer(1)]))
    }

    @Test func jsonErrorsHaveLineAndColumn() throws {
        func error(_ text: String) -> PlistError? {
            do { _ = try Plist(decoding: Data(text.utf8), format: .json); return nil } catch { return error }
        }
        let trailing = try #require(error("{\n  \"a\": 1,\n  \"b\" 2\n}"))
        #expect(trailing.code == .syntax)
        #expect(trailing.location == .lineColumn(line: 3, column: 7))
        #expect(error("[null]")?.code == .unsupportedObject)
        #expect(error("[1,]")?.code == .syntax)
        #expect(error("[\"\\ud800\"]")?.code == .invalidString)
        #expect(error("[01]")?.code == .syntax)
        #expect(error("[1] x")?.code == .syntax)
        #expect(error("[\"abc")?.code == .truncated)
        #expect(error(String(repeating: "[", count: 100_000))?.code == .depthLimitExceeded)
    }

    @Test func roundTripsThroughJSON() throws {
        let value: Plist = .dictionary(["z": .array([.integer(-3), .real(0.25), .string("ü\u{0}")]), "a": .bool(false)])
        #expect(try Plist(decoding: try value.encoded(as: .json), format: .json) == value)
        #expect(try Plist(decoding: try value.encoded(as: .json, options: .plutil), format: .json) == value)
    }
}

extension Plist {
    /// The value with each dictionary's keys in the order of the matching dictionary in
    /// `template` (keys the template lacks keep their place at the end).
    func ordered(like template: Plist) -> Plist {
        switch (self, template) {
        case let (.dictionary(entries), .dictionary(order)):
            var result = PlistDictionary()
            for (key, shape) in order {
                if let value = entries[key] { result[key] = value.ordered(like: shape) }
            }
            for (key, value) in entries where result[key] == nil { result[key] = value }
            return .dictionary(result)
        case let (.array(elements), .array(shapes)) where elements.count == shapes.count:
            return .array(zip(elements, shapes).map { $0.ordered(like: $1) })
        default:
            return self
        }
    }
}
