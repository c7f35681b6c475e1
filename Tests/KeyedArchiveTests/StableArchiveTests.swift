import Foundation
import KeyedArchive
import PlistKit
import TestSupport
import Testing

/// The same graph archives to the same bytes in every process, although Swift iterates
/// `Set` and `Dictionary` in a per-process hash order.
@Suite("Stable archive bytes")
struct StableArchiveTests {
    static let environmentKey = "PLISTKIT_ARCHIVE_BYTES_OUT"

    struct Graph: KeyedValueCodable, Equatable {
        var names: Set<String>
        var scores: [String: Int]
        var byID: [Int: [String]]
        var flags: Set<Int>

        static let sample = Graph(
            names: Set((0..<40).map { "name \($0)" }),
            scores: Dictionary(uniqueKeysWithValues: (0..<40).map { ("key \($0)", $0) }),
            byID: Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, ["a\($0)", "b\($0)"]) }),
            flags: Set(0..<30))
    }

    static func archive() throws -> Data {
        try KeyedArchiver.archivedData(withRootObject: Graph.sample)
    }

    /// Writes this process's bytes where a parent process asked for them (a no-op otherwise).
    @Test func archiveBytesForChildProcess() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.environmentKey] else { return }
        try Self.archive().write(to: URL(fileURLWithPath: path))
    }

    @Test func sameBytesInEveryProcess() throws {
        let ours = try Self.archive()
        #expect(try Self.archive() == ours)
        #expect(try KeyedUnarchiver.unarchivedObject(ofType: Graph.self, from: ours) == Graph.sample)
        // Two more processes, each with its own random hash seed.
        let runner = CommandLine.arguments[0]
        guard runner.hasSuffix(".xctest") || FileManager.default.isExecutableFile(atPath: runner) else { return }
        for run in 0..<2 {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString)-\(run)")
            defer { try? FileManager.default.removeItem(at: output) }
            var environment = ProcessInfo.processInfo.environment
            environment[Self.environmentKey] = output.path
            environment["SWIFT_DETERMINISTIC_HASHING"] = nil
            let result = try Subprocess.run(
                runner, ["--testing-library", "swift-testing", "--filter", "archiveBytesForChildProcess"],
                environment: environment, discardOutput: true, timeout: 300)
            #expect(result.status == 0 && !result.signaled)
            #expect(try Data(contentsOf: output) == ours, "process \(run) archived other bytes")
        }
    }
}

extension StableArchiveTests.Graph {
    static var archivedClassName: String { "Graph" }

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(names, forKey: "names")
        archiver.encode(scores, forKey: "scores")
        archiver.encode(byID, forKey: "byID")
        archiver.encode(flags, forKey: "flags")
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        names = try unarchiver.decode(Set<String>.self, forKey: "names")
        scores = try unarchiver.decode([String: Int].self, forKey: "scores")
        byID = try unarchiver.decode([Int: [String]].self, forKey: "byID")
        flags = try unarchiver.decode(Set<Int>.self, forKey: "flags")
    }
}
