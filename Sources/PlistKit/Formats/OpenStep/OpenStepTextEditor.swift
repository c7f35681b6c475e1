/// The text edits behind ``OpenStepDocument``: each replaces one run of bytes, found through
/// ``OpenStepSpans``, and leaves the rest of the text alone. A failure (a throw, or text the
/// document finds does not read back to the edited value) makes the document write the value
/// anew instead.
struct OpenStepTextEditor {
    var text: [UInt8]
    let edited: Plist
    let writing: PlistWritingOptions
    let reading: PlistReadingOptions
    /// The text's line ending: CR LF when its first line ends so, else LF.
    let newline: [UInt8]

    init(text: [UInt8], edited: Plist, writing: PlistWritingOptions, reading: PlistReadingOptions) {
        self.text = text
        self.edited = edited
        self.writing = writing
        self.reading = reading
        if let lf = text.firstIndex(of: 0x0A), lf > 0, text[lf - 1] == 0x0D {
            newline = [0x0D, 0x0A]
        } else {
            newline = [0x0A]
        }
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D

    private var cannotEdit: PlistError { PlistError(.unsupportedFormat, "the text cannot be edited in place") }

    private func spans(_ path: [String]) throws(PlistError) -> OpenStepSpans? {
        try ByteView.with(text) { (buffer) throws(PlistError) in
            try OpenStepReader.spans(ofContainerAt: path[...], in: buffer, options: reading)
        }
    }

    // MARK: Edits

    /// Puts `newValue` at `key` of the container at `path`.
    mutating func set(_ newValue: Plist, key: String, in path: [String], mode: Plist.EditMode) throws(PlistError) {
        guard let container = try spans(path) else {
            guard path.isEmpty else { throw cannotEdit }
            return try appendWholeValue()
        }
        if mode == .append {
            guard let array = try spans(path + [key]), array.kind == .array else { throw cannotEdit }
            return try insertElement(newValue, at: array.entries.count, in: array)
        }
        switch container.kind {
        case .array:
            guard let position = Int(key) else { throw cannotEdit }
            if mode == .replace, container.entries.indices.contains(position) {
                try replaceValue(of: container.entries[position], with: newValue, quoted: false)
            } else {
                try insertElement(newValue, at: position, in: container)
            }
        case .dictionary, .stringsFile:
            if let entry = container.entries.last(where: { $0.key == key }) {
                try replaceValue(of: entry, with: newValue, quoted: container.kind == .stringsFile)
            } else {
                try insertEntry(key, newValue, in: container)
            }
        }
    }

    /// Removes `key` from the container at `path`: every entry of a dictionary key that is
    /// written more than once.
    mutating func remove(key: String, in path: [String]) throws(PlistError) {
        guard let container = try spans(path) else { throw cannotEdit }
        if container.kind == .array {
            guard let position = Int(key), container.entries.indices.contains(position) else { throw cannotEdit }
            return removeElement(at: position, of: container)
        }
        let entries = container.entries.indices.filter { container.entries[$0].key == key }
        guard !entries.isEmpty else { throw cannotEdit }
        for index in entries.reversed() {
            let floor = index > 0 ? container.entries[index - 1].end : (container.open.map { $0 + 1 } ?? 0)
            removeEntry(container.entries[index], floor: floor)
        }
    }

    // MARK: Setting

    /// A document of white space and comments only: the value is written after them.
    private mutating func appendWholeValue() throws(PlistError) {
        var options = writing
        let strings = edited.dictionary?.values.allSatisfy { $0.string != nil } ?? false
        options.stringsFile = strings && !(edited.dictionary?.isEmpty ?? true)
        let written = indented(Array(try OpenStepWriter.write(edited, options: options)), by: [])
        if let last = text.last, last != Self.lf && last != Self.cr { text += newline }
        text += written
    }

    private mutating func replaceValue(of entry: OpenStepSpans.Entry, with newValue: Plist, quoted: Bool) throws(PlistError) {
        let rendered = indented(try OpenStepWriter.fragment(newValue, options: writing, quoted: quoted), by: leadingWhitespace(ofLineAt: entry.start))
        if entry.isShorthand {
            text.insert(contentsOf: Array(" = ".utf8) + rendered, at: entry.valueStart)
        } else {
            text.replaceSubrange(entry.valueStart..<entry.valueEnd, with: rendered)
        }
    }

    private mutating func insertEntry(_ key: String, _ newValue: Plist, in container: OpenStepSpans) throws(PlistError) {
        let stringsFile = container.kind == .stringsFile
        func entry(indent: [UInt8]) throws(PlistError) -> [UInt8] {
            indented(try OpenStepWriter.entry(key: key, value: newValue, options: writing, quoted: stringsFile), by: indent)
        }
        guard let last = container.entries.last else { return try insertIntoEmpty(container, try entry(indent: innerIndent(of: container))) }
        if stringsFile || spansLines(container) {
            let indent = leadingWhitespace(ofLineAt: last.start)
            let position = endOfTrivia(from: last.end) ?? last.end
            text.insert(contentsOf: newline + indent + (try entry(indent: indent)), at: position)
        } else {
            text.insert(contentsOf: [Self.space] + (try entry(indent: [])), at: last.end)
        }
    }

    private mutating func insertElement(_ newValue: Plist, at position: Int, in array: OpenStepSpans) throws(PlistError) {
        func element(indent: [UInt8]) throws(PlistError) -> [UInt8] {
            indented(try OpenStepWriter.fragment(newValue, options: writing, quoted: false), by: indent)
        }
        guard !array.entries.isEmpty else { return try insertIntoEmpty(array, try element(indent: innerIndent(of: array))) }
        let multiLine = spansLines(array)
        if position < array.entries.count {
            let target = array.entries[position]
            let indent = leadingWhitespace(ofLineAt: target.start)
            let separator = multiLine ? Array(",".utf8) + newline + indent : Array(", ".utf8)
            text.insert(contentsOf: (try element(indent: indent)) + separator, at: target.start)
        } else {
            let last = array.entries[array.entries.count - 1]
            let indent = leadingWhitespace(ofLineAt: last.start)
            let separator = multiLine ? Array(",".utf8) + newline + indent : Array(", ".utf8)
            text.insert(contentsOf: separator + (try element(indent: indent)), at: last.end)
        }
    }

    /// The indentation of the entries of an empty container: four spaces more than its line's.
    private func innerIndent(of container: OpenStepSpans) -> [UInt8] {
        leadingWhitespace(ofLineAt: container.open ?? 0) + Array(repeating: Self.space, count: 4)
    }

    /// Puts the first entry or element, `item` (indented by ``innerIndent(of:)``), into `{}`
    /// or `()` (which may hold white space and comments), on a line of its own.
    private mutating func insertIntoEmpty(_ container: OpenStepSpans, _ item: [UInt8]) throws(PlistError) {
        guard let open = container.open else { throw cannotEdit }
        let outer = leadingWhitespace(ofLineAt: open)
        let inner = innerIndent(of: container)
        let interior = (open + 1)..<container.close
        if text[interior].allSatisfy({ Self.isWhiteSpace($0) }) {
            text.replaceSubrange(interior, with: newline + inner + item + newline + outer)
        } else if text[lineStart(container.close)..<container.close].allSatisfy({ $0 == Self.space || $0 == Self.tab }) {
            text.insert(contentsOf: inner + item + newline, at: lineStart(container.close))
        } else {
            text.insert(contentsOf: [Self.space] + item + [Self.space], at: container.close)
        }
    }

    // MARK: Removing

    /// Removes a dictionary entry: its lines, and the comment lines directly above them, when
    /// it has them to itself (nothing but white space before it, white space or a comment
    /// after it); otherwise the entry and the spaces after it. `floor` is where the text
    /// before the entry that belongs to it can start (the end of the entry before).
    private mutating func removeEntry(_ entry: OpenStepSpans.Entry, floor: Int) {
        var start = entry.start
        var end = entry.end
        let lineBegin = lineStart(start)
        if lineBegin >= floor, text[lineBegin..<start].allSatisfy({ $0 == Self.space || $0 == Self.tab }),
           let lineEnd = endOfTrivia(from: end) {
            start = commentLinesStart(above: lineBegin, floor: floor)
            end = afterNewline(lineEnd)
            // A blank line on both sides: keep one.
            if start > 0, isBlankLine(endingAt: start), end < text.count, let next = endOfTrivia(from: end),
               text[end..<next].allSatisfy({ $0 == Self.space || $0 == Self.tab }), next < text.count {
                end = afterNewline(next)
            }
        } else {
            while end < text.count, text[end] == Self.space || text[end] == Self.tab { end += 1 }
        }
        text.removeSubrange(start..<end)
    }

    /// Removes an array element with the comma between it and a neighbour.
    private mutating func removeElement(at position: Int, of array: OpenStepSpans) {
        let entries = array.entries
        if entries.count == 1, let open = array.open {
            text.removeSubrange((open + 1)..<array.close)
        } else if position < entries.count - 1 {
            text.removeSubrange(entries[position].start..<entries[position + 1].start)
        } else {
            text.removeSubrange(entries[position - 1].end..<entries[position].end)
        }
    }

    /// Where the comment lines directly above the line starting at `lineBegin` start (no
    /// blank line between, each line a comment alone), not before `floor`.
    private func commentLinesStart(above lineBegin: Int, floor: Int) -> Int {
        var start = lineBegin
        while start > floor {
            let previousEnd = start - 1  // the previous line's LF or CR
            var contentEnd = previousEnd
            if contentEnd > 0, text[contentEnd] == Self.lf, text[contentEnd - 1] == Self.cr { contentEnd -= 1 }
            let previousStart = lineStart(previousEnd)
            guard previousStart >= floor else { break }
            var first = previousStart
            while first < contentEnd, text[first] == Self.space || text[first] == Self.tab { first += 1 }
            var last = contentEnd
            while last > first, text[last - 1] == Self.space || text[last - 1] == Self.tab { last -= 1 }
            guard last - first >= 2 else { break }
            if text[first] == UInt8(ascii: "/") && text[first + 1] == UInt8(ascii: "/") {
                start = previousStart
            } else if text[last - 2] == UInt8(ascii: "*") && text[last - 1] == UInt8(ascii: "/"),
                      let opening = commentOpening(before: last - 2), opening >= floor,
                      text[lineStart(opening)..<opening].allSatisfy({ $0 == Self.space || $0 == Self.tab }) {
                start = lineStart(opening)
            } else {
                break
            }
        }
        return start
    }

    /// The `/*` that opens the comment whose `*/` is at `closing`.
    private func commentOpening(before closing: Int) -> Int? {
        var index = closing - 1
        while index > 0 {
            if text[index - 1] == UInt8(ascii: "/") && text[index] == UInt8(ascii: "*") { return index - 1 }
            index -= 1
        }
        return nil
    }

    // MARK: Lines

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lf || byte == cr || byte == 0x0B || byte == 0x0C
    }

    /// True when the container's text has a line break before its first entry.
    private func spansLines(_ container: OpenStepSpans) -> Bool {
        guard let open = container.open, let first = container.entries.first else { return true }
        return text[(open + 1)..<first.start].contains { $0 == Self.lf || $0 == Self.cr }
    }

    private func lineStart(_ position: Int) -> Int {
        var index = position
        while index > 0, text[index - 1] != Self.lf, text[index - 1] != Self.cr { index -= 1 }
        return index
    }

    /// The spaces and tabs that start the line holding `position`.
    private func leadingWhitespace(ofLineAt position: Int) -> [UInt8] {
        var index = lineStart(position)
        let start = index
        while index < position, text[index] == Self.space || text[index] == Self.tab { index += 1 }
        return Array(text[start..<index])
    }

    /// Where the line ends (its CR or LF, or the end of the text) when only spaces, tabs and
    /// comments closed on the line follow `position`; nil when anything else does.
    private func endOfTrivia(from position: Int) -> Int? {
        var index = position
        while index < text.count {
            switch text[index] {
            case Self.space, Self.tab: index += 1
            case Self.lf, Self.cr: return index
            case UInt8(ascii: "/") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "/"):
                while index < text.count, text[index] != Self.lf, text[index] != Self.cr { index += 1 }
                return index
            case UInt8(ascii: "/") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < text.count, !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) {
                    if text[index] == Self.lf || text[index] == Self.cr { return nil }
                    index += 1
                }
                guard index + 1 < text.count else { return nil }
                index += 2
            default:
                return nil
            }
        }
        return index
    }

    /// After the line break at `position` (CR LF counts as one), or the end of the text.
    private func afterNewline(_ position: Int) -> Int {
        guard position < text.count else { return position }
        if text[position] == Self.cr, position + 1 < text.count, text[position + 1] == Self.lf { return position + 2 }
        return position + 1
    }

    /// True when the line that ends just before `position` (a line start) is blank.
    private func isBlankLine(endingAt position: Int) -> Bool {
        guard position > 0 else { return false }
        let start = lineStart(position - 1)
        return text[start..<(position - 1)].allSatisfy { $0 == Self.space || $0 == Self.tab || $0 == Self.cr }
    }

    /// `fragment` with `indent` after each line break, in the text's line ending.
    private func indented(_ fragment: [UInt8], by indent: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(fragment.count)
        for (index, byte) in fragment.enumerated() {
            guard byte == Self.lf else { result.append(byte); continue }
            result += newline
            if index + 1 < fragment.count { result += indent }
        }
        return result
    }
}
