import Foundation
import PlistKit

/// Where the generated workload files live, and their names.
public enum WorkloadFiles {
    /// The folder that holds the files: `$PLISTKIT_WORKLOADS` when set, otherwise
    /// `Benchmarks/.workloads` beside this package's manifest.
    public static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["PLISTKIT_WORKLOADS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        // …/Benchmarks/Sources/BenchmarkWorkloads/WorkloadFiles.swift → …/Benchmarks/.workloads
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".workloads", isDirectory: true)
    }

    /// The file holding `workload` in `format` (`xml` or `binary`).
    public static func url(_ workload: Workload, _ format: PlistFormat) -> URL {
        directory.appendingPathComponent(workload.rawValue + (format == .binary ? ".bplist" : ".xml"))
    }

    /// The NSKeyedArchiver file of a workload that has one (``Workload/hasArchive``):
    /// `archive.bplist`, `app-state-archive.bplist`, `app-state-2x-archive.bplist`.
    public static func archiveURL(_ workload: Workload) -> URL {
        precondition(workload.hasArchive, "\(workload.rawValue) has no archive file")
        return workload == .archive
            ? url(workload, .binary)
            : directory.appendingPathComponent(workload.rawValue + "-archive.bplist")
    }

    /// The pack file of a many-document workload (``Workload/isPack``) in `format`:
    /// `small-docs-binary.pack`, `small-docs-xml.pack`. Each holds every document as a 4-byte
    /// big-endian length followed by the document's bytes (``SmallDocs/unpack(_:)``).
    public static func packURL(_ workload: Workload, _ format: PlistFormat) -> URL {
        precondition(workload.isPack, "\(workload.rawValue) has no pack files")
        return directory.appendingPathComponent("\(workload.rawValue)-\(format.rawValue).pack")
    }

    /// The bytes of a pack file (see ``packURL(_:_:)``).
    public static func loadPack(_ workload: Workload, _ format: PlistFormat) -> Data {
        contents(of: packURL(workload, format))
    }

    /// The bytes of the workload's NSKeyedArchiver file (see ``archiveURL(_:)``).
    public static func loadArchive(_ workload: Workload) -> Data {
        contents(of: archiveURL(workload))
    }

    /// The file's bytes; stops the program with a hint when the generator has not run.
    public static func load(_ workload: Workload, _ format: PlistFormat) -> Data {
        contents(of: url(workload, format))
    }

    private static func contents(of file: URL) -> Data {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            fatalError("missing \(file.path): run `swift run -c release plistkit-workloads` in Benchmarks/ first")
        }
        return data
    }
}
