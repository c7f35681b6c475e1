import Benchmark
import BenchmarkWorkloads
import Foundation
import PlistKit

/// PlistKit's twins of Foundation's `PropertyListDecoder`/`PropertyListEncoder` benchmarks:
/// `PlistDecoder`/`PlistEncoder` with `[Student]`, in both formats.
func registerPlistKitCodable(_ workload: Workload) {
    for format in [PlistFormat.binary, .xml] {
        register(workload, format, "codable-decode", "PlistKit", setup: { WorkloadFiles.load(workload, format) }) { bytes in
            try PlistDecoder().decode([Student].self, from: bytes)
        }
        register(workload, format, "codable-encode", "PlistKit", setup: { try Student.load(workload) }) { students in
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            return try encoder.encode(students)
        }
    }
}
