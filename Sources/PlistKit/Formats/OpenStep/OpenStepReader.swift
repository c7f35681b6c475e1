#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads NeXT/OpenStep text property lists and `.strings` files into a ``Plist``: the value
/// ``OpenStepParser``'s events describe, over the whole text in memory, assembled as the
/// parser reports them. Every scalar is a string (GNUstep's typed values aside), as `plutil`
/// and `PropertyListSerialization` read it; where CF drops an array element that failed, so
/// does the value.
///
/// One pass over the UTF-8 text (UTF-16 and UTF-32 input is transcoded first, see
/// ``OpenStepInput``); strings without escapes are made straight from the input. Errors
/// carry the line and column (in characters) where the parser stopped.
enum OpenStepReader {
    /// What a document holds and how it was written.
    struct Document {
        var value: Plist
        var isStringsFile: Bool
        var hasTypedValues: Bool
        var hasComments: Bool
    }

    static func read(_ buffer: ByteView, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try readDocument(buffer, options: options).value
    }

    static func readDocument(_ buffer: ByteView, options: PlistReadingOptions) throws(PlistError) -> Document {
        guard !buffer.isEmpty else { throw PlistError.emptyInput(.truncated) }
        return try OpenStepInput.withUTF8(buffer) { (text) throws(PlistError) -> Document in
            guard !text.isEmpty else { throw PlistError(.truncated, "OpenStep text is empty", at: .lineColumn(line: 1, column: 1)) }
            var parser = OpenStepParser(OpenStepScanner(text, options: options), options: options)
            var builder = TreeBuilder()
            try parser.parse(into: &builder)
            guard let value = builder.root else { throw parser.text.error(.truncated, "OpenStep text ends inside a container") }
            return Document(value: value, isStringsFile: parser.isStringsFile, hasTypedValues: parser.text.sawTypedValue, hasComments: parser.sawComment)
        }
    }

    /// Assembles the value from the parser's calls. The innermost open container is kept
    /// apart from the ones around it, so that a value is added to it without a look into
    /// the stack.
    private struct TreeBuilder: OpenStepEventHandler {
        /// An open container around the innermost one.
        private enum Enclosing {
            case array([Plist])
            /// A dictionary and the key of its entry being read.
            case dictionary(PlistDictionary, key: String)
        }

        private enum Innermost {
            case none, array, dictionary
        }

        /// The document's value, once read.
        private(set) var root: Plist?
        private var innermost = Innermost.none
        /// The innermost container's elements or entries (the other one is empty), and the key
        /// of the entry being read.
        private var elements: [Plist] = []
        private var entries = PlistDictionary()
        private var key = ""
        /// The containers around the innermost one, outermost first.
        private var enclosing: [Enclosing] = []

        mutating func startDictionary() {
            enclose()
            innermost = .dictionary
        }

        mutating func startArray() {
            enclose()
            innermost = .array
        }

        @inline(__always)
        mutating func key(_ key: consuming String) {
            self.key = key
        }

        @inline(__always)
        mutating func scalar(_ value: consuming Plist) {
            add(value)
        }

        mutating func endDictionary() {
            var finished = PlistDictionary()
            swap(&finished, &entries)
            close(with: .dictionary(finished))
        }

        mutating func endArray() {
            var finished: [Plist] = []
            swap(&finished, &elements)
            close(with: .array(finished))
        }

        mutating func endArrayDroppingElement(openContainers: Int) {
            for _ in 0..<openContainers {
                elements = []
                entries = [:]
                close(with: nil)
            }
            endArray()
        }

        /// Moves the innermost container (if any) onto the stack, to start a new one.
        @inline(__always)
        private mutating func enclose() {
            switch innermost {
            case .none:
                return
            case .array:
                var moved: [Plist] = []
                swap(&moved, &elements)
                enclosing.append(.array(moved))
            case .dictionary:
                var moved = PlistDictionary()
                swap(&moved, &entries)
                enclosing.append(.dictionary(moved, key: key))
            }
        }

        /// Ends the innermost container, whose value is `value` (nil when it is dropped),
        /// and adds the value to the container around it.
        @inline(__always)
        private mutating func close(with value: Plist?) {
            switch enclosing.popLast() {
            case nil:
                innermost = .none
                root = value
                return
            case .array(let outer)?:
                elements = outer
                innermost = .array
            case .dictionary(let outer, let outerKey)?:
                entries = outer
                key = outerKey
                innermost = .dictionary
            }
            if let value { add(value) }
        }

        @inline(__always)
        private mutating func add(_ value: consuming Plist) {
            switch innermost {
            case .array: elements.append(value)
            case .dictionary: entries[PlistKey(key)] = value
            case .none: root = value
            }
        }
    }
}
