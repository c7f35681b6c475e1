import Foundation
import OrderedCollections
import Testing
@testable import PlistKit

/// Every kind of value the Codable surface covers survives PlistEncoder → PlistDecoder,
/// through bytes and through a `Plist` value.
@Suite struct CodableRoundTripTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = PlistEncoder()
        let bytes = try encoder.encode(value)
        #expect(try PlistDecoder().decode(T.self, from: bytes) == value, "binary", sourceLocation: sourceLocation)
        let tree = try encoder.encodeToPlist(value)
        #expect(try PlistDecoder().decode(T.self, from: tree) == value, "tree", sourceLocation: sourceLocation)
        encoder.outputFormatting = .sortedKeys
        #expect(try PlistDecoder().decode(T.self, from: encoder.encode(value)) == value, "sorted", sourceLocation: sourceLocation)
    }

    @Test func everyModel() throws {
        try roundTrip(CodableScalars.sample)
        try roundTrip(CodableScalars.minimums)
        try roundTrip(CodableScalars.maximums)
        try roundTrip(CodableFoundationTypes.sample)
        try roundTrip(CodableOptionals.sample)
        try roundTrip(CodableCollections.sample)
        try roundTrip([CodableShape.circle(radius: 1), .rectangle(1, 2), .point, .labeled("l", sides: 0)])
        try roundTrip([CodableRawEnum.first])
        try roundTrip([CodableTree.sample])
        try roundTrip([CodableDog(name: "a", breed: "b")])
        try roundTrip(CodableHandWritten.sample)
        try roundTrip(CodableEverything.sample)
    }

    @Test func integerWidthsAtTheirLimits() throws {
        try roundTrip([Int8.min, Int8.max])
        try roundTrip([Int16.min, Int16.max])
        try roundTrip([Int32.min, Int32.max])
        try roundTrip([Int64.min, Int64.max])
        try roundTrip([Int.min, Int.max])
        try roundTrip([UInt8.min, UInt8.max])
        try roundTrip([UInt16.max])
        try roundTrip([UInt32.max])
        try roundTrip([UInt64.min, UInt64.max])
        try roundTrip([UInt.max])
        #expect(try PlistEncoder().encodeToPlist([UInt64.max]) == .array([.integer(.max)]))
    }

    /// The narrower integer types reach the decoder's generic `decode` from every kind of
    /// container (a raw enum through its single-value container, a hand-written unkeyed
    /// container), which reads them itself instead of through their `init(from:)`.
    @Test func narrowIntegersThroughEveryContainer() throws {
        enum Level: UInt8, Codable, Equatable { case low = 1, high = 200 }
        struct Packed: Codable, Equatable {
            var a: Int16, b: UInt32, c: Int8
            init(a: Int16, b: UInt32, c: Int8) { (self.a, self.b, self.c) = (a, b, c) }
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                a = try list.decode(Int16.self)
                b = try list.superDecoder().singleValueContainer().decode(UInt32.self)
                c = try list.decode(Int8.self)
            }
            func encode(to encoder: any Encoder) throws {
                var list = encoder.unkeyedContainer()
                try list.encode(a)
                try list.encode(b)
                try list.encode(c)
            }
        }
        try roundTrip([Level.low, .high])
        try roundTrip(Packed(a: .min, b: .max, c: -1))
        #expect(try PlistDecoder().decode(Packed.self, from: Plist.array([-2, 7, 127]).encoded(as: .binary)) == Packed(a: -2, b: 7, c: 127))
        #expect(throws: DecodingError.self) { try PlistDecoder().decode(Packed.self, from: Plist.array([1, 2, 128]).encoded(as: .binary)) }
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([Level].self, from: Plist.array([300]).encoded(as: .xml)) }
    }

    @Test func floatingPoint() throws {
        try roundTrip([0.0, -0.0, .infinity, -.infinity, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude])
        try roundTrip([Float(0.1), -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude])
        let nan = try PlistDecoder().decode([Double].self, from: PlistEncoder().encode([Double.nan]))
        #expect(nan.count == 1 && nan[0].isNaN)
        // Reals widen from Float exactly.
        #expect(try PlistEncoder().encodeToPlist([Float(1.1)]) == .array([.real(Double(Float(1.1)))]))
    }

    @Test func stringsAndKeys() throws {
        try roundTrip(["": "", "ünïcödé": "日本語", "emoji 👩‍👩‍👧": "\u{0}", "$null ": "a"])
        // A dictionary big enough for the decoder's hashed lookup, with non-ASCII keys.
        try roundTrip(Dictionary(uniqueKeysWithValues: (0..<200).map { ("κλειδί \($0)", $0) }))
    }

    @Test func intKeyedDictionaries() throws {
        try roundTrip([1: "a", -5: "b", Int.max: "c"])
        #expect(try PlistEncoder().encodeToPlist([7: true]) == ["7": true])
    }

    @Test func keyOrderIsEncodingOrderUnlessSorted() throws {
        struct Ordered: Codable { var zebra = 1, apple = 2, mango = 3 }
        let encoder = PlistEncoder()
        #expect(try encoder.encodeToPlist(Ordered()).dictionary.map { Array($0.keys) } == ["zebra", "apple", "mango"])
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encodeToPlist(Ordered()).dictionary.map { Array($0.keys) } == ["apple", "mango", "zebra"])
        let bytes = try encoder.encode(Ordered())
        #expect(try Plist(decoding: bytes).dictionary.map { Array($0.keys) } == ["apple", "mango", "zebra"])
    }

    /// Foundation replaces a key written twice in place and merges containers asked for
    /// twice; so do we.
    @Test func repeatedKeysAndContainers() throws {
        struct Twice: Encodable {
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(_ string: String) { stringValue = string }
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: Key.self)
                try first.encode(1, forKey: Key("a"))
                try first.encode(2, forKey: Key("b"))
                try first.encode(3, forKey: Key("a"))
                var second = encoder.container(keyedBy: Key.self)
                try second.encode(4, forKey: Key("c"))
                var nested = first.nestedContainer(keyedBy: Key.self, forKey: Key("n"))
                try nested.encode(5, forKey: Key("x"))
                var again = second.nestedContainer(keyedBy: Key.self, forKey: Key("n"))
                try again.encode(6, forKey: Key("y"))
                for index in 0..<20 {
                    try first.encode(index, forKey: Key("k\(index % 18)"))
                }
            }
        }
        var expected: PlistDictionary = ["a": 3, "b": 2, "c": 4, "n": ["x": 5, "y": 6]]
        for index in 0..<18 { expected[PlistKey("k\(index)")] = .integer(PlistInteger(index < 2 ? index + 18 : index)) }
        let ours = try PlistEncoder().encodeToPlist(Twice())
        #expect(ours == .dictionary(expected))
        #expect(ours.dictionary.map { Array($0.keys) } == Array(expected.keys))
        #expect(try Plist(decoding: PropertyListEncoder().encode(Twice())) == ours)
    }

    @Test func emptyValues() throws {
        struct Empty: Codable, Equatable {}
        struct Silent: Codable, Equatable {
            init() {}
            init(from decoder: any Decoder) throws {}
            func encode(to encoder: any Encoder) throws {}
        }
        try roundTrip([Empty()])
        try roundTrip(Empty())
        // A nested value that encodes nothing is an empty dictionary, as in Foundation.
        #expect(try PlistEncoder().encodeToPlist([Silent()]) == [[:]])
        #expect(throws: EncodingError.self) { try PlistEncoder().encode(Silent()) }
        try roundTrip([[String: Int]]())
    }

    @Test func optionalsDecodeFromAbsentAndNull() throws {
        struct Holder: Codable, Equatable { var a: Int?; var b: [String]?; var c: Date? }
        #expect(try PlistDecoder().decode(Holder.self, from: [:]) == Holder())
        #expect(try PlistDecoder().decode(Holder.self, from: ["a": "$null", "b": "$null", "c": "$null"]) == Holder())
        #expect(try PlistDecoder().decode([Int?].self, from: ["$null", 2]) == [nil, 2])
        let bytes = try (["a": "$null"] as Plist).encoded(as: .binary)
        #expect(try PlistDecoder().decode(Holder.self, from: bytes) == Holder())
    }

    /// JSON in plutil's dialect decodes too (Foundation's decoder refuses it).
    @Test func jsonInput() throws {
        struct Item: Codable, Equatable { var name: String; var count: Int; var ratio: Double; var tags: [String]; var ok: Bool }
        var format = PlistFormat.binary
        let json = Data(#"{"name": "n", "count": 3, "ratio": 0.5, "tags": ["a"], "ok": true}"#.utf8)
        #expect(try PlistDecoder().decode(Item.self, from: json, format: &format) == Item(name: "n", count: 3, ratio: 0.5, tags: ["a"], ok: true))
        #expect(format == .json)
    }

    @Test func numbersConvertAsFoundationDoes() throws {
        #expect(try PlistDecoder().decode([Int].self, from: [2.0]) == [2])
        #expect(try PlistDecoder().decode([UInt8].self, from: [255.0]) == [255])
        #expect(try PlistDecoder().decode([Double].self, from: [3]) == [3])
        #expect(try PlistDecoder().decode([Float].self, from: [16_777_217]) == [16_777_216])
        // A finite real beyond Float's range does not fit (Foundation's binary decoder agrees).
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([Float].self, from: [1e300]) }
        #expect(try PlistDecoder().decode([Float].self, from: [.real(.infinity)]) == [.infinity])
        #expect(try PlistDecoder().decode([UInt64].self, from: [.integer(.max)]) == [.max])
    }

    @Test func encoderPaths() throws {
        struct Probe: Encodable {
            final class Box: @unchecked Sendable { var paths: [[String]] = [] }
            let box: Box
            func encode(to encoder: any Encoder) throws {
                box.paths.append(encoder.codingPath.map(\.stringValue))
                var container = encoder.unkeyedContainer()
                box.paths.append(container.codingPath.map(\.stringValue))
                if box.paths.count < 4 {
                    try container.encode(["k": self])
                }
            }
        }
        let box = Probe.Box()
        _ = try PlistEncoder().encodeToPlist(Probe(box: box))
        #expect(box.paths == [[], [], ["Index 0", "k"], ["Index 0", "k"]])
    }

    @Test func decoderPaths() throws {
        struct Probe: Decodable {
            static let paths = Mutex()
            final class Mutex: @unchecked Sendable { var paths: [[String]] = [] }
            init(from decoder: any Decoder) throws {
                Probe.paths.paths.append(decoder.codingPath.map(\.stringValue))
                var container = try decoder.unkeyedContainer()
                if !container.isAtEnd {
                    _ = try container.decode([String: Probe].self)
                }
            }
        }
        _ = try PlistDecoder().decode(Probe.self, from: ([["k": []]] as Plist).encoded(as: .binary))
        #expect(Probe.paths.paths == [[], ["Index 0", "k"]])
    }
}
