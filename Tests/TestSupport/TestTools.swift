import Foundation

/// The programs the suites run beside the library, and scratch directories for them.
public enum TestTools {
    /// The toolchain's `plutil`, when it is on `PATH`.
    public static let plutil: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/plutil"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// The built `plistkit`: beside the test runner, or in the debug build folder.
    public static let plistkit: String = {
        let runnerDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [runnerDirectory, runnerDirectory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("plistkit").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return TestVectorFiles.directory.deletingLastPathComponent().appendingPathComponent(".build/debug/plistkit").path
    }()

    /// A new scratch directory holding the given files.
    public static func scratch(_ files: [String: Data]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
        return directory
    }
}
