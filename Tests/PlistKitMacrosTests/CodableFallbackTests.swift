import Foundation
import PlistKitMacros
import Testing

/// Types that are only `Codable`, inside `@PlistCodable` ones, and final subclasses: the
/// macro's path writes the `Codable` path's bytes and Foundation's tree, and reads back.
@Suite struct CodableFallbackTests {
    private func encodeViaCodable<T: Encodable>(_ value: T, _ format: PlistFormat) throws -> Data {
        let encoder = PlistEncoder()
        encoder.outputFormat = format
        return try encoder.encode(value)
    }

    private func check<T: PlistDecodable & PlistEncodable & Codable & Equatable>(
        _ value: T, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            let viaMacro = try encoder.encode(value)
            #expect(viaMacro == (try encodeViaCodable(value, format)), "\(format): bytes differ from Codable's", sourceLocation: sourceLocation)
            #expect(try PlistDecoder().decode(T.self, from: viaMacro) == value, "\(format): macro → macro", sourceLocation: sourceLocation)
            let foundation = PropertyListEncoder()
            foundation.outputFormat = format == .xml ? .xml : .binary
            let theirs = try foundation.encode(value)
            #expect(try Plist(decoding: viaMacro) == Plist(decoding: theirs), "\(format): tree differs from Foundation's", sourceLocation: sourceLocation)
            #expect(try PlistDecoder().decode(T.self, from: theirs) == value, "\(format): Foundation → macro", sourceLocation: sourceLocation)
        }
    }

    private static let place = Place(
        name: "harbour", tag: LegacyTag(code: "h", level: 2), at: Coordinates(latitude: 51.5, longitude: -0.1),
        previous: Coordinates(latitude: 1, longitude: 2), missing: nil,
        route: [Coordinates(latitude: 3, longitude: 4), Coordinates(latitude: 5, longitude: 6)],
        tagsByName: ["a": LegacyTag(code: "a", level: 1)], history: [2: [LegacyTag(code: "x", level: 9)], -1: []],
        fallback: LegacyTag(code: "f", level: 3)
    )

    @Test func codableOnlyPropertiesOptionalsArraysAndDictionaries() throws {
        try check(Self.place)
        // The hand-written Codable shape is kept: an array, not a dictionary.
        let plist = try Plist(decoding: PlistEncoder().encode(Self.place))
        #expect(plist["at"] == [51.5, -0.1])
        #expect(plist["missing"] == nil)
        // In the macro's containers too.
        try check([Self.place, Self.place])
        try check(["p": Self.place])
        try check(Optional(Self.place))
    }

    @Test func codableOnlyTypeWithAnInitialValueForAMissingKey() throws {
        let plist = try Plist(decoding: PlistEncoder().encode(Self.place)).removing(atKeyPath: "fallback")
        let decoded = try PlistDecoder().decode(Place.self, from: plist.encoded(as: .binary))
        #expect(decoded.fallback == LegacyTag(code: "none", level: 0))
        #expect(decoded.route == Self.place.route)
    }

    @Test func codableOnlyTypesInEnumPayloads() throws {
        try check([
            Trip.stay(Coordinates(latitude: 1, longitude: 2)),
            .move(from: Coordinates(latitude: 0, longitude: 0), to: nil, tags: [LegacyTag(code: "t", level: 1)]),
            .move(from: Coordinates(latitude: 0, longitude: 0), to: Coordinates(latitude: 7, longitude: 8), tags: []),
            .tagged(nil), .tagged(LegacyTag(code: "c", level: 5)),
        ])
    }

    @Test func codableOnlyValueOfTheWrongShapeIsTypeMismatchAtItsPath() throws {
        let plist = try Plist(decoding: PlistEncoder().encode(Self.place))
            .setting(["latitude": 1, "longitude": 2], atKeyPath: "at", mode: .replace)
        let data = try plist.encoded(as: .xml)
        var macroError: DecodingError?
        var codableError: DecodingError?
        do { _ = try PlistDecoder().decode(Place.self, from: data) } catch { macroError = error as? DecodingError }
        do { _ = try PropertyListDecoder().decode(Place.self, from: data) } catch { codableError = error as? DecodingError }
        guard case .typeMismatch(_, let context)? = macroError, case .typeMismatch(_, let theirs)? = codableError else {
            Issue.record("expected typeMismatch from both, got \(String(describing: macroError)) and \(String(describing: codableError))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["at"])
        #expect(context.codingPath.map(\.stringValue) == theirs.codingPath.map(\.stringValue))
    }

    @Test func finalSubclassCodesItsOwnPropertiesAsCodableDoes() throws {
        let dog = Dog(name: "rex", age: 3, collar: LegacyTag(code: "red", level: 1))
        try check(dog)
        try check([dog, Dog(name: "fido", age: 1, collar: nil)])
        dog.legs = 3
        let decoded = try PlistDecoder().decode(Dog.self, from: PlistEncoder().encode(dog))
        #expect(decoded.legs == 4, "the superclass's property is not coded; its init() sets it")
        #expect(try Plist(decoding: PlistEncoder().encode(dog)) == ["name": "rex", "age": 3, "collar": ["code": "red", "level": 1]])
    }

    @Test func finalSubclassOfNSObject() throws {
        let mark = Bookmark(title: "home", place: Self.place)
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            let data = try encoder.encode(mark)
            #expect(data == (try encodeViaCodable(mark, format)))
            #expect(try PlistDecoder().decode(Bookmark.self, from: data).isEqual(mark))
            #expect(try PropertyListDecoder().decode(Bookmark.self, from: data).isEqual(mark))
        }
    }
}
