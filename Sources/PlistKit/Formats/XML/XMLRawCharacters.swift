/// Lets libxml2 read the characters CF writes raw into XML text but XML 1.0 forbids.
///
/// CF (and so plutil and Foundation) writes strings as they are: C0 control characters,
/// NUL, U+FFFE and U+FFFF go out raw, and CR goes out raw too, which an XML parser turns
/// into LF. libxml2 refuses the first kind and normalises the second, so a file a Mac wrote
/// would not open, or would open changed. Foundation reads all of them back unchanged, and
/// so does PlistKit:
///
/// 1. ``needsEscaping(_:)`` scans a UTF-8 document eight bytes at a time for such characters.
///    Nearly all documents have none and go to libxml2 untouched; `XMLReader` runs the scan
///    only for a document with a CR, or one libxml2 refused.
/// 2. Otherwise ``escaped(_:_:)`` copies the document, rewriting only the root element's
///    character data and CDATA sections (not tags, comments, processing instructions, the
///    DOCTYPE or the prolog): CR in character data becomes the character reference `&#13;`,
///    which libxml2 delivers as CR; every forbidden character *c*, and CR inside CDATA (where
///    a reference would be text), becomes the pair U+10FFFF, U+F0000 + *c* (both allowed in
///    XML); a U+10FFFF already in the text, or a character reference to it, is doubled.
/// 3. The scanner then passes key and string text through ``unescape(_:into:)``.
///
/// A document in another encoding in which ASCII stands for itself (ISO-8859-1, UTF-7, …;
/// see ``Escaping``) has only its CRs escaped, the one character every such encoding writes
/// as the same byte: `&#13;` in character data, and in CDATA the section closed around the
/// reference (`]]>&#13;<![CDATA[`), which libxml2 delivers as CR with nothing to undo.
enum XMLRawCharacters {
    /// What a document's encoding lets the escaping do.
    enum Escaping: Equatable {
        /// UTF-8: every forbidden character and CR.
        case utf8
        /// A declared encoding in which ASCII stands for itself: CR only.
        case carriageReturns
        /// A document that opens with a zero byte or `0xFE`/`0xFF` but is none of the UTF-16
        /// and UTF-32 documents ``XMLTranscoder`` turns into UTF-8 first: nothing.
        case none

        /// The escaping for the document that starts with `head` (its first line at least;
        /// only the first 200 bytes are read).
        static func of(_ head: ByteView) -> Escaping {
            guard head.count >= 2 else { return .utf8 }
            if head[0] == 0xFE || head[0] == 0xFF || head[0] == 0x00 || head[1] == 0x00 { return .none }
            return declaresUTF8(head) ? .utf8 : .carriageReturns
        }
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    /// U+10FFFF in UTF-8: the escape introducer.
    private static let introducer: [UInt8] = [0xF4, 0x8F, 0xBF, 0xBF]
    private static let commentStart = Array("<!--".utf8), commentEnd = Array("-->".utf8)
    private static let cdataStart = Array("<![CDATA[".utf8), cdataEnd = Array("]]>".utf8)
    private static let instructionStart = Array("<?".utf8), instructionEnd = Array("?>".utf8)
    private static let doctypeStart = Array("<!DOCTYPE".utf8)
    private static let subsetEnd = Array("]".utf8)
    private static let carriageReturn = Array("&#13;".utf8)

    /// True when `bytes` hold a CR byte anywhere: the one character libxml2 does not refuse
    /// but changes (to LF).
    static func holdsCarriageReturn(_ bytes: ByteView) -> Bool {
        bytes.firstIndex(of: 0x0D, from: 0) != nil
    }

    /// The high bit of every byte of `word` that is zero, with no false alarms.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & ~highBits) &+ ~highBits) | word | ~highBits)
    }

    /// True when the document `bytes` holds a character its ``Escaping`` escapes: in UTF-8, a
    /// control character other than tab and LF (CR included), U+FFFE or U+FFFF; in another
    /// encoding in which ASCII stands for itself, CR.
    static func needsEscaping(_ bytes: ByteView, _ escaping: Escaping) -> Bool {
        switch escaping {
        case .none: return false
        case .carriageReturns: return holdsCarriageReturn(bytes)
        case .utf8: break
        }
        let count = bytes.count
        var index = 0
        while count &- index >= 8 {
            let word = bytes.word(at: index)
            let control = zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0)
                & ~zeroBytes(word ^ 0x0909_0909_0909_0909) & ~zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            if control != 0 { return true }
            if zeroBytes(word ^ 0xEFEF_EFEF_EFEF_EFEF) != 0 {
                for offset in index..<(index &+ 8) where forbiddenLength(bytes, at: offset) > 0 { return true }
            }
            index &+= 8
        }
        while index < count {
            if forbiddenLength(bytes, at: index) > 0 { return true }
            index &+= 1
        }
        return false
    }

    /// The length of the forbidden character (or CR) at `index`, or 0.
    @inline(__always)
    private static func forbiddenLength(_ bytes: ByteView, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x20 { return byte == 0x09 || byte == 0x0A ? 0 : 1 }
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE { return 3 }
        return 0
    }

    /// True unless the document's XML declaration names an encoding other than UTF-8. The
    /// declaration's names are ASCII and compared without regard to case, byte by byte.
    private static func declaresUTF8(_ bytes: ByteView) -> Bool {
        // The XML declaration, if any, is in the first line.
        let head = bytes.extracting(upTo: min(bytes.count, 200))
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return true }
        /// True when `word` (lowercase ASCII) is spelled at `index`, in either case, before `end`.
        func spells(_ word: StaticString, at index: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index >= 0, end - index >= count else { return false }
            for offset in 0..<count {
                let expected = word.utf8Start[offset], byte = head[index + offset]
                let isLetter = expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z")
                guard byte == expected || (isLetter && byte == expected - 0x20) else { return false }
            }
            return true
        }
        let hasMark = end >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF
        guard spells("<?xml", at: hasMark ? 3 : 0) else { return true }
        guard var index = (0..<end).first(where: { spells("encoding", at: $0) }) else { return true }
        index += 8
        while index < end, head[index] == 0x20 || head[index] == UInt8(ascii: "=") || head[index] == UInt8(ascii: "\"")
            || head[index] == UInt8(ascii: "'") {
            index += 1
        }
        return spells("utf-8", at: index) || spells("utf8", at: index)
    }

    /// A copy of `bytes` in which libxml2 can read every character (see the type's notes).
    static func escaped(_ bytes: ByteView, _ escaping: Escaping) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        var depth = 0
        _ = escape(bytes, escaping, depth: &depth, final: true, into: &out)
        return out
    }

    /// Appends the escaped form of `bytes` to `out`, where `depth` is the element depth at
    /// the start of `bytes` (updated to the depth where the escaping stopped), and returns
    /// how many bytes it consumed: all of them when `final`, otherwise it stops before a
    /// comment, CDATA section, processing instruction, DOCTYPE, tag or character that
    /// `bytes` does not hold all of, which the caller passes again with the bytes that follow
    /// (``XMLEventSource`` escapes a document a chunk at a time so).
    static func escape(_ bytes: ByteView, _ escaping: Escaping, depth: inout Int, final: Bool, into out: inout [UInt8]) -> Int {
        let onlyCarriageReturns = escaping != .utf8
        let count = bytes.count
        var index = 0
        /// Copies the bytes from `index` on while `plain` holds, in one append.
        func copyRun(while plain: (UInt8) -> Bool) {
            let runStart = index
            while index < count, plain(bytes[index]) { index += 1 }
            bytes.append(runStart..<index, to: &out)
        }
        /// Copies up to and including `terminator`; false when the end came first.
        func copyThrough(_ terminator: [UInt8]) -> Bool {
            let first = terminator[0]
            while index < count {
                copyRun { $0 != first }
                guard index < count else { break }
                if hasPrefix(terminator, at: index) {
                    out.append(contentsOf: terminator)
                    index += terminator.count
                    return true
                }
                out.append(bytes[index])
                index += 1
            }
            return false
        }
        func hasPrefix(_ prefix: [UInt8], at position: Int) -> Bool {
            guard position + prefix.count <= count else { return false }
            for (offset, byte) in prefix.enumerated() where bytes[position + offset] != byte { return false }
            return true
        }
        /// Copies markup up to (not including) the first byte `stop` accepts outside quoted
        /// literals (an attribute value or a DOCTYPE's identifiers may hold `>` or `[`); false
        /// when the end came first.
        func copyMarkup(until stop: (UInt8) -> Bool) -> Bool {
            var quote: UInt8?
            while index < count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if stop(byte) {
                    return true
                }
                out.append(byte)
                index += 1
            }
            return false
        }
        /// Copies through the `>` that ends a tag or DOCTYPE; false when the end came first.
        func copyThroughMarkupEnd() -> Bool {
            guard copyMarkup(until: { $0 == UInt8(ascii: ">") }) else { return false }
            out.append(UInt8(ascii: ">"))
            index += 1
            return true
        }
        /// Copies a tag, counting element depth, since only the root element's content is
        /// text (a character reference in the prolog is an error); false when the end came
        /// first (the tag is then counted when it is all there).
        func copyTag() -> Bool {
            let isEndTag = index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")
            let complete = copyThroughMarkupEnd()
            if !complete, !final {
                return false
            } else if isEndTag {
                depth -= 1
            } else if out.count >= 2, out[out.count - 2] != UInt8(ascii: "/") {
                depth += 1
            }
            return complete
        }
        while index < count {
            let byte = bytes[index]
            let constructStart = index, outputStart = out.count
            // Not final: a construct or character cut off by the end waits for more bytes.
            if !final, byte == UInt8(ascii: "<") || byte >= 0xEF, count - index < cdataStart.count {
                return index
            }
            if byte == UInt8(ascii: "<") {
                let complete: Bool
                // Comments, CDATA, DOCTYPE and instructions start `<!` or `<?`; most are tags.
                let isMarkup = index + 1 < count && (bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?"))
                if !isMarkup {
                    complete = copyTag()
                } else if hasPrefix(commentStart, at: index) {
                    complete = copyThrough(commentEnd)
                } else if hasPrefix(cdataStart, at: index) {
                    out.append(contentsOf: cdataStart)
                    index += 9
                    // Inside CDATA, escape forbidden characters but leave the rest.
                    while index < count, !hasPrefix(cdataEnd, at: index) {
                        appendEscaping(bytes, &index, to: &out, inCDATA: true, onlyCarriageReturns: onlyCarriageReturns)
                    }
                    complete = copyThrough(cdataEnd)
                } else if hasPrefix(instructionStart, at: index) {
                    complete = copyThrough(instructionEnd)
                } else if hasPrefix(doctypeStart, at: index) {
                    // Up to '>', or past an internal subset's ']' first (outside the quoted
                    // public and system identifiers, which may hold either).
                    var subsetComplete = true
                    if copyMarkup(until: { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "[") }), bytes[index] == UInt8(ascii: "[") {
                        subsetComplete = copyThrough(subsetEnd)
                    }
                    complete = copyThroughMarkupEnd() && subsetComplete
                } else {
                    complete = copyTag()
                }
                if !complete, !final {
                    out.removeSubrange(outputStart...)
                    return constructStart
                }
            } else if depth > 0, byte == UInt8(ascii: "&"), !onlyCarriageReturns {
                // libxml2 delivers `&#x10FFFF;` as the introducer itself: doubled, it reads
                // back as the one character the reference names.
                switch characterReference(bytes, at: index) {
                case .incomplete where !final:
                    return index
                case .introducer(let end):
                    out.append(contentsOf: introducer)
                    out.append(contentsOf: introducer)
                    index = end
                default:
                    out.append(byte)
                    index += 1
                }
            } else if depth > 0, !isPlainText(byte) {
                appendEscaping(bytes, &index, to: &out, inCDATA: false, onlyCarriageReturns: onlyCarriageReturns)
            } else if depth > 0 {
                copyRun(while: isPlainText)
            } else {
                copyRun { $0 != UInt8(ascii: "<") }
            }
        }
        return count
    }

    /// True for a byte of text that is copied as it is: not markup, not the start of a
    /// reference, not a control character (tab and LF aside), not the lead byte of U+FFFE,
    /// U+FFFF or U+10FFFF.
    @inline(__always)
    private static func isPlainText(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") && (byte >= 0x20 || byte == 0x09 || byte == 0x0A) && byte < 0xEF
    }

    /// What a `&` in text starts, as far as the escaping cares.
    private enum Reference {
        /// A character reference to U+10FFFF (leading zeros allowed) that ends before `end`.
        case introducer(end: Int)
        /// A character reference the bytes do not hold all of.
        case incomplete
        /// Anything else: an entity reference, a reference to another character, or
        /// malformed text, which libxml2 reads or refuses as it is.
        case other
    }

    /// Classifies the reference that starts at the `&` at `index`.
    private static func characterReference(_ bytes: ByteView, at index: Int) -> Reference {
        var position = index + 1
        guard position < bytes.count else { return .incomplete }
        guard bytes[position] == UInt8(ascii: "#") else { return .other }
        position += 1
        guard position < bytes.count else { return .incomplete }
        let hexadecimal = bytes[position] == UInt8(ascii: "x")
        if hexadecimal { position += 1 }
        var value: UInt32 = 0
        var digits = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: ";") {
                return digits > 0 && value == 0x10FFFF ? .introducer(end: position + 1) : .other
            }
            guard let digit = OpenStepEscapes.hexValue(bytes[position]), hexadecimal || digit < 10 else { return .other }
            // Past U+10FFFF the value stays out of range without overflowing.
            value = min(value * (hexadecimal ? 16 : 10) + UInt32(digit), 0x110000)
            digits += 1
            position += 1
        }
        return .incomplete
    }

    /// Appends the text character at `index` (escaped if it must be) and moves past it; with
    /// `onlyCarriageReturns`, a byte at a time, and only CR escaped.
    private static func appendEscaping(_ bytes: ByteView, _ index: inout Int, to out: inout [UInt8], inCDATA: Bool, onlyCarriageReturns: Bool) {
        let byte = bytes[index]
        if onlyCarriageReturns {
            if byte == 0x0D {
                if inCDATA { out.append(contentsOf: cdataEnd) }
                out.append(contentsOf: carriageReturn)
                if inCDATA { out.append(contentsOf: cdataStart) }
            } else {
                out.append(byte)
            }
            index += 1
            return
        }
        let length = forbiddenLength(bytes, at: index)
        if byte == 0x0D, !inCDATA {
            out.append(contentsOf: carriageReturn)
            index += 1
        } else if length > 0 {
            // Forbidden characters, and CR inside CDATA (where `&#13;` would be text): libxml2
            // would refuse the one and turn the other into LF.
            let scalar: UInt32 = length == 1 ? UInt32(byte) : 0xFFFE | UInt32(bytes[index + 2] & 1)
            out.append(contentsOf: introducer)
            appendUTF8(0xF0000 + scalar, to: &out)
            index += length
        } else if byte == 0xF4, index + 3 < bytes.count, bytes[index + 1] == 0x8F, bytes[index + 2] == 0xBF, bytes[index + 3] == 0xBF {
            out.append(contentsOf: introducer)
            out.append(contentsOf: introducer)
            index += 4
        } else {
            out.append(byte)
            index += 1
        }
    }

    /// True when `text` may hold an escape (its UTF-8 has a U+10FFFF lead byte).
    static func mayHoldEscapes(_ text: ByteView) -> Bool {
        text.firstIndex(from: 0) { $0 == 0xF4 } < text.count
    }

    /// Undoes ``escaped(_:_:)`` in the text of one key or string, into `out`.
    static func unescape(_ text: ByteView, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var index = 0
        while index < text.count {
            if text[index] == 0xF4, index + 7 < text.count, text[index + 1] == 0x8F, text[index + 2] == 0xBF, text[index + 3] == 0xBF,
               let scalar = escapedScalar(text, at: index + 4) {
                appendUTF8(scalar, to: &out)
                index += 8
            } else {
                out.append(text[index])
                index += 1
            }
        }
    }

    /// The character an escape's second scalar, at `index`, stands for: U+10FFFF for itself,
    /// c for U+F0000 + c (a control character, U+FFFE or U+FFFF). Nil for anything else,
    /// which ``escaped(_:_:)`` never writes after the introducer; the introducer then stays.
    private static func escapedScalar(_ text: ByteView, at index: Int) -> UInt32? {
        guard text[index] & 0xF8 == 0xF0 else { return nil }
        let scalar = (UInt32(text[index] & 0x07) << 18) | (UInt32(text[index + 1] & 0x3F) << 12)
            | (UInt32(text[index + 2] & 0x3F) << 6) | UInt32(text[index + 3] & 0x3F)
        switch scalar {
        case 0x10FFFF: return scalar
        case 0xF0000..<0xF0020, 0xFFFFE, 0xFFFFF: return scalar - 0xF0000
        default: return nil
        }
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18)); out.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            out.append(UInt8(0x80 | (scalar >> 6) & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
