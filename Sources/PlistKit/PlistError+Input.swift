/// The errors about the input as a whole, worded for the person who handed it over: it is
/// empty, or it is in none of the formats. Every reader that detects the format uses these,
/// so a file gets the same message whichever way it is read.
extension PlistError {
    /// What each format's input starts with, for messages that say none matched.
    static let formatOpenings = "a binary plist starts with \"bplist00\", XML with \"<?xml\" or \"<plist\", JSON with \"{\" or \"[\", and OpenStep text is UTF-8 or UTF-16 text"

    /// Input of no bytes at all: `.unknownFormat` when the format was to be detected, the
    /// reader's `code` when it was given.
    static func emptyInput(_ code: Code = .unknownFormat) -> PlistError {
        PlistError(code, "the input is empty (0 bytes), so it holds no property list", offset: 0)
    }

    /// The error for input whose first bytes look like no format (``PlistFormat/detect(_:)``
    /// returned nil): empty, or naming the byte it starts with.
    static func undetectedFormat(_ bytes: some Collection<UInt8>) -> PlistError {
        guard !bytes.isEmpty else { return emptyInput() }
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        let offset = bytes.prefix(while: isSpace).count
        let first = bytes.dropFirst(offset).first ?? bytes[bytes.startIndex]
        return PlistError(.unknownFormat, "no property-list format matches: the input starts with byte 0x\(hex(first)), but \(formatOpenings)", offset: offset)
    }

    /// The error for input that detection took for OpenStep text but that is not text at
    /// `location` (bytes that are not UTF-8): it was never a property list of any format.
    static func notText(at location: Location?) -> PlistError {
        PlistError(.unknownFormat, "no property-list format matches: the input is not text (it is not valid UTF-8 here), but \(formatOpenings)", at: location)
    }

    /// `error`, which the reader of the detected `format` threw, in the words of the input
    /// as a whole where the format says it shows that the input was never a property list
    /// (`NativePlistFormat.detectedInputError`).
    static func fromDetectedFormat(_ format: PlistFormat, _ error: PlistError, headLooksBinary: @autoclosure () -> Bool) -> PlistError {
        format.native?.detectedInputError(error, headLooksBinary: headLooksBinary) ?? error
    }

    private static func hex(_ byte: UInt8) -> String {
        byte < 0x10 ? "0" + String(byte, radix: 16, uppercase: true) : String(byte, radix: 16, uppercase: true)
    }
}
