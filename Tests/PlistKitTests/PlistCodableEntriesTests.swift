import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// `Dictionary` values and UUIDs through the format-specialized decoders against the Codable
/// path: the binary decoder reads a dictionary of few distinct ASCII keys by its entries and a
/// UUID's text where it lies, and hands every other shape to the source's keyed lookup and the
/// string read; each must give Codable's value or Codable's error.
@Suite struct PlistCodableEntriesTests {
    let lookup = PlistCodableLookupTests()

    /// A one-object-per-entry binary file: `objects` after a dictionary of `keys` → `values`
    /// (object numbers), the dictionary being object 0.
    func dictionary(keys: [UInt8], values: [UInt8], _ objects: [[UInt8]]) -> Data {
        Data(BinaryBuilder([[0xD0 | UInt8(keys.count)] + keys + values] + objects).bytes)
    }

    @Test func dictionariesOfEveryShape() throws {
        try lookup.expectSame([String: Int].self, [:])
        try lookup.expectSame([String: Int].self, ["a": 1, "b": 2, "c": 3])
        try lookup.expectSame([String: String].self, ["name": "x", "$null": "y"])
        try lookup.expectSame([String: String].self, ["name": "$null"])
        try lookup.expectSame([String: Bool].self, ["a": true, "b": 1])
        try lookup.expectSame([Int: String].self, ["1": "a", "20": "b", "-3": "c"])
        try lookup.expectSame([Int: String].self, ["1": "a", "x": "b"])
        try lookup.expectSame([String: Double].self, ["long key beyond fifteen bytes": 1.5, "é": 2])
        let many = PlistDictionary(uniqueKeysWithValues: (0..<30).map { (PlistKey("key\($0)"), Plist.integer(PlistInteger(Int64($0)))) })
        try lookup.expectSame([String: Int].self, .dictionary(many))
        try lookup.expectSame([String: [String: Int]].self, ["a": ["x": 1], "b": ["y": 2, "z": 3], "c": [:]])
        try lookup.expectSame([[String: Int]].self, .array((0..<50).map { index -> Plist in
            let entries: [(PlistKey, Plist)] = [(PlistKey("k\(index)"), 1), (PlistKey("common"), 2)]
            return .dictionary(PlistDictionary(uniqueKeysWithValues: entries))
        }))
        try lookup.expectSame([String: Int].self, ["a": "not a number"])
        try lookup.expectSame([String: Int].self, ["a": 1, "b": ["nested": 1]])
    }

    @Test func dictionariesTheKeyedLookupReads() {
        let name = [0x54] + Array("name".utf8)
        // {"name": "a", "name": "b"}: the last value counts.
        lookup.expectSame([String: String].self, dictionary(keys: [1, 1], values: [2, 3], [name, [0x51, 0x61], [0x51, 0x62]]))
        // A UTF-16 key, then an ASCII one.
        lookup.expectSame([String: String].self, dictionary(keys: [1, 2], values: [3, 3], [[0x61, 0, 0xE9], name, [0x51, 0x61]]))
        // A key that is an integer.
        lookup.expectSame([String: String].self, dictionary(keys: [1], values: [2], [[0x10, 1], [0x51, 0x61]]))
        // A value reference past the last object.
        lookup.expectSame([String: String].self, dictionary(keys: [1], values: [9], [name]))
        // A key reference past the last object.
        lookup.expectSame([String: String].self, dictionary(keys: [9], values: [1], [name]))
        // A key of non-ASCII bytes marked ASCII.
        lookup.expectSame([String: String].self, dictionary(keys: [1], values: [2], [[0x51, 0xE9], [0x51, 0x61]]))
    }

    @Test func recordsOfManyLayoutsAtOneDepth() throws {
        // More key sets than the decoder remembers at a depth, in turn and repeated.
        let shapes: [Plist] = (0..<40).map { shape in
            var entries: [(PlistKey, Plist)] = [(PlistKey("name"), .string("n\(shape)"))]
            entries += (0..<(shape % 7)).map { (PlistKey("extra\(shape)_\($0)"), .integer(PlistInteger(Int64($0)))) }
            if shape % 3 == 0 { entries.append((PlistKey("weight"), .real(Double(shape)))) }
            return .dictionary(PlistDictionary(uniqueKeysWithValues: entries))
        }
        try lookup.expectSame([ModelLeaf].self, .array(shapes + shapes.reversed() + shapes))
    }

    @Test func uuidsReadWhereverTheyStand() throws {
        let text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        for value: Plist in [.string(text), .string(text.lowercased()), "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
                             "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "short", "$null", 7, .string(text + " ")] {
            try lookup.expectSame(UUID.self, value)
            try lookup.expectSame([UUID].self, [value, .string(text)])
            try lookup.expectSame([String: UUID].self, ["id": value])
            try lookup.expectSame([UUID?].self, [value])
        }
        // 36 UTF-16 characters.
        let utf16: [UInt8] = [0x6F, 0x10, 36] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        lookup.expectSame(UUID.self, Data(BinaryBuilder([utf16]).bytes))
        // A count of 36 that runs past the object area.
        lookup.expectSame(UUID.self, Data(BinaryBuilder([[0x5F, 0x10, 36] + Array(text.utf8.prefix(20))]).bytes))
    }
}
