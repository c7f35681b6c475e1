#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// NeXTSTEP/OpenStep text and `.strings` files: the unit ``PlistFormat/openStep`` stands for.
///
/// Whole values through ``OpenStepReader`` and ``OpenStepWriter``; events through
/// ``OpenStepEventSource`` and ``OpenStepEventEmitter``; the decoder reads a ``Plist`` first,
/// whose scalars are all strings, so a number decoded from one is a type mismatch, as in
/// Foundation's decoder.
struct OpenStepFormat: NativeTextFormat {
    var name: String { "openStep" }

    /// Every opening OpenStep text can have, as a fallback for input no other format is
    /// certain of: `{`, `(`, `<`, a quoted or unquoted string, a comment, white space alone
    /// (an empty dictionary, as CF reads it), or a zero in the first two bytes without a
    /// byte-order mark (CF reads UTF-16 from the third byte on).
    func detect(_ head: FormatHead) -> PlistFormatMatch? {
        if head.count > 0 && head.isComplete && head.isWhitespaceOnly { return .fallback }
        switch head.firstCharacter {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "/"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return .fallback
        default:
            return head.count > 2 && (head.first[0] == 0 || head.first[1] == 0) ? .fallback : nil
        }
    }

    func read(_ bytes: ByteView, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try OpenStepReader.read(bytes, options: options)
    }

    func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        try OpenStepWriter.write(value, options: options)
    }

    func eventSource(_ input: EventInput, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        try OpenStepEventSource(input, options: options)
    }

    func eventEmitter(output: EventOutput) -> any PlistEventEmitter {
        OpenStepEventEmitter()
    }

    /// Detection takes for OpenStep anything that starts like a word, so invalid UTF-8 in
    /// input whose head looks like binary data (``FormatSniffer/looksBinary(_:)``) means no
    /// format matched. OpenStep text with a stray byte (a Latin-1 `é`, say) keeps the
    /// reader's words.
    func detectedInputError(_ error: PlistError, headLooksBinary: () -> Bool) -> PlistError {
        guard error.code == .invalidString, headLooksBinary() else { return error }
        return .notText(at: error.location)
    }
}
