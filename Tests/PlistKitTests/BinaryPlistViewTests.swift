import Foundation
import PlistKit
import Testing

/// The lazy view answers every lookup as the full reader's value does, and fails as it fails.
@Suite("Binary plist view")
struct BinaryPlistViewTests {
    /// Walks `value` and the view's `node` together, comparing every lookup.
    func compare(_ node: BinaryPlistView.Node, _ value: Plist, depth: Int = 0) throws {
        #expect(try node.plist() == value)
        #expect(try node.kind.typeName == value.typeName)
        switch value {
        case .dictionary(let entries):
            #expect(try node.count == entries.count)
            #expect(try node.keys() == entries.keys.map(\.string))
            for (key, child) in entries where depth < 4 {
                try compare(try #require(try node[key.string]), child, depth: depth + 1)
            }
            #expect(try node["no such key \u{1F600}"] == nil)
        case .array(let elements):
            #expect(try node.count == elements.count)
            for (index, child) in elements.enumerated() where depth < 4 {
                try compare(try #require(try node[index]), child, depth: depth + 1)
            }
            #expect(try node[elements.count] == nil && node[-1] == nil)
        default:
            #expect(try node.count == nil && node.keys() == nil && node["a"] == nil && node[0] == nil)
        }
    }

    @Test func lookupsMatchTheFullReaderOnRandomValues() throws {
        for seed in BinaryRoundTripTests.seeds.prefix(60) {
            var generator = RandomPlist(seed: seed)
            let value = generator.value()
            let data = try value.encoded(as: .binary)
            try compare(try BinaryPlistView(data).root, try Plist(decoding: data))
        }
    }

    @Test func lookupsMatchOnFoundationFiles() throws {
        let records = (0..<500).map { ["name": "student \($0)", "age": $0, "scores": [$0, $0 + 1]] as [String: Any] }
        let data = try PropertyListSerialization.data(fromPropertyList: ["students": records], format: .binary, options: 0)
        let view = try BinaryPlistView(data)
        #expect(try view.root["students"]?[499]?["name"]?.string == "student 499")
        #expect(try view.root.node(atKeyPath: "students.250.scores.1")?.integer == PlistInteger(251))
        #expect(try view.root.node(atKeyPath: "students.500") == nil)
        #expect(try view.root["students"]?[3]?["age"]?.kind == .integer)
        try compare(view.root, try Plist(decoding: data))
    }

    @Test func typedScalarsAndDecoder() throws {
        struct Student: Codable, Equatable { var name: String; var age: Int }
        let value: Plist = ["students": [["name": "Ada", "age": 36], ["name": "Alan", "age": 41]], "when": .date(Date(timeIntervalSinceReferenceDate: 5)), "blob": .data(Data([1, 2])), "pi": 3.5, "ok": true, "ref": .uid(7)]
        let view = try BinaryPlistView(value.encoded(as: .binary))
        #expect(try PlistDecoder().decode(Student.self, from: try #require(try view.root["students"]?[1])) == Student(name: "Alan", age: 41))
        #expect(try view.root["when"]?.date == Date(timeIntervalSinceReferenceDate: 5))
        #expect(try view.root["blob"]?.dataValue == Data([1, 2]))
        #expect(try view.root["pi"]?.real == 3.5)
        #expect(try view.root["ok"]?.bool == true)
        #expect(try view.root["ref"]?.uid == 7)
        #expect(try view.root["students"]?.string == nil)
        let error = #expect(throws: DecodingError.self) {
            try PlistDecoder().decode(Student.self, from: try #require(try view.root["students"]?[1]?["name"]))
        }
        #expect(error != nil)
    }

    @Test func exactScalarKeysAndDuplicatesTakeTheLastValue() throws {
        let value: Plist = .dictionary([PlistKey("\u{E9}"): 1, PlistKey("e\u{301}"): 2, "ascii": 3])
        let view = try BinaryPlistView(value.encoded(as: .binary))
        #expect(try view.root["\u{E9}"]?.integer == 1)
        #expect(try view.root["e\u{301}"]?.integer == 2)
        // A dictionary with the key "a" twice (refs 1 and 1): the last value, as the reader.
        let bytes: [UInt8] = Array("bplist00".utf8) + [
            0xD2, 0x01, 0x01, 0x02, 0x03,  // 8: dict {a: 1, a: 2}
            0x51, 0x61,                    // 13: "a"
            0x10, 0x01, 0x10, 0x02,        // 15: 1, 17: 2
            0x08, 0x0D, 0x0F, 0x11,        // 19: offsets
            0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 19,
        ]
        let duplicated = try BinaryPlistView(Data(bytes))
        #expect(try duplicated.root["a"]?.integer == 2)
        #expect(try Plist(decoding: bytes)["a"] == 2)
    }

    @Test func cyclesAndExponentialSharing() throws {
        // An array that contains itself: lookups follow it down to the depth limit, and a
        // full decode reports the cycle, as the reader does.
        let cycle: [UInt8] = Array("bplist00".utf8) + [0xA1, 0x00, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]
        let view = try BinaryPlistView(Data(cycle))
        #expect(try view.root[0]?[0]?[0]?.kind == .array)
        #expect(throws: PlistError.self) { try view.root.plist() }
        var node = view.root
        let error = #expect(throws: PlistError.self) {
            for _ in 0..<10_000 { node = try #require(try node[0]) }
        }
        #expect(error?.code == .depthLimitExceeded)
        // 60 levels of [x, x]: 2^60 paths, decoded in linear time.
        var objects: [[UInt8]] = [[0x10, 0x07]]
        for level in 1...60 { objects.append([0xA2, UInt8(level - 1), UInt8(level - 1)]) }
        var file: [UInt8] = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects { offsets.append(UInt8(file.count)); file += object }
        let tableOffset = file.count
        file += offsets
        file += [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, UInt8(objects.count), 0, 0, 0, 0, 0, 0, 0, UInt8(objects.count - 1), 0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
        let deep = try BinaryPlistView(Data(file))
        let clock = ContinuousClock()
        let start = clock.now
        var decoded = try deep.root.plist()
        #expect(clock.now - start < .seconds(2))
        // (== would walk all 2^60 paths: follow one.)
        for _ in 0..<60 { decoded = try #require(decoded[1]) }
        #expect(decoded == 7)
    }

    @Test func badInputIsRefusedAtOnce() {
        #expect(throws: PlistError.self) { try BinaryPlistView(Data("<plist/>".utf8)) }
        #expect(throws: PlistError.self) { try BinaryPlistView(Data("bplist00".utf8)) }
        // A reference out of range is found when the lookup reaches it.
        let bytes: [UInt8] = Array("bplist00".utf8) + [0xA1, 0x05, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]
        let error = #expect(throws: PlistError.self) { try BinaryPlistView(Data(bytes)).root[0] }
        #expect(error?.code == .refOutOfRange)
    }
}
