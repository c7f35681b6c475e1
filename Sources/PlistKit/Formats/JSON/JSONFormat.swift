#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON in plutil's dialect: the unit ``PlistFormat/json`` stands for.
///
/// Whole values through ``JSONReader`` and ``JSONWriter``; events through
/// ``JSONEventSource`` and ``JSONEventEmitter``; the decoder reads a ``Plist`` first.
struct JSONFormat: NativeTextFormat {
    var name: String { "json" }

    /// `[`, or `{` followed by `}` or by a quoted key and `:` (OpenStep follows a key with
    /// `=`), after an optional byte-order mark and white space.
    func detect(_ head: FormatHead) -> PlistFormatMatch? {
        switch head.firstCharacter {
        case UInt8(ascii: "["): .certain
        case UInt8(ascii: "{"): head.looksLikeJSONObject ? .certain : nil
        default: nil
        }
    }

    func read(_ bytes: ByteView, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try JSONReader.read(bytes, options: options)
    }

    func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        try JSONWriter.write(value, options: options)
    }

    func eventSource(_ input: EventInput, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        JSONEventSource(input, options: options)
    }

    func eventEmitter(output: EventOutput) -> any PlistEventEmitter {
        JSONEventEmitter()
    }
}
