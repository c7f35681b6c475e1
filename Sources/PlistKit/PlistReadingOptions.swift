/// Limits that every reader enforces, so hostile input fails fast instead of exhausting
/// the stack, the heap or the clock.
public struct PlistReadingOptions: Sendable, Hashable {
    /// The deepest nesting of arrays and dictionaries accepted. Default 512.
    public var maximumDepth: Int
    /// OpenStep text only: read GNUstep's typed values (`<*I12>`, `<*R1.5>`, `<*BY>`,
    /// `<*D2020-01-01 12:00:00 +0000>`, `<[base64]>`) as integers, reals, booleans, dates and
    /// data. Default true: CF refuses these forms, so reading them changes the meaning of no
    /// file CF reads. False refuses them as CF does.
    public var gnustepTypedValues: Bool

    /// Creates options; the defaults suit any file an Apple tool writes.
    public init(maximumDepth: Int = 512, gnustepTypedValues: Bool = true) {
        self.maximumDepth = maximumDepth
        self.gnustepTypedValues = gnustepTypedValues
    }

    /// The defaults.
    public static let `default` = PlistReadingOptions()
}
