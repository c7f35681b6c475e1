/// Limits that every reader enforces, so hostile input fails fast instead of exhausting
/// the stack, the heap or the clock.
public struct PlistReadingOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and dictionaries accepted. Default 512.
    public var maximumDepth: Int

    /// Creates options; the defaults suit any file an Apple tool writes.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// The defaults.
    public static let `default` = PlistReadingOptions()
}
