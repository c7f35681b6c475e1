import Foundation

/// Where the checkout's `TestVectors/` folder is, for every test target.
public enum TestVectorFiles {
    /// The path of `TestVectors/` in this checkout (found from this file's own path).
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestVectors")
}
