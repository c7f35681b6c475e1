import Foundation

/// What every fuzz target's `LLVMFuzzerTestOneInput` does first: wraps libFuzzer's bytes.
public enum FuzzInput {
    /// The input as `Data` (a copy, so that ASan sees reads past its end).
    public static func data(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Data {
        Data(UnsafeBufferPointer(start: bytes, count: size))
    }
}

/// Stops the run with a message when an oracle finds a bug. libFuzzer reports the trap as
/// a crash and saves the input.
public func fuzzFailure(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("fuzz oracle: \(message())", file: file, line: line)
}
