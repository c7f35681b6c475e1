import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A fresh private directory under `parent` (the system temporary directory by default),
/// removed by `body`'s end.
func withTemporaryDirectory<T>(in parent: String = NSTemporaryDirectory(), _ body: (String) throws -> T) throws -> T {
    var template = Array((parent + "/pliststore-test-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    let path = String(cString: made).replacingOccurrences(of: "//", with: "/")
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// The permission bits of `path`.
func mode(of path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
}

/// The bytes of the file at `path`, or nil.
func contents(of path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// Child processes that re-run this test binary, selecting one test that acts as the child.
///
/// `swift test` runs the `.xctest` executable with `--testing-library swift-testing`; a
/// child runs the same executable (`/proc/self/exe`) with a `--filter` naming one test and an
/// environment variable saying which role it plays. Child tests are disabled unless that
/// variable is set, so a normal run skips them.
enum ChildProcess {
    static let roleVariable = "PLISTSTORE_TEST_CHILD_ROLE"
    static let parentVariable = "PLISTSTORE_TEST_PARENT_PID"

    /// The role this process plays, when it is a child.
    static var role: String? {
        ProcessInfo.processInfo.environment[roleVariable]
    }

    /// An environment variable of this (child) process.
    static func argument(_ name: String) -> String {
        ProcessInfo.processInfo.environment[name] ?? ""
    }

    /// Whether the parent that started this child has gone (the child should stop).
    static var parentIsGone: Bool {
        guard let expected = Int32(argument(parentVariable)) else { return false }
        return getppid() != expected
    }

    /// Starts the test named `testName` as a child in role `role`, output to `logPath`.
    static func spawn(testName: String, role: String, environment extra: [String: String], logPath: String) throws -> pid_t {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let arguments = [CommandLine.arguments.first ?? "tests", "--testing-library", "swift-testing", "--filter", testName]
        var environment = ProcessInfo.processInfo.environment
        environment[roleVariable] = role
        environment[parentVariable] = String(getpid())
        for (key, value) in extra { environment[key] = value }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw POSIXError(.init(rawValue: result) ?? .EIO) }
        return pid
    }

    /// Waits for `pid` to end, up to `timeout` seconds (then kills it).
    /// - Returns: the exit status, or nil when it was killed by a signal or the timeout.
    static func wait(_ pid: pid_t, timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return nil }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return nil
            }
            usleep(5_000)
        }
        // WIFEXITED / WEXITSTATUS are macros; spell them out.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Kills `pid` with SIGKILL and reaps it.
    static func killAndReap(_ pid: pid_t) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

