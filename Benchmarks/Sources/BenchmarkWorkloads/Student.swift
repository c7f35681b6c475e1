import Foundation
import PlistKit

/// One `records` entry as a Codable struct: what the Codable benchmarks decode and encode, and
/// (through the conformances `@PlistCodable` synthesizes) the `model-*` rows.
@PlistCodable
public struct Student: Codable, Equatable, Sendable {
    public var name: String
    public var number: String
    public var age: Int
    public var score: Double
    public var memo: String
    public var teacher: String
    public var enrolled: Date
    public var active: Bool

    /// The workload's records (decoded outside any measurement).
    public static func load(_ workload: Workload) throws -> [Student] {
        try PlistDecoder().decode([Student].self, from: WorkloadFiles.load(workload, .binary))
    }
}
