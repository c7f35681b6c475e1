import Foundation
import PlistKit
import PlistStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Several processes set distinct keys in one preferences domain at the same time, each
/// synchronizing after every change; every key must survive, and a `Preferences` opened
/// before they started must see them all without being reopened.
@Suite struct MultiProcessPreferencesTests {
    static let childTestName = "multiProcessPreferencesChild"
    static let processes = 4
    /// Every key costs a locked read-merge-replace with two `fsync`s; on a shared disk
    /// under a parallel test run one can take a quarter of a second.
    static let keysPerProcess = 12

    /// The child: waits for the go file, then sets its keys one by one.
    @Test(.enabled(if: ChildProcess.role == "preferencesWriter"))
    func multiProcessPreferencesChild() throws {
        let directory = ChildProcess.argument("DIRECTORY")
        let go = ChildProcess.argument("GO")
        let index = Int(ChildProcess.argument("INDEX")) ?? -1
        let start = Date()
        while !FileManager.default.fileExists(atPath: go) {
            try #require(Date().timeIntervalSince(start) < 120 && !ChildProcess.parentIsGone)
            usleep(500)
        }
        let preferences = try Preferences(domain: "com.example.shared", directory: directory)
        for key in 0..<Self.keysPerProcess {
            preferences.set(key, forKey: "p\(index)-k\(key)")
            preferences.set("process \(index)", forKey: "last-writer")
            try preferences.synchronize()
        }
        for key in 0..<Self.keysPerProcess {
            #expect(preferences.integer(forKey: "p\(index)-k\(key)") == key)
        }
    }

    @Test(.disabled(if: ChildProcess.role != nil), .timeLimit(.minutes(3)))
    func concurrentWritersKeepEveryKey() throws {
        try withTemporaryDirectory { directory in
            let preferences = try Preferences(domain: "com.example.shared", directory: directory + "/prefs")
            preferences.set("parent", forKey: "parent-key")
            try preferences.synchronize()
            #expect(preferences.object(forKey: "p0-k0") == nil)

            let go = directory + "/go"
            var pids: [pid_t] = []
            defer { for pid in pids { ChildProcess.killAndReap(pid) } }
            for index in 0..<Self.processes {
                pids.append(try ChildProcess.spawn(
                    testName: Self.childTestName, role: "preferencesWriter",
                    environment: ["DIRECTORY": directory + "/prefs", "GO": go, "INDEX": String(index)],
                    logPath: directory + "/child-\(index).log"))
            }
            _ = FileManager.default.createFile(atPath: go, contents: nil)
            let deadline = Date().addingTimeInterval(150)
            for (index, pid) in pids.enumerated() {
                let status = ChildProcess.wait(pid, timeout: max(1, deadline.timeIntervalSinceNow))
                let output = (try? String(contentsOfFile: directory + "/child-\(index).log", encoding: .utf8)) ?? ""
                #expect(status == 0, "writer \(index) failed: \(output.suffix(2000))")
            }
            pids = []

            // The parent's object sees the other processes' writes without being reopened.
            var missing: [String] = []
            for index in 0..<Self.processes {
                for key in 0..<Self.keysPerProcess where preferences.object(forKey: "p\(index)-k\(key)")?.int != key {
                    missing.append("p\(index)-k\(key)")
                }
            }
            #expect(missing.isEmpty, "lost keys: \(missing)")
            #expect(preferences.string(forKey: "parent-key") == "parent")
            #expect(preferences.string(forKey: "last-writer")?.hasPrefix("process ") == true)
            #expect(preferences.dictionaryRepresentation().count == Self.processes * Self.keysPerProcess + 2)

            // A fresh reader agrees, and nothing was set aside as corrupt.
            let file = try PropertyListFile.read(from: preferences.path)
            #expect(file.dictionary?.count == Self.processes * Self.keysPerProcess + 2)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/prefs")
            #expect(!names.contains { $0.contains("corrupt") || $0.contains(".tmp-") }, "\(names)")
        }
    }
}
