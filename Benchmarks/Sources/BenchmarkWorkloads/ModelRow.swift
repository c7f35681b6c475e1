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
        /// The Codable rows' models and bytes, through `PlistDecodable`/`PlistEncodable`.
        case modelDecode = "model-decode"
        case modelEncode = "model-encode"
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
                rows.append(ModelRow(workload, format, .modelDecode))
                rows.append(ModelRow(workload, format, .modelEncode))
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
            rows.append(ModelRow(.records, format, .modelDecode))
            rows.append(ModelRow(.records, format, .modelEncode))
        }
        for format in [PlistFormat.binary, .xml] {
            for operation in Operation.allCases { rows.append(ModelRow(.appState, format, operation)) }
        }
        return rows
    }()

    /// PlistKit's body for the row, its input made first.
    public func plistKit() throws -> () throws -> Void {
        try body(plistKit: true)
    }

    /// Foundation's body for the row, its input made first. For an archive row it is binary
    /// whatever `format` says: NSKeyedArchiver on Linux writes nothing else.
    public func foundation() throws -> () throws -> Void {
        try body(plistKit: false)
    }

    private func body(plistKit: Bool) throws -> () throws -> Void {
        switch (operation, workload.isAppState) {
        case (.codableDecode, false), (.codableEncode, false):
            return try codable(plistKit: plistKit) { try Student.load(workload) }
        case (.codableDecode, true), (.codableEncode, true):
            return try codable(plistKit: plistKit) { AppState.model(for: workload) }
        case (.modelDecode, false), (.modelEncode, false):
            return try model(plistKit: plistKit) { try Student.load(workload) }
        case (.modelDecode, true), (.modelEncode, true):
            return try model(plistKit: plistKit) { AppState.model(for: workload) }
        case (.unarchive, let isAppState):
            // The NSKeyedArchiver file; for PlistKit in XML, the same archive converted.
            let archive = WorkloadFiles.loadArchive(isAppState ? workload : .archive)
            let bytes = plistKit && format != .binary ? try Plist(decoding: archive).encoded(as: format) : archive
            switch (plistKit, isAppState) {
            case (true, true): return { _ = try AppStateArchive.plistKitUnarchive(bytes) }
            case (true, false): return { _ = try ArchiveWorkload.plistKitUnarchive(bytes) }
            case (false, true): return { _ = try AppStateArchive.foundationUnarchive(bytes) }
            case (false, false): return { _ = try ArchiveWorkload.foundationUnarchive(bytes) }
            }
        case (.archive, false):
            // The `records` students, as the benchmark suite archives them.
            let records = try Plist(decoding: WorkloadFiles.load(.records, .binary))
            if plistKit {
                let students = ArchiveWorkload.archivedStudents(records)
                return { [format] in _ = try KeyedArchiver.archivedData(withRootObject: students, format: format) }
            }
            let students = ArchiveWorkload.foundationStudents(records)
            return { _ = ArchiveWorkload.foundationArchive(students) }
        case (.archive, true):
            let state = AppState.model(for: workload)
            if plistKit {
                let graph = AppStateArchive.plistKitGraph(state)
                return { [format] in _ = try AppStateArchive.plistKitArchive(graph, format: format) }
            }
            let graph = AppStateArchive.foundationGraph(state)
            return { _ = AppStateArchive.foundationArchive(graph) }
        }
    }

    /// A model row's body: PlistKit's through `PlistDecodable`/`PlistEncodable` (the overloads
    /// `PlistDecoder` and `PlistEncoder` pick for `Model`), Foundation's the Codable row's.
    private func model<Model: Codable & PlistDecodable & PlistEncodable>(plistKit: Bool, model: () throws -> Model) throws -> () throws -> Void {
        guard plistKit else { return try codable(plistKit: false, model: model) }
        let format = format
        if operation == .modelDecode {
            let bytes = WorkloadFiles.load(workload, format)
            return { _ = try PlistDecoder().decode(Model.self, from: bytes) }
        }
        let value = try model()
        return {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            _ = try encoder.encode(value)
        }
    }

    /// A Codable row's body: the file decoded as `Model`, or `model()` encoded.
    private func codable<Model: Codable>(plistKit: Bool, model: () throws -> Model) throws -> () throws -> Void {
        let format = format
        if operation == .codableDecode || operation == .modelDecode {
            let bytes = WorkloadFiles.load(workload, format)
            return plistKit
                ? { _ = try PlistDecoder().decode(Model.self, from: bytes) }
                : { _ = try PropertyListDecoder().decode(Model.self, from: bytes) }
        }
        let value = try model()
        if plistKit {
            return {
                let encoder = PlistEncoder()
                encoder.outputFormat = format
                _ = try encoder.encode(value)
            }
        }
        return {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xml ? .xml : .binary
            _ = try encoder.encode(value)
        }
    }
}
