import Foundation
import PlistKit
import PlistStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PreferencesTests {
    @Test func typedValuesRoundTripThroughTheFile() throws {
        try withTemporaryDirectory { directory in
            let container = try AppContainer.sandbox(identifier: "com.example.Notes", root: directory)
            let preferences = try Preferences(container: container)
            #expect(preferences.domain == "com.example.Notes")
            #expect(preferences.path == directory + "/Library/Preferences/com.example.Notes.plist")
            let date = Date(timeIntervalSinceReferenceDate: 700_000_000.5)
            preferences.set("Ada", forKey: "name")
            preferences.set(42, forKey: "count")
            preferences.set(2.5, forKey: "ratio")
            preferences.set(true, forKey: "enabled")
            preferences.set(date, forKey: "opened")
            preferences.set(Data([0, 1, 2]), forKey: "blob")
            preferences.set(["a", 1, true] as [Plist], forKey: "list")
            preferences.set(["x": 1, "y": "two"] as [String: Plist], forKey: "map")
            #expect(preferences.hasUnsynchronizedChanges)
            #expect(!FileManager.default.fileExists(atPath: preferences.path), "written before synchronize")
            #expect(preferences.string(forKey: "name") == "Ada")  // visible before writing
            try preferences.synchronize()
            #expect(!preferences.hasUnsynchronizedChanges)
            #expect(mode(of: preferences.path) == 0o600)

            let reopened = try Preferences(container: container)
            #expect(reopened.string(forKey: "name") == "Ada")
            #expect(reopened.integer(forKey: "count") == 42)
            #expect(reopened.double(forKey: "ratio") == 2.5)
            #expect(reopened.bool(forKey: "enabled"))
            #expect(reopened.date(forKey: "opened") == date)
            #expect(reopened.data(forKey: "blob") == Data([0, 1, 2]))
            #expect(reopened.array(forKey: "list") == ["a", 1, true])
            #expect(reopened.dictionary(forKey: "map") == ["x": 1, "y": "two"])
            #expect(reopened.object(forKey: "missing") == nil)
            #expect(reopened.integer(forKey: "missing") == 0)
            #expect(reopened.bool(forKey: "missing") == false)
            #expect(reopened.dictionaryRepresentation().count == 8)
            // The file is an ordinary binary plist any tool reads.
            let file = try PropertyListFile.read(from: preferences.path)
            #expect(file["name"] == "Ada")
            let header: [UInt8] = Array("bplist00".utf8)
            #expect(contents(of: preferences.path)?.starts(with: header) == true)
        }
    }

    @Test func keysDifferingOnlyInNormalisationStayApart() throws {
        try withTemporaryDirectory { directory in
            let composed = "\u{E9}", decomposed = "e\u{301}"
            let path = directory + "/keys.plist"
            let file: Plist = .dictionary([PlistKey(composed): 1, PlistKey(decomposed): 2])
            try AtomicFile.write(try file.encoded(as: .binary), to: path)
            let preferences = try Preferences(domain: "keys", directory: directory)
            #expect(preferences.integer(forKey: composed) == 1)
            #expect(preferences.integer(forKey: decomposed) == 2)
            preferences.set(3, forKey: "other")
            preferences.set(4, forKey: decomposed)
            try preferences.synchronize()
            let written = try Plist(decoding: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(written == .dictionary([PlistKey(composed): 1, PlistKey(decomposed): 4, "other": 3]))
        }
    }

    @Test func conversionsFollowNSUserDefaults() throws {
        try withTemporaryDirectory { directory in
            let preferences = try Preferences(domain: "d", directory: directory)
            preferences.set("17", forKey: "text")
            preferences.set(3.9, forKey: "real")
            preferences.set("YES", forKey: "yes")
            preferences.set(1, forKey: "one")
            #expect(preferences.integer(forKey: "text") == 17)
            #expect(preferences.double(forKey: "text") == 17)
            #expect(preferences.integer(forKey: "real") == 3)
            #expect(preferences.bool(forKey: "yes"))
            #expect(preferences.bool(forKey: "one"))
            #expect(preferences.string(forKey: "one") == nil)
            preferences.set(["a", "b"] as [Plist], forKey: "strings")
            #expect(preferences.stringArray(forKey: "strings") == ["a", "b"])
        }
    }

    @Test func registeredDefaultsAndRemoval() throws {
        try withTemporaryDirectory { directory in
            let preferences = try Preferences(domain: "d", directory: directory)
            preferences.register(defaults: ["fontSize": 12, "theme": "light"])
            #expect(preferences.integer(forKey: "fontSize") == 12)
            preferences.set(14, forKey: "fontSize")
            #expect(preferences.integer(forKey: "fontSize") == 14)
            try preferences.synchronize()
            preferences.removeObject(forKey: "fontSize")
            #expect(preferences.integer(forKey: "fontSize") == 12, "removal falls back to the registered default")
            try preferences.synchronize()
            let file = try PropertyListFile.read(from: preferences.path)
            #expect(file.dictionary?.isEmpty == true, "registered defaults are never written")
            #expect(preferences.dictionaryRepresentation() == ["fontSize": 12, "theme": "light"])
            preferences.set(nil as Plist?, forKey: "theme")
            #expect(preferences.string(forKey: "theme") == "light")
        }
    }

    @Test func readsSeeOtherWritersWithoutReopening() throws {
        try withTemporaryDirectory { directory in
            let reader = try Preferences(domain: "shared", directory: directory)
            let writer = try Preferences(domain: "shared", directory: directory)
            #expect(reader.string(forKey: "k") == nil)
            for round in 0..<20 {  // quick successive writes of equal size
                writer.set("v\(round % 10)", forKey: "k")
                try writer.synchronize()
                #expect(reader.string(forKey: "k") == "v\(round % 10)")
            }
            // Replaced by another tool entirely.
            try PropertyListFile.write(["k": "from plistkit"], to: reader.path)
            #expect(reader.string(forKey: "k") == "from plistkit")
            unlink(reader.path)
            #expect(reader.string(forKey: "k") == nil)
        }
    }

    @Test func synchronizeMergesInsteadOfOverwriting() throws {
        try withTemporaryDirectory { directory in
            let first = try Preferences(domain: "shared", directory: directory)
            let second = try Preferences(domain: "shared", directory: directory)
            first.set(1, forKey: "a")
            first.set(1, forKey: "gone")
            try first.synchronize()
            second.set(2, forKey: "b")
            second.removeObject(forKey: "gone")
            try second.synchronize()
            first.set(3, forKey: "c")
            try first.synchronize()
            let file = try PropertyListFile.read(from: first.path)
            #expect(file == ["a": 1, "b": 2, "c": 3])
            #expect(second.integer(forKey: "c") == 3)
        }
    }

    @Test func corruptFileAtOpenIsKeptAsideAndReported() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/d.plist"
            let garbage = Array("bplist00 this is not a property list".utf8)
            _ = FileManager.default.createFile(atPath: path, contents: Data(garbage))
            var reported: PlistStoreError?
            do {
                _ = try Preferences(domain: "d", directory: directory)
            } catch {
                reported = error as? PlistStoreError
            }
            let error = try #require(reported)
            #expect(error.code == .corruptFile)
            let aside = try #require(error.path)
            #expect(aside.hasPrefix(path + ".corrupt-"))
            #expect(contents(of: aside) == garbage, "the corrupt bytes are kept")
            #expect(!FileManager.default.fileExists(atPath: path))
            // Opening again starts empty.
            let preferences = try Preferences(domain: "d", directory: directory)
            #expect(preferences.dictionaryRepresentation().isEmpty)
        }
    }

    @Test func corruptionAfterOpeningKeepsLastValuesAndIsReportedOnSynchronize() throws {
        try withTemporaryDirectory { directory in
            let preferences = try Preferences(domain: "d", directory: directory)
            preferences.set("kept", forKey: "old")
            try preferences.synchronize()
            // Another program writes a non-dictionary plist over it.
            try PropertyListFile.write(["not", "a", "dictionary"], to: preferences.path)
            #expect(preferences.string(forKey: "old") == "kept", "reads keep the last good values")
            preferences.set("new", forKey: "fresh")
            #expect { try preferences.synchronize() } throws: { error in
                guard let error = error as? PlistStoreError, error.code == .corruptFile, let aside = error.path else { return false }
                return (try? PropertyListFile.read(from: aside)) == ["not", "a", "dictionary"]
            }
            // The last good values and the new change were written.
            #expect(try PropertyListFile.read(from: preferences.path) == ["old": "kept", "fresh": "new"])
            try preferences.synchronize()  // nothing left to report
        }
    }

    @Test func unsavedChangesAreWrittenWhenReleased() throws {
        try withTemporaryDirectory { (directory: String) throws -> Void in
            do {
                let preferences = try Preferences(domain: "d", directory: directory)
                preferences.set("bye", forKey: "last")
            }
            #expect(try Preferences(domain: "d", directory: directory).string(forKey: "last") == "bye")
        }
    }

    @Test func existingFilePermissionsAreKept() throws {
        try withTemporaryDirectory { directory in
            let preferences = try Preferences(domain: "d", directory: directory)
            preferences.set(1, forKey: "a")
            try preferences.synchronize()
            chmod(preferences.path, 0o640)
            preferences.set(2, forKey: "a")
            try preferences.synchronize()
            #expect(mode(of: preferences.path) == 0o640)
        }
    }

    @Test func invalidDomainsAreRejected() throws {
        try withTemporaryDirectory { (directory: String) throws -> Void in
            #expect { try Preferences(domain: "../escape", directory: directory) } throws: { ($0 as? PlistStoreError)?.code == .invalidArgument }
        }
    }

    @Test func preferencesAreSafeAcrossThreads() async throws {
        try await withTemporaryDirectoryAsync { directory in
            let preferences = try Preferences(domain: "d", directory: directory)
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        for key in 0..<20 {
                            preferences.set(key, forKey: "t\(task)-\(key)")
                            if key % 5 == 0 { try? preferences.synchronize() }
                            _ = preferences.integer(forKey: "t\(task)-\(key)")
                        }
                    }
                }
            }
            try preferences.synchronize()
            #expect(try PropertyListFile.read(from: preferences.path).dictionary?.count == 160)
        }
    }
}

func withTemporaryDirectoryAsync<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = try withTemporaryDirectory { path in
        // Keep the directory: make a sibling that outlives the synchronous helper.
        let kept = path + "-async"
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: false)
        return kept
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}
