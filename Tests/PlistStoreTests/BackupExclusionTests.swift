import Foundation
import PlistKit
import PlistStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct BackupExclusionTests {
    /// Whether `directory`'s filesystem stores `user.` extended attributes.
    static func supportsUserAttributes(_ directory: String) -> Bool {
        let probe = directory + "/.xattr-probe"
        _ = FileManager.default.createFile(atPath: probe, contents: Data())
        defer { unlink(probe) }
        do {
            try BackupExclusion.setExcluded(true, atPath: probe)
            return true
        } catch {
            return false
        }
    }

    /// A place whose filesystem stores user xattrs: the temporary directory (tmpfs lacks
    /// them before Linux 6.6), else the home directory, else the build directory.
    static let attributeCapableParent: String? = {
        let candidates = [NSTemporaryDirectory(), NSHomeDirectory(), FileManager.default.currentDirectoryPath + "/.build"]
        return candidates.first { candidate in
            (try? withTemporaryDirectory(in: candidate) { supportsUserAttributes($0) }) == true
        }
    }()

    @Test(.enabled(if: attributeCapableParent != nil, "no writable filesystem with user xattrs"))
    func markFileAndDirectoryAndReadItBack() throws {
        try withTemporaryDirectory(in: Self.attributeCapableParent!) { directory in
            let file = directory + "/big.cache"
            _ = FileManager.default.createFile(atPath: file, contents: Data([1, 2, 3]))
            #expect(try BackupExclusion.isExcluded(atPath: file) == false)
            try BackupExclusion.setExcluded(true, atPath: file)
            #expect(try BackupExclusion.isExcluded(atPath: file) == true)
            // The attribute is exactly freedesktop.org's: user.xdg.robots.backup = "false".
            var buffer = [UInt8](repeating: 0, count: 16)
            let count = getxattrViaLibc(file, "user.xdg.robots.backup", &buffer)
            #expect(count == 5 && Array(buffer[0..<5]) == Array("false".utf8))
            try BackupExclusion.setExcluded(true, atPath: file)  // idempotent
            try BackupExclusion.setExcluded(false, atPath: file)
            #expect(try BackupExclusion.isExcluded(atPath: file) == false)
            try BackupExclusion.setExcluded(false, atPath: file)  // removing twice is fine

            try BackupExclusion.setExcluded(true, atPath: directory)
            #expect(try BackupExclusion.isExcluded(atPath: directory))
            let url = URL(fileURLWithPath: file)
            try BackupExclusion.setExcluded(true, at: url)
            #expect(try BackupExclusion.isExcluded(at: url))
        }
    }

    @Test(.enabled(if: attributeCapableParent != nil, "no writable filesystem with user xattrs"))
    func containerCachesAndTemporaryAreMarked() throws {
        try withTemporaryDirectory(in: Self.attributeCapableParent!) { directory in
            let container = try AppContainer.sandbox(identifier: "app", root: directory + "/sandbox")
            #expect(try BackupExclusion.isExcluded(atPath: container.path(for: .caches)))
            #expect(try BackupExclusion.isExcluded(atPath: container.path(for: .temporary)))
            #expect(try BackupExclusion.isExcluded(atPath: container.path(for: .documents)) == false)
            #expect(try BackupExclusion.isExcluded(atPath: container.path(for: .preferences)) == false)
        }
    }

    /// Replacing a file installs a new inode; the mark must survive.
    @Test(.enabled(if: attributeCapableParent != nil, "no writable filesystem with user xattrs"))
    func markSurvivesAtomicReplacement() throws {
        try withTemporaryDirectory(in: Self.attributeCapableParent!) { directory in
            let path = directory + "/downloads.plist"
            try PropertyListFile.write(["v": 1], to: path)
            try BackupExclusion.setExcluded(true, atPath: path)
            try PropertyListFile.write(["v": 2], to: path)
            #expect(try BackupExclusion.isExcluded(atPath: path))
            let preferences = try Preferences(domain: "d", directory: directory)
            preferences.set(1, forKey: "k")
            try preferences.synchronize()
            try BackupExclusion.setExcluded(true, atPath: preferences.path)
            preferences.set(2, forKey: "k")
            try preferences.synchronize()
            #expect(try BackupExclusion.isExcluded(atPath: preferences.path))
        }
    }

    @Test func missingFileIsNotFound() throws {
        try withTemporaryDirectory { directory in
            #expect { try BackupExclusion.setExcluded(true, atPath: directory + "/nothing") } throws: { ($0 as? PlistStoreError)?.code == .notFound }
            #expect { try BackupExclusion.isExcluded(atPath: directory + "/nothing") } throws: { ($0 as? PlistStoreError)?.code == .notFound }
        }
    }

    /// procfs stores no extended attributes: the error must say so.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/comm")))
    func filesystemWithoutUserAttributesGivesAClearError() {
        #expect {
            try BackupExclusion.setExcluded(true, atPath: "/proc/self/comm")
        } throws: { error in
            guard let error = error as? PlistStoreError else { return false }
            return error.code == .extendedAttributesUnsupported && error.path == "/proc/self/comm"
                && error.description.contains("does not support user extended attributes")
        }
        #expect { try BackupExclusion.isExcluded(atPath: "/proc/self/comm") } throws: { ($0 as? PlistStoreError)?.code == .extendedAttributesUnsupported }
    }

    @Test func cacheDirectoryTagFollowsTheSpecification() throws {
        try withTemporaryDirectory { directory in
            let container = try AppContainer.sandbox(identifier: "app", root: directory)
            let caches = try container.path(for: .caches)
            let tag = try #require(contents(of: caches + "/CACHEDIR.TAG"))
            #expect(tag.count >= 43)
            #expect(Array(tag.prefix(43)) == Array("Signature: 8a477f597d28d172789f06886806bc55".utf8))
            #expect(CacheDirectoryTag.isTagged(caches))
            // Other directories carry no tag.
            #expect(!FileManager.default.fileExists(atPath: try container.path(for: .documents) + "/CACHEDIR.TAG"))
            // A damaged tag is repaired on the next use; a valid one is left alone.
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: caches + "/CACHEDIR.TAG"))
            #expect(!CacheDirectoryTag.isTagged(caches))
            _ = try container.path(for: .caches)
            #expect(CacheDirectoryTag.isTagged(caches))
            try Data("Signature: 8a477f597d28d172789f06886806bc55\n# mine\n".utf8).write(to: URL(fileURLWithPath: caches + "/CACHEDIR.TAG"))
            _ = try container.path(for: .caches)
            #expect(contents(of: caches + "/CACHEDIR.TAG") == Array("Signature: 8a477f597d28d172789f06886806bc55\n# mine\n".utf8))
        }
    }

    /// GNU tar's `--exclude-caches` skips a tagged directory's contents.
    @Test(.enabled(if: executable("/usr/bin/tar", "/bin/tar") != nil))
    func tarSkipsTheCachesDirectory() throws {
        let tar = try #require(executable("/usr/bin/tar", "/bin/tar"))
        try withTemporaryDirectory { directory in
            let container = try AppContainer.sandbox(identifier: "app", root: directory + "/app")
            _ = FileManager.default.createFile(atPath: try container.path(forFile: "thumb.png", in: .caches), contents: Data([1]))
            _ = FileManager.default.createFile(atPath: try container.path(forFile: "notes.txt", in: .documents), contents: Data([2]))
            let archive = try runTool(tar, ["--exclude-caches", "-cf", directory + "/backup.tar", "-C", directory, "app"], in: directory)
            #expect(archive.status == 0, "\(archive.output)")
            let listing = try runTool(tar, ["-tf", directory + "/backup.tar"], in: directory).output
            #expect(listing.contains("app/Documents/notes.txt"))
            #expect(listing.contains("app/Library/Caches/CACHEDIR.TAG"))
            #expect(!listing.contains("thumb.png"))
        }
    }
}

/// `getxattr` straight from the C library, to check what BackupExclusion stored.
func getxattrViaLibc(_ path: String, _ name: String, _ buffer: inout [UInt8]) -> Int {
    typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    guard let symbol = dlsym(nil, "getxattr") else { return -1 }
    let function = unsafeBitCast(symbol, to: GetAttribute.self)
    let capacity = buffer.count
    return buffer.withUnsafeMutableBytes { function(path, name, $0.baseAddress, capacity) }
}

/// Runs `tool` (an absolute path) with `arguments`; returns its exit status and output.
func runTool(_ tool: String, _ arguments: [String], in directory: String) throws -> (status: Int32?, output: String) {
    let log = directory + "/tool-\(UInt32.random(in: 0...UInt32.max)).log"
    defer { unlink(log) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, tool, &actions, nil, argv, environ)
    guard result == 0 else { throw POSIXError(.init(rawValue: result) ?? .EIO) }
    let status = ChildProcess.wait(pid, timeout: 30)
    return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
}

/// The first of `candidates` that is an executable file.
func executable(_ candidates: String...) -> String? {
    candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}
