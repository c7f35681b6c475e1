import Foundation

/// The programs the suites run beside the library, and scratch directories for them.
public enum TestTools {
    /// Whether this is the full run: `PLISTKIT_FULL_TESTS=1` in the environment (CI sets it,
    /// see CONTRIBUTING.md, "Tests"). The default run, for a newcomer's `swift test`, keeps
    /// every test but gives the slowest ones a sample of their corpus or smaller sizes; the
    /// full run gives them everything.
    ///
    /// Tests that run only in the full run say so with
    /// `.enabled(if: TestTools.fullRun, "…")`; tests with a smaller default read
    /// ``scaled(_:full:)`` or ``sample(_:every:keeping:group:)``.
    public static let fullRun: Bool = ProcessInfo.processInfo.environment["PLISTKIT_FULL_TESTS"] == "1"

    /// `quick` in the default run, `full` in the full run: a size or an iteration count.
    public static func scaled<T>(_ quick: T, full: T) -> T { fullRun ? full : quick }

    /// Every item in the full run; by default every `stride`-th item of each group (the
    /// group's first included), so each group (a folder of `TestVectors/`, say) is still
    /// represented, and every item `keeping` picks (the known exceptions a test checks).
    /// The order of `items` is kept; the choice is the same on every run.
    public static func sample<T>(
        _ items: [T], every stride: Int, keeping: (T) -> Bool = { _ in false }, group: (T) -> String
    ) -> [T] {
        guard !fullRun, stride > 1 else { return items }
        var seen: [String: Int] = [:]
        return items.filter { item in
            if keeping(item) { return true }
            let key = group(item)
            let index = seen[key, default: 0]
            seen[key] = index + 1
            return index % stride == 0
        }
    }

    /// ``sample(_:every:keeping:group:)`` over paths relative to `TestVectors/`, grouped by
    /// folder.
    public static func sample(_ files: [String], every stride: Int, keeping: (String) -> Bool = { _ in false }) -> [String] {
        sample(files, every: stride, keeping: keeping) { file in
            file.lastIndex(of: "/").map { String(file[..<$0]) } ?? ""
        }
    }

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
