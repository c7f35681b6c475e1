/// What the formats' `detect` share: a peek at the start of the input as text.
enum FormatSniffer {
    /// The first ``sniffedLength`` characters of `head` as text, after any byte-order mark
    /// and leading white space (what `detect` needs to tell the formats apart). UTF-16 input
    /// (with a BOM, or ASCII with zero bytes between) and UTF-32 input with a BOM are
    /// narrowed.
    static func leadingASCII(_ head: [UInt8]) -> String {
        var bytes = head[...]
        var stride = 1
        var offset = 0
        if let (encoding, markLength) = XMLTranscoder.Encoding.of(head) {
            // Each ASCII character is the code unit's low byte: the last one in big-endian.
            bytes = bytes.dropFirst(markLength)
            stride = encoding.unitSize
            offset = encoding.isBigEndian ? stride - 1 : 0
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
        }
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex + offset
        while index < bytes.endIndex, scalars.count < sniffedLength {
            let byte = bytes[index]
            var scalar = Unicode.Scalar(byte)
            var length = stride
            if byte >= 0x80 {
                // U+2028 and U+2029 in UTF-8 are white space to OpenStep.
                guard stride == 1, index + 2 < bytes.endIndex, byte == 0xE2, bytes[index + 1] == 0x80,
                      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 else { break }
                scalar = " "
                length = 3
            }
            index += length
            // White space before the first character is skipped (ASCII's is 0x09–0x0D and 0x20).
            if scalars.isEmpty, scalar == " " || (0x09...0x0D).contains(scalar.value) { continue }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Characters enough to tell the formats apart (`<!DOCTYPE` is the longest opening).
    static let sniffedLength = 16

    /// True when `head` (UTF-8, with an optional BOM) opens like a JSON object: `{` after
    /// JSON's own white space (OpenStep also skips VT, FF, U+2028 and comments), then `}`, or
    /// a quoted key followed by `:` (OpenStep follows a key with `=` or `;`, and allows
    /// unquoted keys, which JSON does not). A key longer than the bytes looked at counts as
    /// JSON.
    static func looksLikeJSONObject(_ head: [UInt8]) -> Bool {
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() {
            while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        }
        skipSpace()
        guard index < head.count, head[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        guard index < head.count else { return true }
        if head[index] == UInt8(ascii: "}") { return true }
        guard head[index] == UInt8(ascii: "\"") else { return false }
        index += 1
        while index < head.count, head[index] != UInt8(ascii: "\"") {
            index += head[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        skipSpace()
        return index >= head.count || head[index] == UInt8(ascii: ":")
    }

    /// True when the first 512 bytes of `bytes` look like binary data rather than text: they
    /// hold a control character other than white space (NUL included), or more than one
    /// byte in eight is not part of valid UTF-8.
    static func looksBinary(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(512))
        if head.contains(where: { ($0 < 0x20 && !(0x09...0x0D).contains($0)) || $0 == 0x7F }) { return true }
        var invalid = 0
        var start = 0
        while start < head.count {
            let found = head.withUnsafeBufferPointer { OpenStepInput.firstInvalidUTF8(UnsafeBufferPointer(rebasing: $0[start...])) }
            guard let found else { break }
            invalid += 1
            start += found + 1
        }
        return invalid * 8 > head.count
    }

    /// True when `head` holds only white space (U+2028 and U+2029 included) and byte-order
    /// marks in UTF-8 or UTF-16 (byte by byte: a close look is the reader's job).
    static func isWhitespaceOnly(_ head: [UInt8]) -> Bool {
        head.allSatisfy { [0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF, 0xE2, 0x80, 0xA8, 0xA9].contains($0) }
    }
}
