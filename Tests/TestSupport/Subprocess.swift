import Foundation

/// What a child process returned and printed.
public struct SubprocessResult: Equatable, Sendable {
    /// The exit status, or the signal number when `signaled`.
    public var status: Int32
    /// Whether the process ended on a signal (a crash, or the watchdog's kill).
    public var signaled: Bool
    public var stdout: Data
    public var stderr: Data

    /// Standard error as text.
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// The one way the test suites start other programs (plistkit, plutil, python3, the test
/// runner itself).
///
/// Every pipe is closed as soon as it has been read and the watchdog holds the process weakly,
/// so a suite that starts thousands of processes keeps only a few descriptors open: Foundation's
/// `Process` on Linux corrupts memory once descriptor numbers pass `FD_SETSIZE` (1024).
/// Launches are serialised; waiting for the processes is not.
public enum Subprocess {
    private static let launchLock = NSLock()

    /// Runs `executable` with `arguments` and returns once it has exited.
    ///
    /// - Parameters:
    ///   - stdin: bytes written to the process's standard input (which is then closed); `nil`
    ///     gives it an empty input.
    ///   - directory: the working directory, or the current one.
    ///   - environment: the environment, or this process's.
    ///   - discardOutput: send standard output to `/dev/null` instead of collecting it.
    ///   - timeout: seconds after which a process still running is terminated.
    public static func run(
        _ executable: String, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
        environment: [String: String]? = nil, discardOutput: Bool = false, timeout: Double = 60
    ) throws -> SubprocessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = discardOutput ? nil : Pipe()
        let error = Pipe()
        let input = stdin == nil ? nil : Pipe()
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = error
        process.standardInput = input ?? FileHandle.nullDevice
        defer {
            try? output?.fileHandleForReading.close()
            try? error.fileHandleForReading.close()
        }
        do {
            launchLock.lock()
            defer { launchLock.unlock() }
            try process.run()
        }
        // (`run()` has closed this process's copies of the child's pipe ends.)
        let watchdog = DispatchWorkItem { [weak process] in
            if let process, process.isRunning { process.terminate() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }

        if let input, let stdin {
            // Written on another thread, so a child that prints before reading cannot deadlock us.
            let writer = input.fileHandleForWriting
            DispatchQueue.global().async {
                try? writer.write(contentsOf: stdin)
                try? writer.close()
            }
        }
        // Standard error is read on another thread while standard output is read here.
        let errorBox = DataBox()
        let group = DispatchGroup()
        let errorHandle = error.fileHandleForReading
        DispatchQueue.global().async(group: group) { errorBox.data = errorHandle.readDataToEndOfFile() }
        let stdout = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        group.wait()
        process.waitUntilExit()
        return SubprocessResult(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stdout: stdout, stderr: errorBox.data)
    }

    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }
}
