import Benchmark
import BenchmarkWorkloads
import Foundation
import PlistKit

/// PlistKit's twins of Foundation's `PropertyListDecoder`/`PropertyListEncoder` benchmarks:
/// `PlistDecoder`/`PlistEncoder` with `[Student]`, in both formats: through `Codable`
/// (`codable-*`), and through `PlistDecodable`/`PlistEncodable` (`model-*`).
func registerPlistKitCodable(_ workload: Workload) {
    for format in [PlistFormat.binary, .xml] {
        register(workload, format, "codable-decode", "PlistKit", setup: { WorkloadFiles.load(workload, format) }) { bytes in
            try CodablePath.decode([Student].self, from: bytes)
        }
        register(workload, format, "codable-encode", "PlistKit", setup: { try Student.load(workload) }) { students in
            try CodablePath.encode(students, format: format)
        }
        register(workload, format, "model-decode", "PlistKit", setup: { WorkloadFiles.load(workload, format) }) { bytes in
            try PlistDecoder().decode([Student].self, from: bytes)
        }
        register(workload, format, "model-encode", "PlistKit", setup: { try Student.load(workload) }) { students in
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            return try encoder.encode(students)
        }
    }
}

/// The floor under `codable-encode` (benchmark implementation `floor`): the same value through
/// `NullEncoder`, which runs every `encode(to:)` and makes every container but keeps nothing,
/// so what it costs any encoder is the Codable protocol's and the model's own. Registered
/// under both formats, as it writes neither, for the report's floor column.
func registerCodableEncodeFloor<Value: Encodable>(_ workload: Workload, setup: @escaping () throws -> Value) {
    for format in [PlistFormat.binary, .xml] {
        register(workload, format, "codable-encode", "floor", setup: setup) { value in
            try NullEncoder.encode(value)
        }
    }
}

/// The floor under `codable-decode` (benchmark implementation `floor`): `Value` decoded by
/// `ReplayDecoder` from the answers `PlistDecoder` gave for the same file (recorded outside
/// the measurement, and the replayed value checked equal to the decoded one), so that what
/// it costs any decoder is the Codable protocol's and the model's own.
func registerCodableDecodeFloor<Value: Decodable & Equatable>(_ workload: Workload, _ type: Value.Type) {
    for format in [PlistFormat.binary, .xml] {
        register(workload, format, "codable-decode", "floor", setup: {
            let bytes = WorkloadFiles.load(workload, format)
            let script = try PlistDecoder().decode(ScriptRecorder<Value>.self, from: bytes).script
            guard try ReplayDecoder.decode(type, from: script) == PlistDecoder().decode(type, from: bytes) else {
                fatalError("\(workload.rawValue)/\(format.rawValue): the replayed value differs from the decoded one")
            }
            return script
        }) { script in
            try ReplayDecoder.decode(type, from: script)
        }
    }
}
