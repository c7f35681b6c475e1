import BenchmarkWorkloads
import Foundation
import PlistKit

// Runs one PlistKit operation on one workload file, for profilers:
//
//   plistkit-profile decode|encode binary|xml WORKLOAD [RUNS]
//   valgrind --tool=callgrind .build/release/plistkit-profile decode binary records 1
//
// Prints the wall time and the thread's CPU time of each run (CPU time is steadier when other
// work shares the machine). Encode first decodes the binary file (not measured).

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let format = PlistFormat(rawValue: arguments[1]), let workload = Workload(rawValue: arguments[2]) else {
    print("usage: plistkit-profile decode|encode binary|xml WORKLOAD [RUNS]")
    exit(2)
}
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
let clock = ContinuousClock()

/// The calling thread's CPU time in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `body`, returning its wall time and CPU time, formatted.
func measure(_ body: () throws -> Void) rethrows -> String {
    let cpuStart = threadCPUTime()
    let elapsed = try clock.measure(body)
    let cpu = threadCPUTime() - cpuStart
    return "\(elapsed), cpu \((cpu * 1000).formatted(.number.precision(.fractionLength(1)))) ms"
}
switch arguments[0] {
case "decode":
    let bytes = WorkloadFiles.load(workload, format)
    for _ in 0..<runs {
        let elapsed = try measure { _ = try Plist(decoding: bytes) }
        print("decode \(format.rawValue) \(workload.rawValue): \(elapsed)")
    }
case "encode":
    let value = try Plist(decoding: WorkloadFiles.load(workload, .binary))
    for _ in 0..<runs {
        var size = 0
        let elapsed = try measure { size = try value.encoded(as: format).count }
        print("encode \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
    }
default:
    print("unknown operation \(arguments[0])")
    exit(2)
}
