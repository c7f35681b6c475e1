import Foundation

/// The root of what `FuzzDecoder` decodes: optionals, enums with associated values,
/// `Int`-keyed dictionaries, `Date`, `Data`, `URL`, `UUID`, every integer width, and
/// recursion (through `children` and ``Shape/group(_:)``).
struct Model: Codable {
    var name: String
    var count: Int?
    var flags: [Bool]?
    var shape: Shape?
    var table: [Int: Leaf]?
    var named: [String: Int64]?
    var when: Date?
    var blob: Data?
    var link: URL?
    var id: UUID?
    var ratio: Double?
    var small: Int8?
    var big: UInt64?
    var children: [Model]?
}

/// An enum with every shape of associated value the synthesized coding handles.
indirect enum Shape: Codable {
    case point
    case circle(radius: Float)
    case labelled(String, tag: UInt16?)
    case group([Shape])
    case nested(Model)
}

/// A small keyed value inside `Model.table`.
struct Leaf: Codable {
    var label: String
    var weight: Float?
    var kind: Kind?

    /// A raw-value enum: an unknown raw value is a `DecodingError`.
    enum Kind: String, Codable { case a, b }
}
