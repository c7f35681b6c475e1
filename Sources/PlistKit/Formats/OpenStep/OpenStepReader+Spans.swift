/// Where the entries of one container sit in OpenStep text: what ``OpenStepDocument`` edits
/// the text by, so that the text around an edit (comments, layout, quoting) stays as it was.
///
/// Read from ``OpenStepParser``'s events, only from text that ``OpenStepReader`` has already
/// read whole. A container that CF's recovery ends without its failed element gives no spans
/// (an error), and the document is then written anew.
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
    static func spans(ofContainerAt path: ArraySlice<String>, in text: ByteView, options: PlistReadingOptions) throws(PlistError) -> OpenStepSpans? {
        var document = OpenStepParser(OpenStepScanner(text, options: options), options: options)
        guard var container = try spans(&document, depth: 1) else { return nil }
        for component in path {
            let entry: OpenStepSpans.Entry
            if container.kind == .array {
                guard let position = Int(component), container.entries.indices.contains(position) else { return nil }
                entry = container.entries[position]
            } else {
                guard let found = container.entries.last(where: { $0.key == component }) else { return nil }
                entry = found
            }
            guard !entry.isShorthand else { return nil }
            var parser = OpenStepParser(value: OpenStepScanner(text, options: options, at: entry.valueStart), depth: container.depth, options: options)
            guard let inner = try spans(&parser, depth: container.depth + 1) else { return nil }
            container = inner
        }
        return container
    }

    /// The spans of the container `parser` starts with (its entries `depth` containers deep),
    /// or nil when its value is no container, or the document is white space and comments
    /// only. The events after the container's end are not read.
    private static func spans(_ parser: inout OpenStepParser<OpenStepScanner>, depth: Int) throws(PlistError) -> OpenStepSpans? {
        let kind: OpenStepSpans.Kind
        switch try parser.next() {
        case .startDictionary?:
            if parser.isStringsFile {
                kind = .stringsFile
            } else {
                // An empty document reads as a dictionary without braces.
                guard parser.text.byte(at: 0) != nil, parser.text.bytes[parser.eventStart] == UInt8(ascii: "{") else { return nil }
                kind = .dictionary
            }
        case .startArray?: kind = .array
        default: return nil
        }
        let open = kind == .stringsFile ? nil : parser.eventStart
        var entries: [OpenStepSpans.Entry] = []
        /// The entry being read: its key and start, then its value's start.
        var key: String?
        var start = 0
        var valueStart = 0
        /// How many containers are open inside the one whose spans these are.
        var level = 0
        /// True after a dictionary entry's value, until the `;` after it is read.
        var awaitingSemicolon = false
        while true {
            guard let event = try parser.next() else { throw parser.text.error(.truncated, "the container is not closed") }
            if level == 0 {
                if awaitingSemicolon {
                    entries[entries.count - 1].end = parser.entryEnd
                    awaitingSemicolon = false
                }
                switch event {
                case .key(let name):
                    key = name
                    start = parser.eventStart
                    continue
                case .endDictionary, .endArray:
                    let close = kind == .stringsFile ? entries.last?.end : parser.eventStart
                    guard let close else { return nil }
                    return OpenStepSpans(kind: kind, open: open, close: close, entries: entries, depth: depth)
                case .endArrayDroppingElement:
                    throw parser.text.error(.syntax, "an element of the container is dropped")
                case .startDictionary, .startArray, .scalar:
                    valueStart = parser.eventStart
                    if kind == .array { start = valueStart }
                }
            }
            switch event {
            case .startDictionary, .startArray: level += 1
            case .endDictionary, .endArray: level -= 1
            case .endArrayDroppingElement(let unfinished):
                level -= unfinished + 1
                guard level >= 0 else { throw parser.text.error(.syntax, "an element of the container is dropped") }
            case .key, .scalar: break
            }
            if level == 0 {
                let valueEnd = parser.text.offset
                entries.append(.init(key: key, start: start, valueStart: valueStart, valueEnd: valueEnd, end: valueEnd))
                awaitingSemicolon = kind != .array
            }
        }
    }
}
