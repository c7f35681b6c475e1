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

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(Int(ProcessInfo.processInfo.environment["PLISTKIT_BENCH_SECONDS"] ?? "") ?? 3),
        maxIterations: Int(ProcessInfo.processInfo.environment["PLISTKIT_BENCH_ITERATIONS"] ?? "") ?? 7
    )

    let formats: [PlistFormat] = [.binary, .xml]
    for workload in [Workload.records, .config, .blobs, .unicode, .numbers] {
        for format in formats {
            if Capabilities.decodes(format) {
                register(workload, format, "decode", "PlistKit", setup: { WorkloadFiles.load(workload, format) }) { bytes in
                    try Plist(decoding: bytes)
                }
            }
            register(workload, format, "decode", "Foundation", setup: { WorkloadFiles.load(workload, format) }) { bytes in
                try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
            }
            if Capabilities.encodes(format) {
                register(workload, format, "encode", "PlistKit", setup: { try Plist(decoding: WorkloadFiles.load(workload, .binary)) }) { value in
                    try value.encoded(as: format)
                }
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
        if Capabilities.decodes(format) {
            register(.records2x, format, "decode", "PlistKit", setup: { WorkloadFiles.load(.records2x, format) }) { bytes in
                try Plist(decoding: bytes)
            }
        }
        if Capabilities.encodes(format) {
            register(.records2x, format, "encode", "PlistKit", setup: { try Plist(decoding: WorkloadFiles.load(.records2x, .binary)) }) { value in
                try value.encoded(as: format)
            }
        }
    }
    registerPlistKitCodable(.records2x)

    // The app-state model: Codable and keyed archives, with its own growth rows.
    registerAppState(single: single)
}

/// Registers one benchmark named `workload/format/operation/implementation` that runs
/// `body` on what `setup` returned (outside the measurement).
func register<State, Result>(
    _ workload: Workload, _ format: PlistFormat, _ operation: String, _ implementation: String,
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    setup: @escaping () throws -> State,
    _ body: @escaping (State) throws -> Result
) {
    Benchmark("\(workload.rawValue)/\(format.rawValue)/\(operation)/\(implementation)", configuration: configuration) { benchmark, state in
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

/// Which formats PlistKit reads and writes in this build: XML and JSON are arriving one
/// codec at a time, and the benchmarks appear with them.
enum Capabilities {
    static let sample = Plist.dictionary(["a": .array([.integer(1), .string("x"), .bool(true)])])

    static func decodes(_ format: PlistFormat) -> Bool {
        guard let bytes = format == .binary
            ? try? sample.encoded(as: .binary)
            : try? PropertyListSerialization.data(fromPropertyList: ["a": [1, "x", true]], format: format.foundation, options: 0)
        else { return false }
        return (try? Plist(decoding: bytes)) != nil
    }

    static func encodes(_ format: PlistFormat) -> Bool {
        (try? sample.encoded(as: format)) != nil
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
        case .json, .openStep: .openStep
        }
    }
}
