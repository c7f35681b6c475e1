#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Plist {
    /// Decodes OpenStep text (or a `.strings` file) and returns, with the value, the writing
    /// options that write it back in the same form: ``PlistWritingOptions/stringsFile`` for a
    /// `.strings` file, ``PlistWritingOptions/gnustepTypedValues`` when it holds GNUstep's
    /// typed values. A tool that edits a file in place uses them to keep the file's form.
    /// A `.strings` file whose values are not all strings (CF reads `key = (a, b);` there too)
    /// comes back without `stringsFile`, since that form cannot be written with such values:
    /// it is written in braces, which reads back to the same value.
    ///
    /// Like `PropertyListSerialization.propertyList(from:options:format:)` given old-style
    /// text: every scalar is a string (GNUstep's typed values aside).
    /// - Throws: ``PlistError`` with the line and column of the problem.
    public static func decodedOpenStep(_ bytes: some Collection<UInt8>, options: PlistReadingOptions = .default) throws(PlistError) -> (value: Plist, writingOptions: PlistWritingOptions) {
        try withContiguousBytes(bytes) { (buffer) throws(PlistError) in
            let document = try OpenStepReader.readDocument(buffer, options: options)
            let stringsOnly = document.value.dictionary?.values.allSatisfy { $0.string != nil } ?? false
            let writing = PlistWritingOptions(gnustepTypedValues: document.hasTypedValues,
                                              stringsFile: document.isStringsFile && stringsOnly)
            return (document.value, writing)
        }
    }
}
