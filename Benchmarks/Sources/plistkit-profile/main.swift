import BenchmarkWorkloads
import Foundation
import KeyedArchive
import PlistKit

// Runs one PlistKit operation on one workload file, for profilers:
//
//   plistkit-profile OPERATION binary|xml WORKLOAD [RUNS]
//   valgrind --tool=callgrind .build/release/plistkit-profile decode binary records 1
//
// OPERATION: decode, encode (the `Plist` value), codable-decode, codable-encode (`[Student]`
// through PlistDecoder/PlistEncoder; records only), unarchive, archive (KeyedUnarchiver and
// KeyedArchiver on the archive workload's students; the format names the archive's format),
// and foundation-codable-decode, foundation-codable-encode (PropertyListDecoder/Encoder),
// for a quick look at both sides; Benchmarks/compare.sh gives the figures to quote.
// Prints the wall time and the thread's CPU time of each run (CPU time is steadier when other
// work shares the machine). What an operation needs as input is made first, not measured.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let format = PlistFormat(rawValue: arguments[1]), let workload = Workload(rawValue: arguments[2]) else {
    print("usage: plistkit-profile OPERATION binary|xml WORKLOAD [RUNS]")
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
case "codable-decode":
    let bytes = WorkloadFiles.load(workload, format)
    for _ in 0..<runs {
        let elapsed = try measure { _ = try PlistDecoder().decode([Student].self, from: bytes) }
        print("codable-decode \(format.rawValue) \(workload.rawValue): \(elapsed)")
    }
case "codable-encode":
    let students = try Student.load(workload)
    for _ in 0..<runs {
        var size = 0
        let elapsed = try measure {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            size = try encoder.encode(students).count
        }
        print("codable-encode \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
    }
case "foundation-codable-decode":
    let bytes = WorkloadFiles.load(workload, format)
    for _ in 0..<runs {
        let elapsed = try measure { _ = try PropertyListDecoder().decode([Student].self, from: bytes) }
        print("foundation-codable-decode \(format.rawValue) \(workload.rawValue): \(elapsed)")
    }
case "foundation-codable-encode":
    let students = try Student.load(workload)
    for _ in 0..<runs {
        var size = 0
        let elapsed = try measure {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xml ? .xml : .binary
            size = try encoder.encode(students).count
        }
        print("foundation-codable-encode \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
    }
case "unarchive":
    let bytes = try Plist(decoding: WorkloadFiles.load(.archive, .binary)).encoded(as: format)
    for _ in 0..<runs {
        let elapsed = try measure { _ = try ArchiveWorkload.plistKitUnarchive(bytes) }
        print("unarchive \(format.rawValue): \(elapsed)")
    }
case "archive":
    let students = ArchiveWorkload.archivedStudents(try Plist(decoding: WorkloadFiles.load(workload, .binary)))
    for _ in 0..<runs {
        var size = 0
        let elapsed = try measure { size = try KeyedArchiver.archivedData(withRootObject: students, format: format).count }
        print("archive \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
    }
default:
    print("unknown operation \(arguments[0])")
    exit(2)
}
