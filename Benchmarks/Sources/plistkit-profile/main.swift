import BenchmarkWorkloads
import Foundation
import KeyedArchive
import PlistKit

// Runs one PlistKit operation on one workload file, for profilers:
//
//   plistkit-profile OPERATION binary|xml WORKLOAD [RUNS]
//   valgrind --tool=callgrind .build/release/plistkit-profile decode binary records 1
//
// OPERATION: load (reads the input and stops: the baseline for a decode's peak RSS), decode,
// encode (the `Plist` value; for small-docs one call per document), tree-floor (small-docs only:
// the decoded trees rebuilt and released, TreeFloor.swift), codable-decode, codable-encode (through
// PlistDecoder/PlistEncoder: `[Student]` for records and records-2x, `AppState` for app-state
// and app-state-2x), model-decode, model-encode (the same models through PlistDecodable and
// PlistEncodable), unarchive, archive (KeyedUnarchiver and KeyedArchiver: the archive
// workload's students, or the app-state graph with its NSKeyedArchiver file; the format names
// the archive's format), and, for a quick look at both sides, foundation-codable-decode,
// foundation-codable-encode (PropertyListDecoder/Encoder), foundation-unarchive,
// foundation-archive (NSKeyedUnarchiver/NSKeyedArchiver, binary), model-floor (`records`:
// ModelFloors.swift; `app-state`: BenchmarkWorkloads' AppStateFloor.swift) and table-walk
// (`records`: ModelFloors.swift), and null-encode (the
// codable-encode walk through `NullEncoder`, which keeps nothing) and replay-decode (the
// codable-decode of the same type from the answers PlistDecoder gave, `ReplayDecoder`);
// Benchmarks/compare.sh
// gives the figures to quote.
// Prints the wall time and the thread's CPU time of each run (CPU time is steadier when other
// work shares the machine). What an operation needs as input is made first, not measured.

let arguments = Array(CommandLine.arguments.dropFirst())
let clock = ContinuousClock()

// OpenStep text has no workload of its own: FILE is one of Benchmarks/OpenStep/make_files.py's
// (an Xcode project, a .strings file). decode reads the whole value, events pulls every event
// from a PlistEventReader over the bytes in memory.
//
//   plistkit-profile decode|events openstep FILE [RUNS]
if arguments.count >= 3, arguments[1] == "openstep" {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
    let runs = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    for _ in 0..<runs {
        var events = 0
        let elapsed = try measure {
            switch arguments[0] {
            case "decode":
                _ = try Plist(decoding: bytes, format: .openStep)
            case "events":
                let reader = try PlistEventReader(bytes, format: .openStep)
                while try reader.next() != nil { events += 1 }
            default:
                print("OpenStep text takes decode or events")
                exit(2)
            }
        }
        print("\(arguments[0]) openstep \(arguments[2]): \(elapsed)\(events > 0 ? ", \(events) events" : "")")
    }
    exit(0)
}
// A conversion of any file, as `plistkit -convert FORMAT -stream` and `-no-stream` do it
// (Streaming/run.sh times those processes): stream pulls every event from a
// PlistEventReader over the file, a chunk at a time, into a PlistEventWriter; whole decodes
// the file's bytes into a Plist and encodes that. The output goes to /dev/null.
//
//   plistkit-profile stream|whole xml|binary|json FILE [RUNS]
if arguments.count >= 3, arguments[0] == "stream" || arguments[0] == "whole", let target = PlistFormat(rawValue: arguments[1]) {
    let path = arguments[2]
    let runs = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
    guard let null = FileHandle(forWritingAtPath: "/dev/null") else { exit(2) }
    for _ in 0..<runs {
        let elapsed = try measure {
            if arguments[0] == "stream" {
                let reader = try PlistEventReader(contentsOfFile: path)
                let writer = try PlistEventWriter(format: target, fileDescriptor: null.fileDescriptor)
                while let event = try reader.next() { try writer.write(event) }
                try writer.finish()
            } else {
                let value = try Plist(decoding: try Data(contentsOf: URL(fileURLWithPath: path)))
                null.write(try value.encoded(as: target))
            }
        }
        print("\(arguments[0]) \(path) to \(target.rawValue): \(elapsed)")
    }
    exit(0)
}
guard arguments.count >= 3, let format = PlistFormat(rawValue: arguments[1]), let workload = Workload(rawValue: arguments[2]) else {
    print("usage: plistkit-profile OPERATION binary|xml WORKLOAD [RUNS]")
    exit(2)
}
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1

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
case "load":
    // Only reads the input a decode would read: the baseline for the decodes' peak RSS.
    let documents = workload.isPack ? SmallDocs.load(format) : [WorkloadFiles.load(workload, format)]
    print("load \(format.rawValue) \(workload.rawValue): \(documents.reduce(0) { $0 + $1.count }) bytes")
case "decode" where workload.isPack:
    // small-docs: every document by a call of its own, as the benchmark does.
    let documents = SmallDocs.load(format)
    for _ in 0..<runs {
        let elapsed = try measure { for document in documents { _ = try Plist(decoding: document) } }
        print("decode \(format.rawValue) \(workload.rawValue), \(documents.count) calls: \(elapsed)")
    }
case "tree-floor" where workload.isPack:
    // The floor under small-docs decode (TreeFloor.swift), printed as compare.sh's C floors are.
    TreeFloor.time(try SmallDocs.load(format).map { try Plist(decoding: $0) }, runs: runs)
case "encode" where workload.isPack:
    let values = try SmallDocs.load(.binary).map { try Plist(decoding: $0) }
    for _ in 0..<runs {
        let elapsed = try measure { for value in values { _ = try value.encoded(as: format) } }
        print("encode \(format.rawValue) \(workload.rawValue), \(values.count) calls: \(elapsed)")
    }
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
        let elapsed = try measure {
            if workload.isAppState {
                _ = try CodablePath.decode(AppState.self, from: bytes)
            } else {
                _ = try CodablePath.decode([Student].self, from: bytes)
            }
        }
        print("codable-decode \(format.rawValue) \(workload.rawValue): \(elapsed)")
    }
case "model-decode":
    let bytes = WorkloadFiles.load(workload, format)
    for _ in 0..<runs {
        let elapsed = try measure {
            if workload.isAppState {
                _ = try PlistDecoder().decode(AppState.self, from: bytes)
            } else {
                _ = try PlistDecoder().decode([Student].self, from: bytes)
            }
        }
        print("model-decode \(format.rawValue) \(workload.rawValue): \(elapsed)")
    }
case "model-floor" where workload.isAppState:
    // AppStateFloor.swift (BenchmarkWorkloads): the state built from values decoded beforehand.
    let state = AppState.model(for: workload)
    let parts = AppStateParts(state)
    guard parts.build() == state else { fatalError("the floor builds another state") }
    for _ in 0..<runs {
        var users = 0
        let elapsed = measure { users = parts.build().users.count }
        print("model-floor \(workload.rawValue): \(elapsed), \(users) users")
    }
case "model-floor":
    // ModelFloors.swift: the records built from values decoded beforehand.
    let parts = StudentParts(try Student.load(workload))
    for _ in 0..<runs {
        var count = 0
        let elapsed = measure { count = parts.build().count }
        print("model-floor \(workload.rawValue): \(elapsed), \(count) records")
    }
case "table-walk":
    // ModelFloors.swift: the object table walk alone.
    let bytes = WorkloadFiles.load(workload, .binary)
    for _ in 0..<runs {
        var sum = 0
        let elapsed = measure { sum = walkObjectTable(bytes) }
        print("table-walk \(workload.rawValue): \(elapsed), \(sum)")
    }
case "model-encode":
    let appState = workload.isAppState ? AppState.model(for: workload) : nil
    let students = workload.isAppState ? [] : try Student.load(workload)
    for _ in 0..<runs {
        var size = 0
        let elapsed = try measure {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            size = try (appState.map { try encoder.encode($0) } ?? encoder.encode(students)).count
        }
        print("model-encode \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
    }
case "codable-encode":
    let value: any Encodable = workload.isAppState ? AppState.model(for: workload) : try Student.load(workload)
    for _ in 0..<runs {
        var size = 0
        let elapsed = try measure {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            size = try encoder.encode(value).count
        }
        print("codable-encode \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
    }
case "null-encode":
    // The floor under codable-encode: the same walk through NullEncoder, which keeps nothing.
    let value: any Encodable = workload.isAppState ? AppState.model(for: workload) : try Student.load(workload)
    for _ in 0..<runs {
        var visited = 0
        let elapsed = try measure { visited = try NullEncoder.encode(value) }
        print("null-encode \(workload.rawValue): \(elapsed), \(visited) values")
    }
case "replay-decode":
    // The floor under codable-decode: the same type decoded from the answers PlistDecoder gave.
    let bytes = WorkloadFiles.load(workload, format)
    let script = workload.isAppState
        ? try PlistDecoder().decode(ScriptRecorder<AppState>.self, from: bytes).script
        : try PlistDecoder().decode(ScriptRecorder<[Student]>.self, from: bytes).script
    let replayed = workload.isAppState
        ? try ReplayDecoder.decode(AppState.self, from: script) == PlistDecoder().decode(AppState.self, from: bytes)
        : try ReplayDecoder.decode([Student].self, from: script) == PlistDecoder().decode([Student].self, from: bytes)
    guard replayed else { fatalError("the replayed value differs from the decoded one") }
    for _ in 0..<runs {
        let elapsed = try measure {
            if workload.isAppState {
                _ = try ReplayDecoder.decode(AppState.self, from: script)
            } else {
                _ = try ReplayDecoder.decode([Student].self, from: script)
            }
        }
        print("replay-decode \(workload.rawValue): \(elapsed)")
    }
case "foundation-codable-decode":
    let bytes = WorkloadFiles.load(workload, format)
    for _ in 0..<runs {
        let elapsed = try measure {
            if workload.isAppState {
                _ = try PropertyListDecoder().decode(AppState.self, from: bytes)
            } else {
                _ = try PropertyListDecoder().decode([Student].self, from: bytes)
            }
        }
        print("foundation-codable-decode \(format.rawValue) \(workload.rawValue): \(elapsed)")
    }
case "foundation-codable-encode":
    let value: any Encodable = workload.isAppState ? AppState.model(for: workload) : try Student.load(workload)
    for _ in 0..<runs {
        var size = 0
        let elapsed = try measure {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xml ? .xml : .binary
            size = try encoder.encode(value).count
        }
        print("foundation-codable-encode \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
    }
case "unarchive":
    // The NSKeyedArchiver file (the app-state workloads' own, otherwise `archive`), in `format`.
    let archive = WorkloadFiles.loadArchive(workload.isAppState ? workload : .archive)
    let bytes = format == .binary ? archive : try Plist(decoding: archive).encoded(as: format)
    for _ in 0..<runs {
        let elapsed = try measure {
            if workload.isAppState {
                _ = try AppStateArchive.plistKitUnarchive(bytes)
            } else {
                _ = try ArchiveWorkload.plistKitUnarchive(bytes)
            }
        }
        print("unarchive \(format.rawValue) \(workload.rawValue): \(elapsed)")
    }
case "archive":
    if workload.isAppState {
        let state = AppStateArchive.plistKitGraph(AppState.model(for: workload))
        for _ in 0..<runs {
            var size = 0
            let elapsed = try measure { size = try AppStateArchive.plistKitArchive(state, format: format).count }
            print("archive \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
        }
    } else {
        // The `records` students, as the benchmark and foundation-archive archive them
        // (`archive.bplist` is their archive, not records).
        let students = ArchiveWorkload.archivedStudents(try Plist(decoding: WorkloadFiles.load(.records, .binary)))
        for _ in 0..<runs {
            var size = 0
            let elapsed = try measure { size = try KeyedArchiver.archivedData(withRootObject: students, format: format).count }
            print("archive \(format.rawValue) \(workload.rawValue): \(elapsed), \(size) bytes")
        }
    }
case "foundation-unarchive":
    // NSKeyedUnarchiver on the NSKeyedArchiver file (binary whatever the format says).
    let bytes = WorkloadFiles.loadArchive(workload.isAppState ? workload : .archive)
    for _ in 0..<runs {
        let elapsed = try measure {
            if workload.isAppState {
                _ = try AppStateArchive.foundationUnarchive(bytes)
            } else {
                _ = try ArchiveWorkload.foundationUnarchive(bytes)
            }
        }
        print("foundation-unarchive binary \(workload.rawValue): \(elapsed)")
    }
case "foundation-archive":
    // NSKeyedArchiver (binary whatever the format says).
    if workload.isAppState {
        let state = AppStateArchive.foundationGraph(AppState.model(for: workload))
        for _ in 0..<runs {
            var size = 0
            let elapsed = measure { size = AppStateArchive.foundationArchive(state).count }
            print("foundation-archive binary \(workload.rawValue): \(elapsed), \(size) bytes")
        }
    } else {
        let students = ArchiveWorkload.foundationStudents(try Plist(decoding: WorkloadFiles.load(.records, .binary)))
        for _ in 0..<runs {
            var size = 0
            let elapsed = measure { size = ArchiveWorkload.foundationArchive(students).count }
            print("foundation-archive binary \(workload.rawValue): \(elapsed), \(size) bytes")
        }
    }
default:
    print("unknown operation \(arguments[0])")
    exit(2)
}
