/// Where the entries of one container sit in OpenStep text: what ``OpenStepDocument`` edits
/// the text by, so that the text around an edit (comments, layout, quoting) stays as it was.
///
/// Read only from text that ``OpenStepReader`` has already read whole. CF's recovery from an
/// unfinished array element is not followed here: such text fails to give spans, and the
/// document is then written anew.
struct OpenStepSpans {
    enum Kind: Equatable {
        case dictionary, array
        /// The entries of a `.strings` file, without braces.
        case stringsFile
    }

    /// One dictionary entry (`key = value;`, or `key;` meaning `key = key;`) or array element,
    /// as offsets in the text.
    struct Entry {
        /// The key, nil for an array element.
        var key: String?
        /// Where the entry starts: its key, or the element's first byte.
        var start: Int
        /// The value's first byte and the byte after its last; both at the `;` of `key;`.
        var valueStart: Int
        var valueEnd: Int
        /// After the entry's `;`, or the element's end.
        var end: Int
        /// True for `key;`.
        var isShorthand: Bool { valueStart == valueEnd }
    }

    var kind: Kind
    /// The offset of `{` or `(`; nil for a `.strings` file.
    var open: Int?
    /// The offset of `}` or `)`; for a `.strings` file, the end of its last entry.
    var close: Int
    var entries: [Entry]
    /// How many containers enclose the entries (1 for the root's).
    var depth: Int
}

extension OpenStepReader {
    /// The spans of the container at `path` (dictionary keys and array indices) in `text`,
    /// or nil when there is none there (or the document is white space and comments only).
    static func spans(ofContainerAt path: ArraySlice<String>, in text: UnsafeBufferPointer<UInt8>, options: PlistReadingOptions) throws(PlistError) -> OpenStepSpans? {
        var reader = OpenStepReader(text, options: options)
        guard var container = try reader.rootSpans() else { return nil }
        for component in path {
            let entry: OpenStepSpans.Entry
            if container.kind == .array {
                guard let position = Int(component), container.entries.indices.contains(position) else { return nil }
                entry = container.entries[position]
            } else {
                guard let found = container.entries.last(where: { $0.key == component }) else { return nil }
                entry = found
            }
            reader.index = entry.valueStart
            guard !entry.isShorthand, let inner = try reader.containerSpans(depth: container.depth + 1) else { return nil }
            container = inner
        }
        return container
    }

    /// The root's spans: a braced container, or a `.strings` file's entries.
    private mutating func rootSpans() throws(PlistError) -> OpenStepSpans? {
        guard skipWhitespace() else { return nil }
        if let container = try containerSpans(depth: 1) { return container }
        let entries = try dictionaryEntries(depth: 1)
        guard !entries.isEmpty else { return nil }
        return OpenStepSpans(kind: .stringsFile, open: nil, close: entries.last!.end, entries: entries, depth: 1)
    }

    /// The spans of the `{…}` or `(…)` at the current position (after white space), or nil
    /// when something else is there.
    private mutating func containerSpans(depth: Int) throws(PlistError) -> OpenStepSpans? {
        guard skipWhitespace() else { return nil }
        let open = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            let entries = try dictionaryEntries(depth: depth)
            guard skipWhitespace(), bytes[index] == UInt8(ascii: "}") else { throw error(.syntax, "expected '}'") }
            return OpenStepSpans(kind: .dictionary, open: open, close: index, entries: entries, depth: depth)
        case UInt8(ascii: "("):
            index += 1
            var elements: [OpenStepSpans.Entry] = []
            while skipWhitespace() {
                let start = index
                guard try parseObject(required: false, depth: depth) != nil else { break }
                elements.append(.init(key: nil, start: start, valueStart: start, valueEnd: index, end: index))
                guard skipWhitespace(), bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            guard skipWhitespace(), bytes[index] == UInt8(ascii: ")") else { throw error(.syntax, "expected ')'") }
            return OpenStepSpans(kind: .array, open: open, close: index, entries: elements, depth: depth)
        default:
            return nil
        }
    }

    /// The entries of a dictionary from the current position to the first thing that cannot
    /// start a key, as `parseDictionaryContent(depth:)` reads them.
    private mutating func dictionaryEntries(depth: Int) throws(PlistError) -> [OpenStepSpans.Entry] {
        var entries: [OpenStepSpans.Entry] = []
        while skipWhitespace() {
            let start = index
            let parsedKey: String?
            do {
                parsedKey = try parseKey()
            } catch {
                break
            }
            guard let key = parsedKey, skipWhitespace() else { break }
            var valueStart = index
            if bytes[index] == UInt8(ascii: "=") {
                index += 1
                _ = skipWhitespace()
                valueStart = index
                _ = try parseObject(required: true, depth: depth)
            }
            let valueEnd = index
            guard skipWhitespace(), bytes[index] == UInt8(ascii: ";") else { throw error(.syntax, "expected ';'") }
            index += 1
            entries.append(.init(key: key, start: start, valueStart: valueStart, valueEnd: valueEnd, end: index))
        }
        return entries
    }
}
