import Benchmark
import BenchmarkWorkloads
import Foundation
import PlistKit

// Every PlistKit operation beside its Foundation twin, on the files that
// `plistkit-workloads` writes. Names are `workload/format/operation/implementation`;
// `compare.sh` reads them back by that pattern.
//
// Each benchmark runs in a process of its own (ordo-one/benchmark spawns one per benchmark),
// and its `setup` loads only the file and values it needs, outside the measurement.

/// `PLISTKIT_BENCH_GUARD=1`: the regression guard's run (see below and `guard.sh`).
let guardMode = ProcessInfo.processInfo.environment["PLISTKIT_BENCH_GUARD"] == "1"

/// What separates the parts of a benchmark's name. ordo-one/benchmark 1.38 writes a thresholds
/// file under the name with `/` turned into `_`, but looks it up by the name as it is (so a `/`
/// becomes a folder), so the guard's run names its benchmarks with `_`.
let nameSeparator = guardMode ? "_" : "/"

let benchmarks: @Sendable () -> Void = {
    let environment = ProcessInfo.processInfo.environment
    // PLISTKIT_BENCH_GUARD=1 (Benchmarks/guard.sh): the malloc count only, checked against the
    // p90 values committed in Thresholds/ with a relative tolerance. Wall time varies by up to 2×
    // on the shared machines these run on, and hardware instruction counters are not available
    // to the VM (`perf stat -e instructions` says "not supported"), so allocations are the
    // metric a regression guard can rely on here.
    Benchmark.defaultConfiguration = .init(
        metrics: guardMode ? [.mallocCountTotal] : [.wallClock, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(Int(environment["PLISTKIT_BENCH_SECONDS"] ?? "") ?? 3),
        maxIterations: Int(environment["PLISTKIT_BENCH_ITERATIONS"] ?? "") ?? 7,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: Double(environment["PLISTKIT_GUARD_PERCENT"] ?? "") ?? 15])]
    )

    let formats: [PlistFormat] = [.binary, .xml]
    for workload in [Workload.records, .config, .blobs, .unicode, .numbers] {
        for format in formats {
            register(workload, format, "decode", "PlistKit", setup: { WorkloadFiles.load(workload, format) }) { bytes in
                try Plist(decoding: bytes)
            }
            register(workload, format, "decode", "Foundation", setup: { WorkloadFiles.load(workload, format) }) { bytes in
                try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
            }
            register(workload, format, "encode", "PlistKit", setup: { try Plist(decoding: WorkloadFiles.load(workload, .binary)) }) { value in
                try value.encoded(as: format)
            }
            register(workload, format, "encode", "Foundation", setup: { try FoundationValues.load(workload) }) { value in
                try PropertyListSerialization.data(fromPropertyList: value, format: format.foundation, options: 0)
            }
        }
    }

    // Codable: the records as `[Student]`.
    for format in formats {
        register(.records, format, "codable-decode", "Foundation", setup: { WorkloadFiles.load(.records, format) }) { bytes in
            try PropertyListDecoder().decode([Student].self, from: bytes)
        }
        register(.records, format, "codable-encode", "Foundation", setup: { try Student.load(.records) }) { students in
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format.foundation
            return try encoder.encode(students)
        }
    }
    registerPlistKitCodable(.records)
    registerCodableEncodeFloor(.records, setup: { try Student.load(.records) })
    registerCodableDecodeFloor(.records, [Student].self)

    // Keyed archives: NSKeyedUnarchiver/NSKeyedArchiver against KeyedUnarchiver/KeyedArchiver.
    // Foundation takes tens of seconds per archive on Linux: one measured run, no warm-up.
    var single = Benchmark.defaultConfiguration
    single.warmupIterations = 0
    single.maxDuration = .milliseconds(1)
    register(.archive, .binary, "unarchive", "Foundation", configuration: single, setup: { WorkloadFiles.load(.archive, .binary) }) { bytes in
        try ArchiveWorkload.foundationUnarchive(bytes)
    }
    register(.archive, .binary, "unarchive", "PlistKit", setup: { WorkloadFiles.load(.archive, .binary) }) { bytes in
        try ArchiveWorkload.plistKitUnarchive(bytes)
    }
    register(.archive, .binary, "archive", "Foundation", configuration: single, setup: {
        ArchiveWorkload.foundationStudents(try Plist(decoding: WorkloadFiles.load(.records, .binary)))
    }) { students in
        ArchiveWorkload.foundationArchive(students)
    }
    register(.archive, .binary, "archive", "PlistKit", setup: {
        ArchiveWorkload.archivedStudents(try Plist(decoding: WorkloadFiles.load(.records, .binary)))
    }) { students in
        try ArchiveWorkload.plistKitArchive(students)
    }

    // Growth: PlistKit's operations again at twice the records, for the n → 2n ratio.
    for format in formats {
        register(.records2x, format, "decode", "PlistKit", setup: { WorkloadFiles.load(.records2x, format) }) { bytes in
            try Plist(decoding: bytes)
        }
        register(.records2x, format, "encode", "PlistKit", setup: { try Plist(decoding: WorkloadFiles.load(.records2x, .binary)) }) { value in
            try value.encoded(as: format)
        }
    }
    registerPlistKitCodable(.records2x)

    // The app-state model: Codable and keyed archives, with its own growth rows.
    registerAppState(single: single)

    // 10,000 small documents, one call each.
    registerSmallDocs()
}

/// Registers one benchmark named `workload/format/operation/implementation` that runs
/// `body` on what `setup` returned (outside the measurement).
func register<State, Result>(
    _ workload: Workload, _ format: PlistFormat, _ operation: String, _ implementation: String,
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    setup: @escaping () throws -> State,
    _ body: @escaping (State) throws -> Result
) {
    let name = [workload.rawValue, format.rawValue, operation, implementation].joined(separator: nameSeparator)
    Benchmark(name, configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try body(state))
            } catch {
                fatalError("\(benchmark.name): \(error)")
            }
        }
    } setup: {
        try setup()
    }
}

/// The workloads as Foundation object graphs, for Foundation's encode benchmarks.
enum FoundationValues {
    static func load(_ workload: Workload) throws -> Any {
        try PropertyListSerialization.propertyList(from: WorkloadFiles.load(workload, .binary), options: [], format: nil)
    }
}

extension PlistFormat {
    var foundation: PropertyListSerialization.PropertyListFormat {
        switch self {
        case .binary: .binary
        case .xml: .xml
        default: .openStep
        }
    }
}
