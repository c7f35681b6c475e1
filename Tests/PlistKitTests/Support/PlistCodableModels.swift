import Foundation
import PlistKit
import TestSupport

// Models that are both `Codable` (synthesized) and `PlistDecodable`/`PlistEncodable`, with
// the conformances written by hand exactly as `@PlistCodable` generates them
// (/work/coord/plistcodable-api.md): the Codable conformance is the oracle.

/// Every scalar kind, at every integer and float width.
struct ModelScalars: Codable, Equatable {
    var flag: Bool
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
    var float: Float
    var double: Double
    var text: String
    var date: Date
    var data: Data
    var url: URL
    var uuid: UUID
}

extension ModelScalars: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["flag", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float", "double", "text", "date", "data", "url", "uuid"])

    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        let _0 = try fields.decode(Bool.self, field: 0)
        let _1 = try fields.decode(Int.self, field: 1)
        let _2 = try fields.decode(Int8.self, field: 2)
        let _3 = try fields.decode(Int16.self, field: 3)
        let _4 = try fields.decode(Int32.self, field: 4)
        let _5 = try fields.decode(Int64.self, field: 5)
        let _6 = try fields.decode(UInt.self, field: 6)
        let _7 = try fields.decode(UInt8.self, field: 7)
        let _8 = try fields.decode(UInt16.self, field: 8)
        let _9 = try fields.decode(UInt32.self, field: 9)
        let _10 = try fields.decode(UInt64.self, field: 10)
        let _11 = try fields.decode(Float.self, field: 11)
        let _12 = try fields.decode(Double.self, field: 12)
        let _13 = try fields.decode(String.self, field: 13)
        let _14 = try fields.decode(Date.self, field: 14)
        let _15 = try fields.decode(Data.self, field: 15)
        let _16 = try fields.decode(URL.self, field: 16)
        let _17 = try fields.decode(UUID.self, field: 17)
        self.flag = _0
        self.int = _1
        self.int8 = _2
        self.int16 = _3
        self.int32 = _4
        self.int64 = _5
        self.uint = _6
        self.uint8 = _7
        self.uint16 = _8
        self.uint32 = _9
        self.uint64 = _10
        self.float = _11
        self.double = _12
        self.text = _13
        self.date = _14
        self.data = _15
        self.url = _16
        self.uuid = _17
    }

    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(flag, field: 0)
        try fields.encode(int, field: 1)
        try fields.encode(int8, field: 2)
        try fields.encode(int16, field: 3)
        try fields.encode(int32, field: 4)
        try fields.encode(int64, field: 5)
        try fields.encode(uint, field: 6)
        try fields.encode(uint8, field: 7)
        try fields.encode(uint16, field: 8)
        try fields.encode(uint32, field: 9)
        try fields.encode(uint64, field: 10)
        try fields.encode(float, field: 11)
        try fields.encode(double, field: 12)
        try fields.encode(text, field: 13)
        try fields.encode(date, field: 14)
        try fields.encode(data, field: 15)
        try fields.encode(url, field: 16)
        try fields.encode(uuid, field: 17)
        encoder.end(fields)
    }
}

enum ModelMood: String, Codable, CaseIterable {
    case calm, eager, grumpy
}

extension ModelMood: PlistDecodable, PlistEncodable {}

enum ModelPriority: Int, Codable, CaseIterable {
    case low = 1, high = 9
}

extension ModelPriority: PlistDecodable, PlistEncodable {}

/// Associated values: labeled, unlabeled, none.
enum ModelShape: Codable, Equatable {
    case circle(radius: Double)
    case point(Double, Double)
    case empty
    case labeled(String, sides: Int)
}

extension ModelShape: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["circle", "point", "empty", "labeled"])
    static let plistFieldsCircle = PlistFields(["radius"])
    static let plistFieldsPoint = PlistFields(["_0", "_1"])
    static let plistFieldsLabeled = PlistFields(["_0", "sides"])

    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        switch try fields.decodeCaseField(of: Self.self) {
        case 0:
            var payload = try fields.decodeNestedFields(Self.plistFieldsCircle, field: 0)
            self = .circle(radius: try payload.decode(Double.self, field: 0))
        case 1:
            var payload = try fields.decodeNestedFields(Self.plistFieldsPoint, field: 1)
            self = .point(try payload.decode(Double.self, field: 0), try payload.decode(Double.self, field: 1))
        case 2:
            _ = try fields.decodeNestedFields(PlistFields.none, field: 2)
            self = .empty
        default:
            var payload = try fields.decodeNestedFields(Self.plistFieldsLabeled, field: 3)
            self = .labeled(try payload.decode(String.self, field: 0), sides: try payload.decode(Int.self, field: 1))
        }
    }

    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        switch self {
        case .circle(let radius):
            var payload = fields.encodeNestedFields(Self.plistFieldsCircle, field: 0)
            try payload.encode(radius, field: 0)
            fields.end(payload, field: 0)
        case .point(let v0, let v1):
            var payload = fields.encodeNestedFields(Self.plistFieldsPoint, field: 1)
            try payload.encode(v0, field: 0)
            try payload.encode(v1, field: 1)
            fields.end(payload, field: 1)
        case .empty:
            let payload = fields.encodeNestedFields(PlistFields.none, field: 2)
            fields.end(payload, field: 2)
        case .labeled(let v0, let sides):
            var payload = fields.encodeNestedFields(Self.plistFieldsLabeled, field: 3)
            try payload.encode(v0, field: 0)
            try payload.encode(sides, field: 1)
            fields.end(payload, field: 3)
        }
        encoder.end(fields)
    }
}

/// A leaf nested in the containers below.
struct ModelLeaf: Codable, Equatable, Hashable {
    var name: String
    var weight: Double?
}

extension ModelLeaf: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["name", "weight"])

    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        let _0 = try fields.decode(String.self, field: 0)
        let _1 = try fields.decodeIfPresent(Double.self, field: 1)
        self.name = _0
        self.weight = _1
    }

    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(name, field: 0)
        try fields.encodeIfPresent(weight, field: 1)
        encoder.end(fields)
    }
}

/// A type with only `Codable`, nested through the adaptor.
struct ModelCodableOnly: Codable, Equatable {
    var note: String
    var count: Int
}

/// Optionals, collections, enums and nesting.
struct ModelContainers: Codable, Equatable {
    var maybeInt: Int?
    var maybeLeaf: ModelLeaf?
    var numbers: [Int]
    var tags: Set<String>
    var byName: [String: Double]
    var byNumber: [Int: String]
    var leaves: [ModelLeaf]
    var holes: [String?]
    var mood: ModelMood
    var priority: ModelPriority?
    var shapes: [ModelShape]
    var matrix: [[UInt8]]
    var legacy: ModelCodableOnly
    var legacyMaybe: ModelCodableOnly?
}

extension ModelContainers: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["maybeInt", "maybeLeaf", "numbers", "tags", "byName", "byNumber", "leaves", "holes", "mood", "priority", "shapes", "matrix", "legacy", "legacyMaybe"])

    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        let _0 = try fields.decodeIfPresent(Int.self, field: 0)
        let _1 = try fields.decodeIfPresent(ModelLeaf.self, field: 1)
        let _2 = try fields.decode([Int].self, field: 2)
        let _3 = try fields.decode(Set<String>.self, field: 3)
        let _4 = try fields.decode([String: Double].self, field: 4)
        let _5 = try fields.decode([Int: String].self, field: 5)
        let _6 = try fields.decode([ModelLeaf].self, field: 6)
        let _7 = try fields.decode([String?].self, field: 7)
        let _8 = try fields.decode(ModelMood.self, field: 8)
        let _9 = try fields.decodeIfPresent(ModelPriority.self, field: 9)
        let _10 = try fields.decode([ModelShape].self, field: 10)
        let _11 = try fields.decode([[UInt8]].self, field: 11)
        self.maybeInt = _0
        self.maybeLeaf = _1
        self.numbers = _2
        self.tags = _3
        self.byName = _4
        self.byNumber = _5
        self.leaves = _6
        self.holes = _7
        self.mood = _8
        self.priority = _9
        self.shapes = _10
        self.matrix = _11
        self.legacy = try fields.decodeDecodable(ModelCodableOnly.self, field: 12)
        self.legacyMaybe = try fields.decodeDecodableIfPresent(ModelCodableOnly.self, field: 13)
    }

    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encodeIfPresent(maybeInt, field: 0)
        try fields.encodeIfPresent(maybeLeaf, field: 1)
        try fields.encode(numbers, field: 2)
        try fields.encode(tags, field: 3)
        try fields.encode(byName, field: 4)
        try fields.encode(byNumber, field: 5)
        try fields.encode(leaves, field: 6)
        try fields.encode(holes, field: 7)
        try fields.encode(mood, field: 8)
        try fields.encodeIfPresent(priority, field: 9)
        try fields.encode(shapes, field: 10)
        try fields.encode(matrix, field: 11)
        try fields.encodeEncodable(legacy, field: 12)
        try fields.encodeEncodableIfPresent(legacyMaybe, field: 13)
        encoder.end(fields)
    }
}

/// A final class, recursive.
final class ModelNode: Codable, Equatable, PlistDecodable, PlistEncodable {
    let label: String
    var children: [ModelNode]

    init(label: String, children: [ModelNode]) {
        self.label = label
        self.children = children
    }

    static func == (lhs: ModelNode, rhs: ModelNode) -> Bool {
        lhs.label == rhs.label && lhs.children == rhs.children
    }

    static let plistFields = PlistFields(["label", "children"])

    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        let _0 = try fields.decode(String.self, field: 0)
        let _1 = try fields.decode([ModelNode].self, field: 1)
        self.label = _0
        self.children = _1
    }

    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(label, field: 0)
        try fields.encode(children, field: 1)
        encoder.end(fields)
    }
}

/// The document the differential tests generate.
struct ModelDocument: Codable, Equatable {
    var scalars: [ModelScalars]
    var containers: [ModelContainers]
    var tree: ModelNode
}

extension ModelDocument: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["scalars", "containers", "tree"])

    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        let _0 = try fields.decode([ModelScalars].self, field: 0)
        let _1 = try fields.decode([ModelContainers].self, field: 1)
        let _2 = try fields.decode(ModelNode.self, field: 2)
        self.scalars = _0
        self.containers = _1
        self.tree = _2
    }

    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(scalars, field: 0)
        try fields.encode(containers, field: 1)
        try fields.encode(tree, field: 2)
        encoder.end(fields)
    }
}

/// Seeded values of the models above.
struct ModelGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int<T: FixedWidthInteger>(_ type: T.Type) -> T {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: T.min
        case 1: T.max
        case 2: 0
        default: T.random(in: T.min...T.max, using: &random)
        }
    }

    mutating func text() -> String {
        let pieces = ["a", "key", "é", "e\u{301}", "日本", "🙂", "$null ", " ", "<&>", "\t", "long text that is more than fifteen bytes"]
        return (0..<Int.random(in: 0..<4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    mutating func bool() -> Bool { Bool.random(using: &random) }

    mutating func maybe<T>(_ make: (inout Self) -> T) -> T? { bool() ? make(&self) : nil }

    mutating func scalars() -> ModelScalars {
        ModelScalars(
            flag: bool(), int: int(Int.self), int8: int(Int8.self), int16: int(Int16.self), int32: int(Int32.self),
            int64: int(Int64.self), uint: int(UInt.self), uint8: int(UInt8.self), uint16: int(UInt16.self),
            uint32: int(UInt32.self), uint64: int(UInt64.self),
            float: [Float(0.1), -0.0, .greatestFiniteMagnitude, 3][Int.random(in: 0..<4, using: &random)],
            double: [0.1, -1e300, .pi, 2][Int.random(in: 0..<4, using: &random)],
            text: text(),
            date: Date(timeIntervalSinceReferenceDate: Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &random))),
            data: Data((0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }),
            url: bool() ? URL(string: "https://example.com/\(Int.random(in: 0..<99, using: &random))")! : URL(string: "sub/page", relativeTo: URL(string: "https://example.org/base/"))!,
            uuid: UUID(uuid: (UInt8.random(in: 0...255, using: &random), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8.random(in: 0...255, using: &random))))
    }

    mutating func leaf() -> ModelLeaf {
        ModelLeaf(name: text(), weight: maybe { Double($0.int(Int16.self)) / 4 })
    }

    mutating func shape() -> ModelShape {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .circle(radius: Double(int(Int8.self)))
        case 1: .point(1.5, Double(int(Int32.self)))
        case 2: .empty
        default: .labeled(text(), sides: int(Int.self))
        }
    }

    mutating func containers() -> ModelContainers {
        ModelContainers(
            maybeInt: maybe { $0.int(Int.self) },
            maybeLeaf: maybe { $0.leaf() },
            numbers: (0..<Int.random(in: 0..<5, using: &random)).map { _ in int(Int.self) },
            tags: Set((0..<Int.random(in: 0..<4, using: &random)).map { _ in text() }),
            byName: Dictionary((0..<Int.random(in: 0..<4, using: &random)).map { _ in (text(), Double(int(Int8.self))) }, uniquingKeysWith: { a, _ in a }),
            byNumber: Dictionary((0..<Int.random(in: 0..<4, using: &random)).map { _ in (int(Int16.self).hashValue % 1000, text()) }, uniquingKeysWith: { a, _ in a }),
            leaves: (0..<Int.random(in: 0..<3, using: &random)).map { _ in leaf() },
            holes: (0..<Int.random(in: 0..<3, using: &random)).map { _ in maybe { $0.text() } },
            mood: ModelMood.allCases.randomElement(using: &random)!,
            priority: maybe { ModelPriority.allCases.randomElement(using: &$0.random)! },
            shapes: (0..<Int.random(in: 0..<3, using: &random)).map { _ in shape() },
            matrix: [[int(UInt8.self)], []],
            legacy: ModelCodableOnly(note: text(), count: int(Int.self)),
            legacyMaybe: maybe { ModelCodableOnly(note: $0.text(), count: 1) })
    }

    mutating func node(depth: Int) -> ModelNode {
        ModelNode(label: text(), children: depth == 0 ? [] : (0..<Int.random(in: 0..<3, using: &random)).map { _ in node(depth: depth - 1) })
    }

    mutating func document() -> ModelDocument {
        ModelDocument(
            scalars: (0..<Int.random(in: 1..<4, using: &random)).map { _ in scalars() },
            containers: (0..<Int.random(in: 1..<4, using: &random)).map { _ in containers() },
            tree: node(depth: 3))
    }
}
