import Foundation

// Model types for the Codable tests: the same types go through Foundation's
// PropertyListEncoder/Decoder and PlistKit's PlistEncoder/Decoder.

/// Every scalar width.
struct CodableScalars: Codable, Equatable {
    var bool: Bool
    var string: String
    var double: Double
    var float: Float
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64

    static let sample = CodableScalars(
        bool: true, string: "héllo wörld 🌍", double: 3.141592653589793, float: 1.1,
        int: -42, int8: -8, int16: -16, int32: -32, int64: -64,
        uint: 42, uint8: 8, uint16: 16, uint32: 32, uint64: 64)

    static let minimums = CodableScalars(
        bool: false, string: "", double: -.greatestFiniteMagnitude, float: -.greatestFiniteMagnitude,
        int: .min, int8: .min, int16: .min, int32: .min, int64: .min,
        uint: .min, uint8: .min, uint16: .min, uint32: .min, uint64: .min)

    static let maximums = CodableScalars(
        bool: true, string: String(repeating: "x", count: 300), double: .infinity, float: .leastNonzeroMagnitude,
        int: .max, int8: .max, int16: .max, int32: .max, int64: .max,
        uint: .max, uint8: .max, uint16: .max, uint32: .max, uint64: .max)
}

/// The Foundation types whose encoding Foundation decides.
struct CodableFoundationTypes: Codable, Equatable {
    var date: Date
    var data: Data
    var emptyData: Data
    var url: URL
    var relativeURL: URL
    var fileURL: URL
    var uuid: UUID
    var decimal: Decimal

    static let sample = CodableFoundationTypes(
        date: Date(timeIntervalSinceReferenceDate: 123_456_789.25),
        data: Data((0..<200).map { UInt8($0) }),
        emptyData: Data(),
        url: URL(string: "https://example.com/a/b?c=d#e")!,
        relativeURL: URL(string: "b/c.txt", relativeTo: URL(string: "https://example.com/a/"))!,
        fileURL: URL(fileURLWithPath: "/tmp/some file.txt"),
        uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        decimal: Decimal(string: "12345.678")!)
}

/// Optionals in every position: plist has no null, so absent keys and `$null`.
struct CodableOptionals: Codable, Equatable {
    var present: Int?
    var absent: String?
    var absentDate: Date?
    var array: [Int?]
    var dictionary: [String: String?]
    var nestedPresent: CodableOptionals.Inner?
    var nestedAbsent: CodableOptionals.Inner?

    struct Inner: Codable, Equatable {
        var value: Double?
    }

    static let sample = CodableOptionals(
        present: 7, absent: nil, absentDate: nil, array: [1, nil, 3, nil],
        dictionary: ["some": "thing", "none": nil],
        nestedPresent: Inner(value: nil), nestedAbsent: nil)
}

/// Arrays, sets and dictionaries with String and Int keys.
struct CodableCollections: Codable, Equatable {
    var strings: [String]
    var nested: [[Int]]
    var empty: [Int]
    var stringKeys: [String: Double]
    var intKeys: [Int: String]
    var emptyDictionary: [String: Int]
    var set: Set<Int>
    var dates: [Date]
    var blobs: [Data]
    var large: [String: Int]

    static let sample = CodableCollections(
        strings: ["a", "b", "a", ""], nested: [[1, 2], [], [3]], empty: [],
        stringKeys: ["one": 1, "two": 2.5], intKeys: [1: "one", -2: "minus two", 300: "x"],
        emptyDictionary: [:], set: [5], dates: [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -1e9)],
        blobs: [Data([1, 2, 3]), Data()],
        large: Dictionary(uniqueKeysWithValues: (0..<100).map { ("key\($0)", $0) }))
}

/// Enums as Swift's synthesized Codable writes them.
enum CodableShape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(Double, Double)
    case point
    case labeled(_ name: String, sides: Int)
}

enum CodableRawEnum: String, Codable, Equatable {
    case first, second
}

indirect enum CodableTree: Codable, Equatable {
    case leaf(Int)
    case node([CodableTree])

    static let sample = CodableTree.node([.leaf(1), .node([.leaf(2), .node([])]), .leaf(3)])
}

/// Class inheritance through `superEncoder()` / `superDecoder()`.
class CodableAnimal: Codable, Equatable {
    var name: String
    var legs: Int

    init(name: String, legs: Int) {
        self.name = name
        self.legs = legs
    }

    static func == (lhs: CodableAnimal, rhs: CodableAnimal) -> Bool {
        lhs.isEqual(to: rhs)
    }

    func isEqual(to other: CodableAnimal) -> Bool {
        type(of: self) == type(of: other) && name == other.name && legs == other.legs
    }
}

final class CodableDog: CodableAnimal {
    var breed: String

    init(name: String, breed: String) {
        self.breed = breed
        super.init(name: name, legs: 4)
    }

    private enum CodingKeys: String, CodingKey {
        case breed
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: CodableAnimal) -> Bool {
        guard let other = other as? CodableDog else { return false }
        return breed == other.breed && super.isEqual(to: other)
    }
}

/// Hand-written containers: nested keyed and unkeyed containers, `superEncoder(forKey:)`,
/// `superEncoder()` in an unkeyed container, `encodeNil`, and a single-value wrapper.
struct CodableHandWritten: Codable, Equatable {
    var x: Int
    var y: Int
    var names: [String]
    var wrapped: CodableWrapper
    var extra: String

    private enum Keys: String, CodingKey {
        case position, names, wrapped, extra, nothing
    }

    private enum PositionKeys: String, CodingKey {
        case x, y
    }

    init(x: Int, y: Int, names: [String], wrapped: CodableWrapper, extra: String) {
        (self.x, self.y, self.names, self.wrapped, self.extra) = (x, y, names, wrapped, extra)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var position = container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
        try position.encode(x, forKey: .x)
        var list = container.nestedUnkeyedContainer(forKey: .names)
        for name in names { try list.encode(name) }
        try list.encodeNil()
        var tail = list.superEncoder().singleValueContainer()
        try tail.encode("tail")
        try position.encode(y, forKey: .y)
        try container.encode(wrapped, forKey: .wrapped)
        var extraContainer = container.superEncoder(forKey: .extra).singleValueContainer()
        try extraContainer.encode(extra)
        try container.encodeNil(forKey: .nothing)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let position = try container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
        x = try position.decode(Int.self, forKey: .x)
        y = try position.decode(Int.self, forKey: .y)
        var list = try container.nestedUnkeyedContainer(forKey: .names)
        var names: [String] = []
        while try !list.decodeNil() {
            names.append(try list.decode(String.self))
        }
        let tail = try list.superDecoder().singleValueContainer()
        guard try tail.decode(String.self) == "tail", list.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: list, debugDescription: "no tail")
        }
        self.names = names
        wrapped = try container.decode(CodableWrapper.self, forKey: .wrapped)
        extra = try container.superDecoder(forKey: .extra).singleValueContainer().decode(String.self)
        guard try container.decodeNil(forKey: .nothing), container.contains(.nothing) else {
            throw DecodingError.dataCorruptedError(forKey: .nothing, in: container, debugDescription: "not nil")
        }
    }

    static let sample = CodableHandWritten(x: 3, y: -4, names: ["p", "q"], wrapped: CodableWrapper(value: CodableShape.point), extra: "more")
}

/// A value stored through a single-value container.
struct CodableWrapper: Codable, Equatable {
    var value: CodableShape

    init(value: CodableShape) { self.value = value }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(CodableShape.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A record of the kind the benchmarks decode.
struct CodableRecord: Codable, Equatable {
    var id: Int
    var name: String
    var score: Double
    var active: Bool
    var tags: [String]
    var created: Date
    var note: String?

    static func make(_ index: Int) -> CodableRecord {
        CodableRecord(
            id: index, name: "record \(index)", score: Double(index) / 4, active: index % 3 == 0,
            tags: (0..<(index % 4)).map { "tag\($0)" },
            created: Date(timeIntervalSinceReferenceDate: Double(index) * 60),
            note: index % 2 == 0 ? nil : "note \(index)")
    }
}

/// Everything at once.
struct CodableEverything: Codable, Equatable {
    var scalars: CodableScalars
    var foundation: CodableFoundationTypes
    var optionals: CodableOptionals
    var collections: CodableCollections
    var shapes: [CodableShape]
    var raw: [CodableRawEnum]
    var tree: CodableTree
    var dog: CodableDog
    var animal: CodableAnimal
    var handWritten: CodableHandWritten
    var records: [CodableRecord]

    static var sample: CodableEverything {
        CodableEverything(
        scalars: .sample, foundation: .sample, optionals: .sample, collections: .sample,
        shapes: [.circle(radius: 2), .rectangle(3, 4), .point, .labeled("tri", sides: 3)],
        raw: [.first, .second], tree: .sample,
        dog: CodableDog(name: "Rex", breed: "collie"), animal: CodableAnimal(name: "Ant", legs: 6),
        handWritten: .sample, records: (0..<20).map(CodableRecord.make))
    }
}
