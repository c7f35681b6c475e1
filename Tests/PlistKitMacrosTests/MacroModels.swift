import Foundation
import PlistKitMacros

// The models the end-to-end tests code: every shape `@PlistCodable` supports, each also
// `Codable` so that Foundation's coders (which know nothing of the macro) are the oracle.

@PlistCodable
struct Record: Codable, Equatable {
    var id: Int
    var name: String
    var score: Double
    var ratio: Float
    var active: Bool
    var small: Int8
    var wide: UInt64
    var tags: [String]
    var note: String?
    var missing: String?
    var created: Date
    var blob: Data
    var link: URL
    var uuid: UUID
    var counts: [String: Int]
    var byIndex: [Int: String]
    var mood: Mood
    var shape: Shape
    var owner: Owner?
    var children: [Record]
}

@PlistCodable
enum Mood: String, Codable, Equatable {
    case happy, sad
}

@PlistCodable
indirect enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case point(Double, Double?)
    case labelled(String, tag: Int?)
    case group([Shape])
    case empty
}

@PlistCodable
final class Owner: Codable, Equatable {
    var name: String
    var since: Int = 2001

    init(name: String, since: Int) {
        self.name = name
        self.since = since
    }

    static func == (a: Owner, b: Owner) -> Bool { a.name == b.name && a.since == b.since }
}

/// Keys renamed and a property left out, with no `CodingKeys` written: the macro writes
/// one, so `Codable` uses the same keys.
@PlistCodable
struct Renamed: Codable, Equatable {
    @PlistKey("full name") var name: String
    @PlistIgnored var cache: [Int] = [7]
    var count: Int
}

/// Keys from a declared `CodingKeys`, one property left out of them.
@PlistCodable
struct Keyed: Codable, Equatable {
    var a: Int
    var b = "kept"
    var c: Int
    enum CodingKeys: String, CodingKey {
        case c = "C"
        case a
    }
}

/// Initial values taken for missing keys.
@PlistCodable
struct Preferences: Codable, Equatable {
    var theme = "light"
    var fontSize: Double = 13
    var recent: [String] = []
    var window: Size = Size(width: 640, height: 480)
    var sync: Bool? = true
    var name: String
}

@PlistCodable
struct Size: Codable, Equatable {
    var width: Int
    var height: Int
}

/// A generic struct conforms where its parameter does.
@PlistCodable
struct Page<Item: Equatable>: Equatable {
    var items: [Item]
    var next: Int?
}

extension Page: Codable where Item: Codable {}

extension Record {
    static func sample(_ seed: Int, depth: Int = 1) -> Record {
        Record(
            id: seed, name: "record \(seed) ✓", score: Double(seed) / 8, ratio: 0.25, active: seed % 2 == 0,
            small: Int8(truncatingIfNeeded: -seed), wide: UInt64.max - UInt64(seed), tags: ["a", "b\(seed)"],
            note: seed % 3 == 0 ? nil : "note", missing: nil,
            created: Date(timeIntervalSinceReferenceDate: Double(700_000_000 + seed)),
            blob: Data((0..<UInt8(seed % 20)).map { $0 }),
            link: URL(string: "https://example.com/\(seed)")!,
            uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5\(seed % 10)")!,
            counts: ["x": seed, "y": -seed], byIndex: [seed: "s", -1: "minus"],
            mood: seed % 2 == 0 ? .happy : .sad,
            shape: [Shape.circle(radius: 1.5), .point(1, nil), .labelled("l", tag: seed), .group([.empty, .point(2, 3)]), .empty][seed % 5],
            owner: seed % 2 == 0 ? Owner(name: "o\(seed)", since: 1999 + seed) : nil,
            children: depth > 0 ? [sample(seed + 1, depth: depth - 1), sample(seed + 2, depth: depth - 1)] : []
        )
    }
}

/// A generic enum: its tables are computed (a generic type has no static stored properties).
@PlistCodable
enum Either<L: Equatable, R: Equatable>: Equatable {
    case left(L)
    case right(value: R?)
}

extension Either: Codable where L: Codable, R: Codable {}
