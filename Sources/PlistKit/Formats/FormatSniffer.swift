/// What the native formats' detection looks at, read from the first bytes of an input in one
/// pass: ``PlistFormat/detect(_:)`` makes it once and hands it to every format, so that no
/// format copies the head or builds text of its own.
struct FormatHead {
    /// How many bytes detection looks at.
    static let length = 512
    /// Characters enough to tell the formats apart (`<!DOCTYPE` is the longest opening).
    static let leadingLength = 16

    /// How many bytes were looked at: the input's, up to ``length``.
    let count: Int
    /// True when those bytes are the whole input.
    let isComplete: Bool
    /// The first eight bytes, zero past ``count``.
    let first: SIMD8<UInt8>
    /// The first ``leadingLength`` characters after any byte-order mark and white space, as
    /// ASCII bytes, zero past ``leadingCount``: UTF-16 input (with a BOM, or ASCII with zero
    /// bytes between) and UTF-32 input with a BOM are narrowed; U+2028 and U+2029 are white
    /// space, as OpenStep reads them; the first other non-ASCII character ends them.
    let leading: SIMD16<UInt8>
    let leadingCount: Int
    /// True when every byte looked at is white space (U+2028 and U+2029 included) or part of
    /// a byte-order mark in UTF-8 or UTF-16 (byte by byte: a close look is the reader's job).
    let isWhitespaceOnly: Bool
    /// True when the bytes (UTF-8, with an optional BOM) open like a JSON object: `{` after
    /// JSON's own white space (OpenStep also skips VT, FF, U+2028 and comments), then `}`, or
    /// a quoted key followed by `:` (OpenStep follows a key with `=` or `;`, and allows
    /// unquoted keys, which JSON does not). A key longer than the bytes looked at counts.
    let looksLikeJSONObject: Bool

    /// The head of `bytes`, of which at most ``length`` are read; `isComplete` says whether
    /// `bytes` are the whole input.
    init<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, isComplete: Bool) where Bytes.Index == Int {
        let base = bytes.startIndex
        count = min(bytes.count, Self.length)
        self.isComplete = isComplete && bytes.count <= Self.length
        var first = SIMD8<UInt8>()
        for position in 0..<min(count, 8) { first[position] = bytes[base + position] }
        self.first = first

        // Where the text starts and how far apart its ASCII characters are.
        var stride = 1
        var index = 0
        if let (encoding, markLength) = Self.wideEncoding(first, count: count) {
            // Each ASCII character is the code unit's low byte: the last one in big-endian.
            stride = encoding.unitSize
            index = markLength + (encoding.isBigEndian ? stride - 1 : 0)
        } else if count >= 3, first[0] == 0xEF, first[1] == 0xBB, first[2] == 0xBF {
            index = 3
        }
        var leading = SIMD16<UInt8>()
        var leadingCount = 0
        while index < count, leadingCount < Self.leadingLength {
            var byte = bytes[base + index]
            var length = stride
            if byte >= 0x80 {
                guard stride == 1, index + 2 < count, byte == 0xE2, bytes[base + index + 1] == 0x80,
                      bytes[base + index + 2] == 0xA8 || bytes[base + index + 2] == 0xA9 else { break }
                byte = 0x20
                length = 3
            }
            index += length
            // White space before the first character is skipped (ASCII's is 0x09–0x0D and 0x20).
            if leadingCount == 0, byte == 0x20 || (0x09...0x0D).contains(byte) { continue }
            leading[leadingCount] = byte
            leadingCount += 1
        }
        self.leading = leading
        self.leadingCount = leadingCount

        isWhitespaceOnly = leadingCount == 0 && (0..<count).allSatisfy { position in
            switch bytes[base + position] {
            case 0x00, 0x09...0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF, 0xE2, 0x80, 0xA8, 0xA9: true
            default: false
            }
        }
        looksLikeJSONObject = leading[0] == UInt8(ascii: "{") && Self.opensJSONObject(bytes, count: count)
    }

    /// The first character after the byte-order mark and white space, or 0 when there is none.
    var firstCharacter: UInt8 { leading[0] }

    /// True when the leading characters start with `text` (ASCII).
    func leadingStarts(with text: StaticString) -> Bool {
        guard text.utf8CodeUnitCount <= leadingCount else { return false }
        return text.withUTF8Buffer { text in text.indices.allSatisfy { leading[$0] == text[$0] } }
    }

    /// True when the leading characters, one or more, are all the start of `text` (ASCII).
    func leadingIsPrefix(of text: StaticString) -> Bool {
        guard leadingCount > 0, leadingCount <= text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { text in (0..<leadingCount).allSatisfy { leading[$0] == text[$0] } }
    }

    /// UTF-32 with a BOM, or UTF-16 with a BOM or with zero bytes between ASCII characters,
    /// as XML reads its head (`XMLTranscoder.Encoding.of`).
    private static func wideEncoding(_ first: SIMD8<UInt8>, count: Int) -> (encoding: XMLTranscoder.Encoding, markLength: Int)? {
        if count >= 4, first[0] == 0x00, first[1] == 0x00, first[2] == 0xFE, first[3] == 0xFF { return (.utf32(bigEndian: true), 4) }
        if count >= 4, first[0] == 0xFF, first[1] == 0xFE, first[2] == 0x00, first[3] == 0x00 { return (.utf32(bigEndian: false), 4) }
        guard count >= 2 else { return nil }
        if first[0] == 0xFE, first[1] == 0xFF { return (.utf16(bigEndian: true), 2) }
        if first[0] == 0xFF, first[1] == 0xFE { return (.utf16(bigEndian: false), 2) }
        guard (first[0] == 0) != (first[1] == 0) else { return nil }
        return (.utf16(bigEndian: first[0] == 0), 0)
    }

    /// See ``looksLikeJSONObject``; the first `count` bytes of `bytes` are read.
    private static func opensJSONObject<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, count: Int) -> Bool where Bytes.Index == Int {
        let base = bytes.startIndex
        var index = count >= 3 && bytes[base] == 0xEF && bytes[base + 1] == 0xBB && bytes[base + 2] == 0xBF ? 3 : 0
        func skipSpace() {
            while index < count {
                switch bytes[base + index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }
        skipSpace()
        guard index < count, bytes[base + index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        guard index < count else { return true }
        if bytes[base + index] == UInt8(ascii: "}") { return true }
        guard bytes[base + index] == UInt8(ascii: "\"") else { return false }
        index += 1
        while index < count, bytes[base + index] != UInt8(ascii: "\"") {
            index += bytes[base + index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        skipSpace()
        return index >= count || bytes[base + index] == UInt8(ascii: ":")
    }
}

/// Looks at the start of an input that failed to read, to say whether it was text at all.
enum FormatSniffer {
    /// True when the first 512 bytes of `bytes` look like binary data rather than text: they
    /// hold a control character other than white space (NUL included), or more than one
    /// byte in eight is not part of valid UTF-8.
    static func looksBinary(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(512))
        if head.contains(where: { ($0 < 0x20 && !(0x09...0x0D).contains($0)) || $0 == 0x7F }) { return true }
        var invalid = 0
        var start = 0
        while start < head.count {
            let found = ByteView.with(head) { OpenStepInput.firstInvalidUTF8($0.extracting(from: start)) }
            guard let found else { break }
            invalid += 1
            start += found + 1
        }
        return invalid * 8 > head.count
    }
}
