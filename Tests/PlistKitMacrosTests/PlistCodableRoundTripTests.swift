import Foundation
import PlistKitMacros
import Testing

/// `@PlistCodable` types through `PlistEncoder`/`PlistDecoder`: the macro's path writes the
/// bytes the `Codable` path writes, the tree Foundation's `PropertyListEncoder` writes, and
/// reads what Foundation writes.
@Suite struct PlistCodableRoundTripTests {
    /// Encodes through `Encodable` only: the overload the macro's path does not take.
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
            #expect(try PropertyListDecoder().decode(T.self, from: viaMacro) == value, "\(format): macro → Foundation", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: 0..<6) func nestedRecords(seed: Int) throws {
        try check(Record.sample(seed))
        try check([Record.sample(seed, depth: 0), .sample(seed + 1, depth: 0)])
        try check(["k": Record.sample(seed, depth: 0)])
    }

    @Test func everyEnumShape() throws {
        try check([Shape.circle(radius: 2), .point(1, nil), .point(1, 2), .labelled("x", tag: nil), .labelled("y", tag: 3), .group([.empty]), .empty])
        try check([Mood.happy, .sad])
    }

    @Test func finalClass() throws {
        try check(Owner(name: "n", since: 7))
    }

    @Test func renamedAndIgnoredKeys() throws {
        try check(Renamed(name: "x", cache: [7], count: 2))
        let plist = try Plist(decoding: PlistEncoder().encode(Renamed(name: "x", cache: [1, 2], count: 2)))
        #expect(plist == ["full name": "x", "count": 2])
        #expect(try PlistDecoder().decode(Renamed.self, from: PlistEncoder().encode(Renamed(name: "x", cache: [1], count: 2))).cache == [7])
    }

    @Test func declaredCodingKeys() throws {
        try check(Keyed(a: 1, b: "kept", c: 3))
        let plist = try Plist(decoding: PlistEncoder().encode(Keyed(a: 1, b: "other", c: 3)))
        #expect(plist == ["a": 1, "C": 3])
    }

    @Test func genericStructAndEnum() throws {
        try check(Page(items: ["a", "b"], next: 2))
        try check(Page(items: [Size(width: 1, height: 2)], next: nil))
        try check([Either<Int, String>.left(1), .right(value: "r"), .right(value: nil)])
    }

    @Test func missingKeysTakeInitialValues() throws {
        let data = try Plist.dictionary(["name": "only"]).encoded(as: .binary)
        let decoded = try PlistDecoder().decode(Preferences.self, from: data)
        #expect(decoded == Preferences(sync: nil, name: "only"))
        // An optional's absent key is nil, whatever its initial value: nil is written absent.
        #expect(decoded.window == Size(width: 640, height: 480) && decoded.sync == nil)
        // Codable cannot: the key is required there.
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(Preferences.self, from: data) }

        let some = try Plist.dictionary(["name": "n", "fontSize": 9.5, "window": ["width": 1, "height": 2]]).encoded(as: .xml)
        let partial = try PlistDecoder().decode(Preferences.self, from: some)
        #expect(partial.fontSize == 9.5 && partial.window == Size(width: 1, height: 2) && partial.theme == "light")
        try check(Preferences(theme: "dark", fontSize: 11, recent: ["a"], window: Size(width: 3, height: 4), sync: nil, name: "full"))
    }

    @Test func missingRequiredKeyIsKeyNotFound() throws {
        let data = try Plist.dictionary(["theme": "dark"]).encoded(as: .binary)
        #expect {
            try PlistDecoder().decode(Preferences.self, from: data)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "name"
        }
    }

    @Test func wrongTypeIsTypeMismatch() throws {
        let data = try Plist.dictionary(["width": "wide", "height": 2]).encoded(as: .binary)
        #expect {
            try PlistDecoder().decode(Size.self, from: data)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["width"]
        }
    }
}
