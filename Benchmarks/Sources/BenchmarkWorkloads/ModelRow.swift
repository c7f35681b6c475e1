import Foundation
import KeyedArchive
import PlistKit

/// One model-object row of issue #13 (Codable coders and keyed archives against Foundation),
/// as both sides run it: the same input, made outside the measurement, and one body each.
///
/// `plistkit-paired` runs two bodies in alternation, so that both see the same state of the
/// machine: PlistKit's and Foundation's, or PlistKit's at `n` and at `2n` (``twice``). The
/// bodies are the ones the ordo-one/benchmark suite registers for the row.
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

    /// The same row at twice the size (`records-2x`, `app-state-2x`), for the growth check;
    /// nil for `archive`, which has no such twin.
    public var twice: ModelRow? {
        switch workload {
        case .records: ModelRow(.records2x, format, operation)
        case .appState: ModelRow(.appState2x, format, operation)
        default: nil
        }
    }

    /// The rows `plistkit-paired growth` measures at `n` and `2n` by default: every PlistKit
    /// model-object row with a twice-as-large twin.
    public static let growth: [ModelRow] = {
        var rows: [ModelRow] = []
        for format in [PlistFormat.binary, .xml] {
            rows.append(ModelRow(.records, format, .codableDecode))
            rows.append(ModelRow(.records, format, .codableEncode))
        }
        for format in [PlistFormat.binary, .xml] {
            for operation in Operation.allCases { rows.append(ModelRow(.appState, format, operation)) }
        }
        return rows
    }()

    /// PlistKit's body for the row, its input made first.
    public func plistKit() throws -> () throws -> Void {
        switch (operation, workload.isAppState) {
        case (.codableDecode, false):
            let bytes = WorkloadFiles.load(workload, format)
            return { _ = try PlistDecoder().decode([Student].self, from: bytes) }
        case (.codableDecode, true):
            let bytes = WorkloadFiles.load(workload, format)
            return { _ = try PlistDecoder().decode(AppState.self, from: bytes) }
        case (.codableEncode, false):
            return Self.plistKitEncoder(of: try Student.load(workload), format: format)
        case (.codableEncode, true):
            return Self.plistKitEncoder(of: AppState.model(for: workload), format: format)
        case (.unarchive, let isAppState):
            // The NSKeyedArchiver file; for XML, the same archive converted.
            let archive = WorkloadFiles.loadArchive(isAppState ? workload : .archive)
            let bytes = format == .binary ? archive : try Plist(decoding: archive).encoded(as: format)
            return isAppState
                ? { _ = try AppStateArchive.plistKitUnarchive(bytes) }
                : { _ = try ArchiveWorkload.plistKitUnarchive(bytes) }
        case (.archive, false):
            // The `records` students, as the benchmark suite archives them.
            let students = ArchiveWorkload.archivedStudents(try Plist(decoding: WorkloadFiles.load(.records, .binary)))
            return { [format] in _ = try KeyedArchiver.archivedData(withRootObject: students, format: format) }
        case (.archive, true):
            let graph = AppStateArchive.plistKitGraph(AppState.model(for: workload))
            return { [format] in _ = try AppStateArchive.plistKitArchive(graph, format: format) }
        }
    }

    /// Foundation's body for the row, its input made first. For an archive row it is binary
    /// whatever `format` says: NSKeyedArchiver on Linux writes nothing else.
    public func foundation() throws -> () throws -> Void {
        switch (operation, workload.isAppState) {
        case (.codableDecode, false):
            let bytes = WorkloadFiles.load(workload, format)
            return { _ = try PropertyListDecoder().decode([Student].self, from: bytes) }
        case (.codableDecode, true):
            let bytes = WorkloadFiles.load(workload, format)
            return { _ = try PropertyListDecoder().decode(AppState.self, from: bytes) }
        case (.codableEncode, false):
            return Self.foundationEncoder(of: try Student.load(workload), format: format)
        case (.codableEncode, true):
            return Self.foundationEncoder(of: AppState.model(for: workload), format: format)
        case (.unarchive, false):
            let archive = WorkloadFiles.loadArchive(.archive)
            return { _ = try ArchiveWorkload.foundationUnarchive(archive) }
        case (.unarchive, true):
            let archive = WorkloadFiles.loadArchive(workload)
            return { _ = try AppStateArchive.foundationUnarchive(archive) }
        case (.archive, false):
            let students = ArchiveWorkload.foundationStudents(try Plist(decoding: WorkloadFiles.load(.records, .binary)))
            return { _ = ArchiveWorkload.foundationArchive(students) }
        case (.archive, true):
            let graph = AppStateArchive.foundationGraph(AppState.model(for: workload))
            return { _ = AppStateArchive.foundationArchive(graph) }
        }
    }

    private static func plistKitEncoder<Value: Encodable>(of value: Value, format: PlistFormat) -> () throws -> Void {
        {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            _ = try encoder.encode(value)
        }
    }

    private static func foundationEncoder<Value: Encodable>(of value: Value, format: PlistFormat) -> () throws -> Void {
        {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xml ? .xml : .binary
            _ = try encoder.encode(value)
        }
    }
}
