import Benchmark
import BenchmarkWorkloads
import Foundation
import PlistKit

/// The `app-state` workload: the Codable model (`AppState`) decoded and encoded, binary and
/// XML, by PlistKit and Foundation; its object graph unarchived from the NSKeyedArchiver file
/// and archived, by PlistKit (binary and XML) and Foundation (binary). `app-state-2x` repeats
/// PlistKit's operations at twice the size for the growth check.
///
/// - Parameter single: the configuration of one measured run, for Foundation's archiving.
func registerAppState(single: Benchmark.Configuration) {
    let formats: [PlistFormat] = [.binary, .xml]
    for format in formats {
        register(.appState, format, "codable-decode", "Foundation", setup: { WorkloadFiles.load(.appState, format) }) { bytes in
            try PropertyListDecoder().decode(AppState.self, from: bytes)
        }
        register(.appState, format, "codable-encode", "Foundation", setup: { AppState.model(for: .appState) }) { state in
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format.foundation
            return try encoder.encode(state)
        }
    }
    register(.appState, .binary, "unarchive", "Foundation", configuration: single, setup: { WorkloadFiles.loadArchive(.appState) }) { bytes in
        try AppStateArchive.foundationUnarchive(bytes)
    }
    register(.appState, .binary, "archive", "Foundation", configuration: single, setup: {
        AppStateArchive.foundationGraph(AppState.model(for: .appState))
    }) { state in
        AppStateArchive.foundationArchive(state)
    }

    registerCodableEncodeFloor(.appState, setup: { AppState.model(for: .appState) })
    registerCodableDecodeFloor(.appState, AppState.self)

    for workload in [Workload.appState, .appState2x] {
        for format in formats {
            register(workload, format, "codable-decode", "PlistKit", setup: { WorkloadFiles.load(workload, format) }) { bytes in
                try CodablePath.decode(AppState.self, from: bytes)
            }
            register(workload, format, "codable-encode", "PlistKit", setup: { AppState.model(for: workload) }) { state in
                try CodablePath.encode(state, format: format)
            }
            register(workload, format, "model-decode", "PlistKit", setup: { WorkloadFiles.load(workload, format) }) { bytes in
                try PlistDecoder().decode(AppState.self, from: bytes)
            }
            register(workload, format, "model-encode", "PlistKit", setup: { AppState.model(for: workload) }) { state in
                let encoder = PlistEncoder()
                encoder.outputFormat = format
                return try encoder.encode(state)
            }
            // The NSKeyedArchiver file; for XML, the same archive converted (outside the measurement).
            register(workload, format, "unarchive", "PlistKit", setup: {
                let archive = WorkloadFiles.loadArchive(workload)
                return format == .binary ? archive : try Plist(decoding: archive).encoded(as: format)
            }) { bytes in
                try AppStateArchive.plistKitUnarchive(bytes)
            }
            register(workload, format, "archive", "PlistKit", setup: {
                AppStateArchive.plistKitGraph(AppState.model(for: workload))
            }) { state in
                try AppStateArchive.plistKitArchive(state, format: format)
            }
        }
    }
}
