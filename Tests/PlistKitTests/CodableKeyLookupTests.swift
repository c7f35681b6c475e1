import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// `PlistDecoder` on binary input finds keys by the key object they were last found in, and
/// skips re-checking dictionaries whose key references repeat the previous one's. These
/// files are written so that those shortcuts would give wrong answers if they trusted too
/// much: equal key text in different objects, keys in another order, a repeated key.
@Suite struct CodableKeyLookupTests {
    struct Person: Codable, Equatable {
        var name: String
        var age: Int
    }

    struct Named: Codable, Equatable {
        var name: String
    }

    private static func ascii(_ text: String) -> [UInt8] {
        [0x50 | UInt8(text.utf8.count)] + Array(text.utf8)
    }

    /// `[{name: Ada, age: 36}, {age: 40, name: Bob}, {name: Cy, age: 7}]`, where the second
    /// dictionary has key objects of its own with the same text, and the third shares the
    /// first one's key references.
    static let people = BinaryBuilder([
        [0xA3, 1, 2, 3],
        [0xD2, 4, 5, 6, 7],
        [0xD2, 8, 9, 10, 11],
        [0xD2, 4, 5, 12, 13],
        ascii("name"), ascii("age"), ascii("Ada"), [0x10, 36],
        ascii("age"), ascii("name"), [0x10, 40], ascii("Bob"),
        ascii("Cy"), [0x10, 7],
    ]).bytes

    /// `[{name: Ada, name: Bob}, {name: Cy}]`: a repeated key (in two objects), then the key
    /// object found last on its own.
    static let repeated = BinaryBuilder([
        [0xA2, 1, 2],
        [0xD2, 3, 4, 5, 6],
        [0xD1, 4, 7],
        ascii("name"), ascii("name"), ascii("Ada"), ascii("Bob"), ascii("Cy"),
    ]).bytes

    @Test func keysInOtherObjectsAndOrders() throws {
        let expected = [Person(name: "Ada", age: 36), Person(name: "Bob", age: 40), Person(name: "Cy", age: 7)]
        #expect(try PlistDecoder().decode([Person].self, from: Data(Self.people)) == expected)
        #expect(try PropertyListDecoder().decode([Person].self, from: Data(Self.people)) == expected)
    }

    @Test func repeatedKeyGivesTheLastValue() throws {
        let ours = try PlistDecoder().decode([Named].self, from: Data(Self.repeated))
        #expect(ours == [Named(name: "Bob"), Named(name: "Cy")])
        // The last value, as `Plist(decoding:)` and plistlib give it. (Foundation's binary
        // decoder gives the first when the repeated key text sits in two objects.)
        #expect(try Plist(decoding: Self.repeated)[0]?["name"] == "Bob")
    }

    @Test func aKeyMissingFromALaterDictionary() throws {
        // {name, age} then {name} alone: the second lookup of "age" must not find the first
        // dictionary's key object.
        let bytes = BinaryBuilder([
            [0xA2, 1, 2],
            [0xD2, 3, 4, 5, 6],
            [0xD1, 3, 7],
            Self.ascii("name"), Self.ascii("age"), Self.ascii("Ada"), [0x10, 36], Self.ascii("Bob"),
        ]).bytes
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([Person].self, from: Data(bytes)) }
        struct MaybeAged: Codable, Equatable { var name: String; var age: Int? }
        #expect(try PlistDecoder().decode([MaybeAged].self, from: Data(bytes)) == [MaybeAged(name: "Ada", age: 36), MaybeAged(name: "Bob", age: nil)])
    }
}
