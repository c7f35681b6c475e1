import BenchmarkWorkloads
import Foundation
import PlistKit

/// `--verify` for the app-state workloads: every reader gets back the generated model.
///
/// - the XML and binary files (written by `PropertyListEncoder`), decoded by `PlistDecoder`
///   and `PropertyListDecoder`, equal the model;
/// - the NSKeyedArchiver file, unarchived by `KeyedUnarchiver`, holds the model, with one
///   object per user, workspace, project, task and comment, every user reference the shared
///   user object (`===`) and every task's `project` the project holding it;
/// - KeyedArchiver's archives (binary and XML) read back by KeyedUnarchiver, and its binary
///   archive and the NSKeyedArchiver file read by NSKeyedUnarchiver, hold the model too.
enum AppStateCheck {
    /// Runs the checks and returns the number that failed.
    static func verify(_ workload: Workload) -> Int {
        let model = AppState.model(for: workload)
        let name = workload.rawValue
        var failures = 0
        func check(_ label: String, _ body: () throws -> String) {
            do {
                say("\(name) \(label): \(try body())")
            } catch {
                failures += 1
                say("\(name) \(label): FAILED: \(error)")
            }
        }
        func same(_ decoded: AppState) throws -> String {
            if let difference = firstDifference(decoded, model) { throw AppStateArchive.Mismatch(difference) }
            return "equal to the model"
        }

        for format in [PlistFormat.binary, .xml] {
            let bytes = WorkloadFiles.load(workload, format)
            check("\(format.rawValue) PlistDecoder") { try same(PlistDecoder().decode(AppState.self, from: bytes)) }
            check("\(format.rawValue) PropertyListDecoder") { try same(PropertyListDecoder().decode(AppState.self, from: bytes)) }
        }

        // `plistkit-workloads --no-archive` writes no NSKeyedArchiver file.
        if FileManager.default.fileExists(atPath: WorkloadFiles.archiveURL(workload).path) {
            let archive = WorkloadFiles.loadArchive(workload)
            check("NSKeyedArchiver file, KeyedUnarchiver") {
                let root = try AppStateArchive.plistKitUnarchive(archive)
                let counts = AppStateArchive.objectCounts(root)
                let expected = [
                    "AppState": 1, "User": model.users.count, "Workspace": model.workspaces.count,
                    "Project": model.workspaces.reduce(0) { $0 + $1.projects.count }, "Task": model.taskCount,
                    "Comment": model.workspaces.reduce(0) { $0 + $1.projects.reduce(0) { $0 + $1.tasks.reduce(0) { $0 + $1.comments.count } } },
                ]
                guard counts == expected else {
                    throw AppStateArchive.Mismatch("distinct objects \(counts.sorted { $0.key < $1.key }), expected \(expected.sorted { $0.key < $1.key })")
                }
                // model(_:) checks that every user reference is the shared object and every task's
                // project the project holding it.
                _ = try same(AppStateArchive.model(root))
                let summary = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                return "equal to the model; distinct objects: \(summary); references shared (===)"
            }
            check("NSKeyedArchiver file, NSKeyedUnarchiver") {
                try same(AppStateArchive.model(AppStateArchive.foundationUnarchive(archive)))
            }
        } else {
            say("\(name) NSKeyedArchiver file: not written (--no-archive), not checked")
        }
        for format in [PlistFormat.binary, .xml] {
            check("KeyedArchiver \(format.rawValue) → KeyedUnarchiver") {
                let data = try AppStateArchive.plistKitArchive(AppStateArchive.plistKitGraph(model), format: format)
                return try same(AppStateArchive.model(AppStateArchive.plistKitUnarchive(data))) + " (\(data.count) bytes)"
            }
        }
        check("KeyedArchiver binary → NSKeyedUnarchiver") {
            let data = try AppStateArchive.plistKitArchive(AppStateArchive.plistKitGraph(model))
            return try same(AppStateArchive.model(AppStateArchive.foundationUnarchive(data)))
        }
        return failures
    }

    /// Prints a line at once (unbuffered), so that it survives a crash in a later check.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Where `decoded` first differs from `model`, or nil when they are equal.
    static func firstDifference(_ decoded: AppState, _ model: AppState) -> String? {
        if decoded == model { return nil }
        if decoded.version != model.version || decoded.savedAt != model.savedAt || decoded.currentUser != model.currentUser
            || decoded.lastError != model.lastError {
            return "the state's scalars differ"
        }
        if decoded.settings != model.settings { return "settings: \(decoded.settings) != \(model.settings)" }
        if decoded.users != model.users {
            guard decoded.users.count == model.users.count else { return "\(decoded.users.count) users, expected \(model.users.count)" }
            let index = model.users.indices.first { decoded.users[$0] != model.users[$0] }!
            return "user \(index): \(decoded.users[index]) != \(model.users[index])"
        }
        guard decoded.workspaces.count == model.workspaces.count else { return "workspace count differs" }
        for (w, (a, b)) in zip(decoded.workspaces, model.workspaces).enumerated() where a != b {
            guard a.projects.count == b.projects.count else { return "workspace \(w): project count differs" }
            for (p, (x, y)) in zip(a.projects, b.projects).enumerated() where x != y {
                guard x.tasks.count == y.tasks.count else { return "workspace \(w) project \(p): task count differs" }
                for (t, (u, v)) in zip(x.tasks, y.tasks).enumerated() where u != v {
                    return "workspace \(w) project \(p) task \(t): \(u) != \(v)"
                }
                var x = x
                x.tasks = y.tasks
                return "workspace \(w) project \(p): \(x) != \(y)"
            }
            return "workspace \(w): the workspace's own fields differ"
        }
        return "they differ"
    }
}
