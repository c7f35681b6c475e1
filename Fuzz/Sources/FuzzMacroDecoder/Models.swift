import Foundation
import PlistKit

// Two twins of one model: the `@PlistCodable` types the fuzzer decodes into, and the same
// shapes with Swift's synthesized `Codable` as the oracle. Their keys are FuzzDecoder's
// (`Sources/FuzzDecoder/Model.swift`), so its seeds and dictionary serve here too.

/// The root decoded through the macro's synthesized conformance.
@PlistCodable
struct MacroModel {
    var name: String
    var count: Int?
    var flags: [Bool]?
    var shape: MacroShape?
    var table: [Int: MacroLeaf]?
    var named: [String: Int64]?
    var when: Date?
    var blob: Data?
    var link: URL?
    var id: UUID?
    var ratio: Double?
    var small: Int8?
    var big: UInt64?
    var children: [MacroModel]?
}

/// An enum with every shape of associated value, synthesized by the macro.
@PlistCodable
indirect enum MacroShape {
    case point
    case circle(radius: Float)
    case labelled(String, tag: UInt16?)
    case group([MacroShape])
    case nested(MacroModel)
}

/// A small keyed value with a raw-value enum, synthesized by the macro.
@PlistCodable
struct MacroLeaf {
    var label: String
    var weight: Float?
    var kind: Kind?

    @PlistCodable
    enum Kind: String { case a, b }
}

/// ``MacroModel``'s twin through `Codable`.
struct CodableModel: Codable {
    var name: String
    var count: Int?
    var flags: [Bool]?
    var shape: CodableShape?
    var table: [Int: CodableLeaf]?
    var named: [String: Int64]?
    var when: Date?
    var blob: Data?
    var link: URL?
    var id: UUID?
    var ratio: Double?
    var small: Int8?
    var big: UInt64?
    var children: [CodableModel]?
}

/// ``MacroShape``'s twin through `Codable`.
indirect enum CodableShape: Codable {
    case point
    case circle(radius: Float)
    case labelled(String, tag: UInt16?)
    case group([CodableShape])
    case nested(CodableModel)
}

/// ``MacroLeaf``'s twin through `Codable`.
struct CodableLeaf: Codable {
    var label: String
    var weight: Float?
    var kind: Kind?

    enum Kind: String, Codable { case a, b }
}
