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
    /// Binary input given as `Data` only: a data value of 4 KiB or more is a `Data` that
    /// shares the input's storage instead of a copy of its bytes. Default true: decoding
    /// images or other large blobs copies nothing, but each such value keeps the whole input
    /// alive for as long as it lives. False copies every data value, so the result holds
    /// nothing of the input (what to choose when a few small values are kept from a large
    /// file). Either way the values are equal and behave alike; `Data`'s copy-on-write keeps
    /// a shared value from changing when the input's owner writes to its copy.
    public var sharesLargeData: Bool

    /// Creates options; the defaults suit any file an Apple tool writes.
    public init(maximumDepth: Int = 512, gnustepTypedValues: Bool = true, sharesLargeData: Bool = true) {
        self.maximumDepth = maximumDepth
        self.gnustepTypedValues = gnustepTypedValues
        self.sharesLargeData = sharesLargeData
    }

    /// The defaults.
    public static let `default` = PlistReadingOptions()
}
