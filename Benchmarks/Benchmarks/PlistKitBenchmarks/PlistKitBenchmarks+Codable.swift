import Benchmark
import BenchmarkWorkloads
import Foundation
import PlistKit

/// PlistKit's Codable twins of Foundation's `PropertyListDecoder`/`PropertyListEncoder`
/// benchmarks. Empty until `PlistEncoder`/`PlistDecoder` exist in the library.
func registerPlistKitCodable(_ workload: Workload) {
}
