/// Tells an XML document cut short from one with a mistake in it, so that the error says
/// the document ends early, and what is left open, rather than what libxml2 tripped over
/// at the end.
enum XMLTruncation {
    /// `error`, which reading `buffer` (UTF-8) failed with, or, when the document is only
    /// cut short, an error saying so.
    ///
    /// A document is cut short when libxml2's push parser and the scanner, fed all of it
    /// without being told it is complete, find nothing wrong: every byte so far could begin
    /// a property list. That takes a second parse, on the error path only.
    static func explained(_ error: PlistError, in buffer: ByteView, maximumDepth: Int) -> PlistError {
        guard error.code != .limitExceeded, error.code != .depthLimitExceeded, !buffer.isEmpty,
              buffer.count <= Int(Int32.max) else { return error }
        let scanner = XMLPlistScanner(sink: XMLNodeTableBuilder(expectedInputSize: buffer.count), maximumDepth: maximumDepth)
        let parser = LibXML2Parser.Push(into: scanner)
        parser.feed(buffer)
        guard parser.isWellFormedSoFar, scanner.error == nil, !scanner.hasClosedRoot else { return error }
        return endsEarly(open: scanner.openElements, at: endLocation(of: buffer))
    }

    /// The error for a document that ends at `location` with the elements `open` (outermost
    /// first) not closed.
    static func endsEarly(open: [(name: String, position: XMLPosition)], at location: PlistError.Location?) -> PlistError {
        guard let innermost = open.last else {
            return PlistError(.truncated, "the document ends before its root element <plist> is complete", at: location)
        }
        var names = ["<\(innermost.name)>\(opened(innermost.position, first: true))"]
        names += open.dropLast().reversed().map { "<\($0.name)>\(opened($0.position, first: false))" }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return PlistError(.truncated, "the document ends before \(list) \(names.count == 1 ? "is" : "are") closed", at: location)
    }

    /// ` (opened on line N)`, or ` (line N)` after the first, or nothing when unknown.
    private static func opened(_ position: XMLPosition, first: Bool) -> String {
        guard position.line > 0 else { return "" }
        return first ? " (opened on line \(position.line))" : " (line \(position.line))"
    }

    /// The line and column just past the last character of `buffer`: lines end at LF, CR
    /// or CR LF, and columns count characters (Unicode scalars), from 1.
    static func endLocation(of buffer: ByteView) -> PlistError.Location {
        var line = 1
        var column = 1
        for (position, byte) in buffer.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (position + 1 == buffer.count || buffer[position + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
        }
        return .lineColumn(line: line, column: column)
    }
}
