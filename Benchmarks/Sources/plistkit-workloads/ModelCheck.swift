import BenchmarkWorkloads
import Foundation
import PlistKit

/// `--verify` for the `model-*` rows: a model's `@PlistCodable` conformances against its
/// `Codable` ones, on the workload's files.
///
/// In each format the file decodes to the same value through both (`PlistDecoder` picks the
/// synthesized path by overload; `CodablePath` forces the `Codable` one), and encoding that
/// value through both gives the same bytes: what the `model-*` and `codable-*` rows time is the
/// same work on the same wire format.
enum ModelCheck {
    /// Runs the checks on `workload`'s files as `Model` and returns the number that failed.
    static func verify<Model: Codable & PlistDecodable & PlistEncodable & Equatable>(_ workload: Workload, as _: Model.Type) -> Int {
        var failures = 0
        for format in [PlistFormat.binary, .xml] {
            let label = "\(workload.rawValue) \(format.rawValue) @PlistCodable"
            do {
                let bytes = WorkloadFiles.load(workload, format)
                let model = try PlistDecoder().decode(Model.self, from: bytes)
                guard model == (try CodablePath.decode(Model.self, from: bytes)) else {
                    throw Mismatch("decodes to a value other than the Codable path's")
                }
                let encoder = PlistEncoder()
                encoder.outputFormat = format
                let written = try encoder.encode(model)
                let codable = try CodablePath.encode(model, format: format)
                guard written == codable else {
                    let at = zip(written, codable).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, codable.count)
                    throw Mismatch("writes \(written.count) bytes, the Codable path \(codable.count); first difference at \(at)")
                }
                print("\(label): decodes as the Codable path, writes its \(written.count) bytes")
                // Reported, not failed: Foundation on Linux writes XML keys sorted and reals in
                // their shortest form, and binary with the root first and equal containers kept
                // apart; each side reads the other's bytes to the same value (checked above for
                // Foundation's files). $PLISTKIT_VERIFY_KEEP names a folder for both outputs.
                let foundation = PropertyListEncoder()
                foundation.outputFormat = format == .xml ? .xml : .binary
                let reference = try foundation.encode(model)
                let same = reference == written
                print("\(label): Foundation's PropertyListEncoder writes \(reference.count) bytes, \(same ? "the same" : "not the same")")
                if !same, let url = ProcessInfo.processInfo.environment["PLISTKIT_VERIFY_KEEP"].map({ URL(fileURLWithPath: $0) }) {
                    try written.write(to: url.appendingPathComponent("\(workload.rawValue)-plistkit.\(format.rawValue)"))
                    try reference.write(to: url.appendingPathComponent("\(workload.rawValue)-foundation.\(format.rawValue)"))
                }
            } catch {
                failures += 1
                print("\(label): FAILED: \(error)")
            }
        }
        return failures
    }

    struct Mismatch: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
