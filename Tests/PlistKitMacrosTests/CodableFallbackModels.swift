import Foundation
import PlistKitMacros

// `@PlistCodable` types holding types that are only `Codable` (no macro, no `PlistDecodable`):
// the macro writes `decode`/`encode` for every property, and the field coders' `Decodable`
// overloads take Codable's path for these.

/// Codable only, synthesized.
struct LegacyTag: Codable, Equatable {
    var code: String
    var level: Int
}

/// Codable only, written by hand in a shape the macro could not guess: an array `[lat, lon]`.
struct Coordinates: Codable, Equatable {
    var latitude: Double
    var longitude: Double

    init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        latitude = try container.decode(Double.self)
        longitude = try container.decode(Double.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(latitude)
        try container.encode(longitude)
    }
}

/// Codable-only types as properties, optionals, array elements and dictionary values, and
/// with an initial value for a missing key.
@PlistCodable
struct Place: Codable, Equatable {
    var name: String
    var tag: LegacyTag
    var at: Coordinates
    var previous: Coordinates?
    var missing: LegacyTag?
    var route: [Coordinates]
    var tagsByName: [String: LegacyTag]
    var history: [Int: [LegacyTag]]
    var fallback: LegacyTag = LegacyTag(code: "none", level: 0)
}

/// Codable-only types in enum payloads.
@PlistCodable
enum Trip: Codable, Equatable {
    case stay(Coordinates)
    case move(from: Coordinates, to: Coordinates?, tags: [LegacyTag])
    case tagged(LegacyTag?)
}

/// A plain class, neither Codable nor `@PlistCodable`, with an `init()`.
class Animal {
    var legs = 4
    init() {}
}

/// A final subclass: like Swift's synthesized `Codable`, the macro codes the class's own
/// stored properties and leaves the superclass's to its `init()`.
@PlistCodable
final class Dog: Animal, Codable, Equatable {
    var name: String
    var age = 1
    var collar: LegacyTag?

    init(name: String, age: Int, collar: LegacyTag?) {
        self.name = name
        self.age = age
        self.collar = collar
        super.init()
    }

    static func == (a: Dog, b: Dog) -> Bool { a.name == b.name && a.age == b.age && a.collar == b.collar && a.legs == b.legs }
}

/// A final subclass of `NSObject`.
@PlistCodable
final class Bookmark: NSObject, Codable {
    var title: String
    var place: Place?

    init(title: String, place: Place?) {
        self.title = title
        self.place = place
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Bookmark else { return false }
        return title == other.title && place == other.place
    }
}
