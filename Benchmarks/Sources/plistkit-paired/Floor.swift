import BenchmarkWorkloads
import Foundation
import PlistKit
import SAXFloor

/// The floor a model row is held to by issue #34, point 5, timed in the same alternation as
/// the row's two sides so that the model ÷ floor ratio comes from one run.
struct Floor {
    /// What the floor runs: `sax2` (libxml2's bare SAX2 parse of the row's bytes),
    /// `plain-decode` (`Plist(decoding:)` of them) or `plain-encode` (`encoded(as:)` of the
    /// `Plist` the model path's output decodes to).
    let name: String
    let body: () throws -> Void

    /// The floor of a `model-decode` or `model-encode` row; nil for any other row.
    init?(_ row: ModelRow) throws {
        let format = row.format
        switch row.operation {
        case .modelDecode:
            let bytes = WorkloadFiles.load(row.workload, format)
            if format == .xml {
                name = "sax2"
                body = {
                    let wellFormed = bytes.withUnsafeBytes { raw in
                        plistkit_bare_sax2_parse(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
                    }
                    guard wellFormed == 1 else { throw FloorError.notWellFormed }
                }
            } else {
                name = "plain-decode"
                body = { _ = try Plist(decoding: bytes) }
            }
        case .modelEncode:
            // The equivalent `Plist` is what the model path writes, read back: the plain writer
            // then has exactly the model path's values to write. Where its bytes differ (the
            // two writers may share equal values differently), the name says both sizes.
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            let written = row.workload.isAppState
                ? try encoder.encode(AppState.model(for: row.workload))
                : try encoder.encode(Student.load(row.workload))
            let plist = try Plist(decoding: written)
            let plain = try plist.encoded(as: format)
            name = plain == written ? "plain-encode" : "plain-encode(\(plain.count)B,model:\(written.count)B)"
            body = { _ = try plist.encoded(as: format) }
        default:
            return nil
        }
    }
}

extension Floor {
    /// The second floor of an `app-state` `model-decode` row: the same `AppState` built from
    /// values decoded beforehand, with no format at all (BenchmarkWorkloads' AppStateFloor.swift);
    /// nil for any other row.
    static func model(_ row: ModelRow) -> Floor? {
        guard row.operation == .modelDecode, row.workload.isAppState else { return nil }
        let parts = AppStateParts(AppState.model(for: row.workload))
        return Floor(name: "model-floor", body: { _ = parts.build() })
    }

    private init(name: String, body: @escaping () throws -> Void) {
        self.name = name
        self.body = body
    }
}

enum FloorError: Error {
    case notWellFormed
}
