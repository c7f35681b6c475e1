import Foundation
import Testing
@testable import PlistKit

/// `PlistEncoder` finishes a nested value as soon as its `encode(to:)` returns and shares key
/// arrays between dictionaries with the same keys. These types use the container API in the
/// ways that could break that: containers written to after their siblings, keys written
/// twice, super encoders filled in later, key sets that change from one record to the next.
/// Foundation's `PropertyListEncoder` is the oracle (its XML, which always sorts keys, byte
/// for byte).
@Suite struct CodableEncoderStagingTests {
    /// Writes a nested container, then a sibling, then the nested container again.
    struct Interleaved: Encodable {
        var id: Int
        enum Keys: String, CodingKey { case id, inner, after, again }
        enum InnerKeys: String, CodingKey { case a, b }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            try inner.encode(id, forKey: .a)
            try container.encode("sibling \(id)", forKey: .after)
            var list = container.nestedUnkeyedContainer(forKey: .again)
            try inner.encode(id * 2, forKey: .b)
            try list.encode(id)
            try container.encode(id, forKey: .id)
            try list.encode(id + 1)
            // The same key again replaces the value in place.
            try container.encode(id + 100, forKey: .id)
        }
    }

    /// A base class's fields through `superEncoder()`, written after the subclass's own.
    class Base: Encodable {
        var base: Int
        init(base: Int) { self.base = base }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(base, forKey: .base)
        }
        enum Keys: String, CodingKey { case base }
    }

    final class Derived: Base {
        var name: String
        init(base: Int, name: String) {
            self.name = name
            super.init(base: base)
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            let parent = container.superEncoder()
            try container.encode(name, forKey: .name)
            try container.encode(Record(name: name, note: nil), forKey: .record)
            try super.encode(to: parent)
        }
        enum Keys: String, CodingKey { case name, record }
    }

    /// Records whose key sets change: absent optionals are skipped.
    struct Record: Codable {
        var name: String
        var note: String?
    }

    /// One `CodingKey` type written in orders that differ from one value to the next: a
    /// dictionary follows the keys of the last one of its type only while each key comes
    /// later in that order; anything else (an earlier key, a key written again, a new key)
    /// must still give each key once, in the order first written.
    struct Shuffled: Encodable {
        var id: Int
        enum Keys: String, CodingKey { case a, b, c, d }

        var written: [Keys] {
            switch id % 4 {
            case 0: [.a, .b, .c]
            case 1: [.c, .a, .b]          // starts past the previous order's first key
            case 2: [.a, .c, .a, .d, .b]  // a key again, a key the template lacks
            default: [.b, .d]             // a subsequence of the previous order
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            for (position, key) in written.enumerated() {
                try container.encode(id * 10 + position, forKey: key)
            }
        }

        /// Each key once, where first written, with the value written last.
        var expected: [(String, Int)] {
            var order: [Keys] = []
            var values: [Keys: Int] = [:]
            for (position, key) in written.enumerated() {
                if values[key] == nil { order.append(key) }
                values[key] = id * 10 + position
            }
            return order.map { ($0.rawValue, values[$0]!) }
        }
    }

    @Test func keyOrdersThatChangeBetweenValuesOfOneType() throws {
        let values = (0..<12).map { Shuffled(id: $0) }
        try expectSameAsFoundation(values)
        let encoded = try PlistEncoder().encodeToPlist(values)
        for (value, element) in zip(values, encoded.array ?? []) {
            let entries = element.dictionary.map { Array($0) } ?? []
            #expect(entries.map(\.key.string) == value.expected.map(\.0))
            #expect(entries.map { $0.value.integer?.intValue } == value.expected.map(\.1))
        }
        #expect(encoded.array?.count == values.count)
    }

    private func expectSameAsFoundation<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = PlistEncoder()
        ours.outputFormat = .xml
        ours.outputFormatting = .sortedKeys
        let theirs = PropertyListEncoder()
        theirs.outputFormat = .xml
        let expected = try theirs.encode(value)
        #expect(try ours.encode(value) == expected, sourceLocation: sourceLocation)
        // Unsorted and binary: the same value, in the order written.
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            #expect(try Plist(decoding: encoder.encode(value)) == Plist(decoding: expected), sourceLocation: sourceLocation)
        }
    }

    @Test func containersWrittenAfterTheirSiblings() throws {
        try expectSameAsFoundation((0..<5).map { Interleaved(id: $0) })
    }

    @Test func superEncoderFilledInLater() throws {
        try expectSameAsFoundation([Derived(base: 1, name: "a"), Derived(base: 2, name: "b")])
    }

    @Test func keySetsThatChangeBetweenRecords() throws {
        let records = (0..<20).map { Record(name: "r\($0)", note: $0 % 3 == 0 ? nil : "n\($0)") }
        try expectSameAsFoundation(records)
        try expectSameAsFoundation(["x": records, "y": Array(records.reversed())])
    }

    @Test func keyOrderIsTheOrderWrittenWithoutSorting() throws {
        let value = try PlistEncoder().encodeToPlist([Interleaved(id: 1), Interleaved(id: 2)])
        for element in value.array ?? [] {
            #expect(element.dictionary?.keys.map(\.string) == ["inner", "after", "again", "id"])
            #expect(element["id"]?.integer?.intValue == element["inner"]?["a"]?.integer?.intValue.map { $0 + 100 })
        }
    }

    /// A type with optionals, present in every combination: each combination is a key layout
    /// of the type's template, whose key array all dictionaries with that layout share.
    struct Sparse: Codable, Equatable {
        var id: Int
        var a: String?
        var b: Int?
        var c: Bool?

        init(id: Int) {
            self.id = id
            a = id & 1 != 0 ? "a\(id)" : nil
            b = id & 2 != 0 ? id : nil
            c = id & 4 != 0 ? true : nil
        }
    }

    /// The address of a dictionary's key storage.
    private func keyStorage(_ value: Plist) -> UnsafeRawPointer? {
        value.dictionary?.keys.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func dictionariesWithTheSameAbsentOptionalsShareTheirKeys() throws {
        // The first value has every key, so the template is complete from the start.
        let values = [Sparse(id: 7)] + (0..<24).map { Sparse(id: $0) }
        try expectSameAsFoundation(values)
        for sorted in [false, true] {
            let encoder = PlistEncoder()
            if sorted { encoder.outputFormatting = .sortedKeys }
            let elements = try encoder.encodeToPlist(values).array ?? []
            #expect(elements.count == values.count)
            var storage: [Int: UnsafeRawPointer] = [:]
            for (value, element) in zip(values, elements) {
                var expected = ["id", "a", "b", "c"].filter { key in
                    switch key {
                    case "a": value.a != nil
                    case "b": value.b != nil
                    case "c": value.c != nil
                    default: true
                    }
                }
                if sorted { expected.sort() }
                #expect(element.dictionary?.keys.map(\.string) == expected)
                #expect(element["id"]?.integer?.intValue == value.id)
                let layout = value.id & 7
                if let first = storage[layout] {
                    #expect(keyStorage(element) == first)
                } else {
                    storage[layout] = keyStorage(element)
                }
            }
            #expect(try PlistDecoder().decode([Sparse].self, from: encoder.encode(values)) == values)
        }
    }

    /// More than 64 keys: layouts are not kept (one bit per key), and every key set is still right.
    struct Wide: Encodable {
        var present: Set<Int>
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for index in 0..<70 where present.contains(index) {
                try container.encode(index, forKey: Key(stringValue: "k\(index)"))
            }
        }
    }

    @Test func wideTypesWithAbsentKeys() throws {
        let values = [Wide(present: Set(0..<70)), Wide(present: [1, 65, 69]), Wide(present: [0, 64]),
                      Wide(present: [1, 65, 69]), Wide(present: Set(0..<70).subtracting([3, 66]))]
        try expectSameAsFoundation(values)
        let elements = try PlistEncoder().encodeToPlist(values).array ?? []
        for (value, element) in zip(values, elements) {
            #expect(element.dictionary?.keys.map(\.string) == value.present.sorted().map { "k\($0)" })
        }
    }
}
