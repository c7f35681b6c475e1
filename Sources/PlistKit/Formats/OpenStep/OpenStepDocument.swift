#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// OpenStep text or a `.strings` file that edits change in place: an edit rewrites only the
/// entry it changes, so comments, blank lines, quoting and the order of everything else stay
/// as they were.
///
/// - An edited value is written over the old one; a new dictionary entry goes after the
///   container's last entry (on a line of its own, indented as the entry above it, when the
///   container spans lines); a new array element goes before the element at its index, or
///   after the last.
/// - Removing an entry removes its lines when it has them to itself, along with the comment
///   lines directly above it (Xcode's `/* … */` note on a `.strings` entry); every other
///   comment stays.
/// - Text that the in-place edit cannot follow (CF's recovery from an unfinished array
///   element) is written anew in the layout `encoded(as: .openStep)` gives instead, and
///   ``droppedComments`` says whether that lost comments.
///
/// The text is kept as UTF-8 (a UTF-16 `.strings` file is written back as UTF-8). Values
/// are written as ``Plist/decodedOpenStep(_:options:)`` says: a `.strings` file stays one,
/// GNUstep typed values stay typed; a document of white space and comments only takes a
/// `.strings` file's entries when its value is a dictionary of strings.
public struct OpenStepDocument: Sendable {
    /// The document's UTF-8 text.
    public private(set) var text: [UInt8]
    /// The document's value.
    public private(set) var value: Plist
    /// How the document's values are written.
    public let writingOptions: PlistWritingOptions
    /// True when the text holds `//` or `/* */` comments.
    public private(set) var hasComments: Bool
    /// True when an edit had to write the document anew and the text had comments, which
    /// are then gone.
    public private(set) var droppedComments = false
    private let readingOptions: PlistReadingOptions

    /// Reads OpenStep text or a `.strings` file.
    /// - Throws: ``PlistError`` as ``Plist/decodedOpenStep(_:options:)`` does.
    public init(_ bytes: some Collection<UInt8>, options: PlistReadingOptions = .default) throws(PlistError) {
        let (text, document) = try Plist.withContiguousBytes(bytes) { (buffer) throws(PlistError) in
            guard !buffer.isEmpty else { throw PlistError(.truncated, "input is empty", offset: 0) }
            return try OpenStepInput.withUTF8(buffer) { (text) throws(PlistError) in
                (text.array, try OpenStepReader.readDocument(text, options: options))
            }
        }
        self.text = text
        value = document.value
        hasComments = document.hasComments
        readingOptions = options
        let stringsOnly = document.value.dictionary?.values.allSatisfy { $0.string != nil } ?? false
        writingOptions = PlistWritingOptions(gnustepTypedValues: document.hasTypedValues,
                                             stringsFile: document.isStringsFile && stringsOnly)
    }

    /// The text as data.
    public var data: Data { Data(text) }

    /// Puts `newValue` at a plutil-style key path, as ``Plist/setting(_:atKeyPath:mode:)``
    /// does, rewriting only the entry it changes.
    /// - Throws: ``PlistError``: `.keyPath` when the path does not lead to a place for the
    ///   value, `.unrepresentable` when the document's form cannot hold it.
    public mutating func set(_ newValue: Plist, atKeyPath keyPath: String, mode: Plist.EditMode) throws(PlistError) {
        let edited = try value.setting(newValue, atKeyPath: keyPath, mode: mode)
        var components = Plist.keyPathComponents(keyPath)
        let last = components.removeLast()
        try replaceText(with: edited) { (editor) throws(PlistError) in
            try editor.set(newValue, key: last, in: components, mode: mode)
        }
    }

    /// Removes the value at a plutil-style key path, as ``Plist/removing(atKeyPath:)`` does,
    /// with the lines that held it and the comment lines directly above it.
    /// - Throws: ``PlistError`` with code `.keyPath` when there is nothing at the path.
    public mutating func remove(atKeyPath keyPath: String) throws(PlistError) {
        let edited = try value.removing(atKeyPath: keyPath)
        var components = Plist.keyPathComponents(keyPath)
        let last = components.removeLast()
        try replaceText(with: edited) { (editor) throws(PlistError) in
            try editor.remove(key: last, in: components)
        }
    }

    /// Makes `edited` the value: through `edit` on the text when that reads back to
    /// `edited`, else by writing it anew.
    private mutating func replaceText(with edited: Plist, _ edit: (inout OpenStepTextEditor) throws(PlistError) -> Void) throws(PlistError) {
        let options = writingOptions
        // Whether the form can hold the value at all, with the error naming where it cannot.
        let rewritten = try OpenStepWriter.write(edited, options: options)
        var editor = OpenStepTextEditor(text: text, edited: edited, writing: options, reading: readingOptions)
        let editedText: (text: [UInt8], hasComments: Bool)? = {
            do {
                try edit(&editor)
            } catch {
                return nil
            }
            guard let document = try? ByteView.with(editor.text, { (buffer) throws(PlistError) in try OpenStepReader.readDocument(buffer, options: readingOptions) }),
                  document.value == edited else { return nil }
            return (editor.text, document.hasComments)
        }()
        if let editedText {
            text = editedText.text
            hasComments = editedText.hasComments
        } else {
            droppedComments = droppedComments || hasComments
            text = Array(rewritten)
            hasComments = false
        }
        value = edited
    }
}
