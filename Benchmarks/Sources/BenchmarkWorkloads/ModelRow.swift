import Foundation
import KeyedArchive
import PlistKit

/// One model-object row of issue #13 (Codable coders and keyed archives against Foundation),
/// as both sides run it: the same input, made outside the measurement, and one body each.
///
/// `plistkit-paired` runs the two bodies in alternation, so that both see the same state of
/// the machine. The bodies are the ones the ordo-one/benchmark suite registers for the row.
public struct ModelRow: Sendable, CustomStringConvertible {
    /// What the row measures.
    public enum Operation: String, Sendable, CaseIterable {
        case codableDecode = "codable-decode"
        case codableEncode = "codable-encode"
        case unarchive
        case archive
    }

    public let workload: Workload
    public let format: PlistFormat
    public let operation: Operation

    public init(_ workload: Workload, _ format: PlistFormat, _ operation: Operation) {
        self.workload = workload
        self.format = format
        self.operation = operation
    }

    /// `workload/format/operation`, as the benchmark suite names the row.
    public var description: String { "\(workload.rawValue)/\(format.rawValue)/\(operation.rawValue)" }

    /// The rows with a Foundation side that `plistkit-paired` measures by default: Codable both
    /// ways in both formats on `records` and `app-state`, and the keyed archives (binary: the
    /// format NSKeyedArchiver writes) of `archive` and `app-state`. Left out: `app-state`'s
    /// archive, where one NSKeyedArchiver run takes minutes on Linux (see Benchmarks/README).
    public static let paired: [ModelRow] = {
        var rows: [ModelRow] = []
        for workload in [Workload.records, .appState] {
            for format in [PlistFormat.binary, .xml] {
                rows.append(ModelRow(workload, format, .codableDecode))
                rows.append(ModelRow(workload, format, .codableEncode))
            }
        }
        rows.append(ModelRow(.archive, .binary, .unarchive))
        rows.append(ModelRow(.archive, .binary, .archive))
        rows.append(ModelRow(.appState, .binary, .unarchive))
        return rows
    }()

    /// The two bodies of the row, their input made first. Foundation's side of an archive row
    /// is binary whatever `format` says (NSKeyedArchiver on Linux writes nothing else); a body
    /// that throws ends the measurement.
    public func prepare() throws -> (plistKit: () throws -> Void, foundation: () throws -> Void) {
        switch (operation, workload.isAppState) {
        case (.codableDecode, false):
            let bytes = WorkloadFiles.load(workload, format)
            return ({ _ = try PlistDecoder().decode([Student].self, from: bytes) },
                    { _ = try PropertyListDecoder().decode([Student].self, from: bytes) })
        case (.codableDecode, true):
            let bytes = WorkloadFiles.load(workload, format)
            return ({ _ = try PlistDecoder().decode(AppState.self, from: bytes) },
                    { _ = try PropertyListDecoder().decode(AppState.self, from: bytes) })
        case (.codableEncode, false):
            return Self.encoders(of: try Student.load(workload), format: format)
        case (.codableEncode, true):
            return Self.encoders(of: AppState.model(for: workload), format: format)
        case (.unarchive, false):
            let archive = WorkloadFiles.loadArchive(.archive)
            let bytes = format == .binary ? archive : try Plist(decoding: archive).encoded(as: format)
            return ({ _ = try ArchiveWorkload.plistKitUnarchive(bytes) },
                    { _ = try ArchiveWorkload.foundationUnarchive(archive) })
        case (.unarchive, true):
            let archive = WorkloadFiles.loadArchive(workload)
            let bytes = format == .binary ? archive : try Plist(decoding: archive).encoded(as: format)
            return ({ _ = try AppStateArchive.plistKitUnarchive(bytes) },
                    { _ = try AppStateArchive.foundationUnarchive(archive) })
        case (.archive, false):
            // The `records` students, as the benchmark suite archives them.
            let records = try Plist(decoding: WorkloadFiles.load(.records, .binary))
            let students = ArchiveWorkload.archivedStudents(records)
            let foundationStudents = ArchiveWorkload.foundationStudents(records)
            let format = format
            return ({ _ = try KeyedArchiver.archivedData(withRootObject: students, format: format) },
                    { _ = ArchiveWorkload.foundationArchive(foundationStudents) })
        case (.archive, true):
            let state = AppState.model(for: workload)
            let graph = AppStateArchive.plistKitGraph(state)
            let foundationGraph = AppStateArchive.foundationGraph(state)
            let format = format
            return ({ _ = try AppStateArchive.plistKitArchive(graph, format: format) },
                    { _ = AppStateArchive.foundationArchive(foundationGraph) })
        }
    }

    private static func encoders<Value: Encodable>(of value: Value, format: PlistFormat) -> (plistKit: () throws -> Void, foundation: () throws -> Void) {
        ({
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            _ = try encoder.encode(value)
        }, {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xml ? .xml : .binary
            _ = try encoder.encode(value)
        })
    }
}
