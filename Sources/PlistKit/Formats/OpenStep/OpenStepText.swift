/// The UTF-8 text ``OpenStepParser`` reads, at a position that moves forward: one contiguous
/// buffer (``OpenStepScanner``) or a chunked input (``OpenStepStreamText``). Scalar tokens are
/// scanned by ``OpenStepScanner`` in both.
protocol OpenStepText {
    /// The byte `offset` bytes past the position, or nil past the end of the text.
    mutating func byte(at offset: Int) throws(PlistError) -> UInt8?
    /// Moves the position `count` bytes on, over bytes ``byte(at:)`` has returned.
    mutating func advance(_ count: Int) throws(PlistError)
    /// The scalar token at the position (its first byte is a quote, `<` or may start an
    /// unquoted string), with the position moved past it. On failure the position is left
    /// where the scanner stopped.
    mutating func scalar() throws(PlistError) -> Plist
    /// The string at the position (its first byte is a quote or may start an unquoted
    /// string), as ``scalar()`` reads it.
    mutating func string() throws(PlistError) -> String
    /// An error at the position, as line and column from the start of the text.
    func error(_ code: PlistError.Code, _ message: String) -> PlistError
    /// How many bytes of the text lie before the position.
    var offset: Int { get }
    /// True once a GNUstep typed value has been read.
    var sawTypedValue: Bool { get }
    /// Reads what is left of the input after the document's end, which must decode still.
    mutating func finish() throws(PlistError)
}
