extension XMLRawCharacters {
    /// How many bytes at the start of `bytes`, a piece of a document being escaped a piece
    /// at a time, ``escape(_:_:depth:final:into:)`` would copy unchanged; `depth` is updated
    /// past them as `escape` updates it. Zero when the piece starts with something `escape`
    /// must look at itself.
    ///
    /// Nearly every piece of a document holds nothing to escape, and `escape` spends most of
    /// its time copying tags a byte at a time to count the element depth; this answers in
    /// one pass without copying. It stops at the first byte that `escape` could rewrite, or
    /// copies by rules of its own: a control character other than tab and LF (CR included),
    /// U+FFFE, U+FFFF or a U+10FFFF lead byte in UTF-8 (CR only in other encodings), a
    /// character reference (whose escaping depends on what it names), or the `<` of a
    /// comment, CDATA section, processing instruction, DOCTYPE or a tag holding a quote. It
    /// also stops before the piece's last `<`, so every tag it passes is whole.
    static func unchangedPrefix(_ bytes: ByteView, _ escaping: Escaping, depth: inout Int) -> Int {
        var count = bytes.count
        repeat {
            guard count > 0 else { return 0 }
            count -= 1
        } while bytes[count] != UInt8(ascii: "<")
        let utf8 = escaping == .utf8
        // Bytes below 0x40 that text holds as they are, one bit each: tab, LF, and space to
        // `?` but `&` and `<` (and, outside UTF-8, every control character but CR).
        let plainText: UInt64 = (utf8 ? 0 : 0xFFFF_DFFF) | 0xEFFF_FFBF_0000_0600
        // Bytes from 0x40 up that are plain: below U+FFFE's and U+FFFF's lead byte in UTF-8.
        let plainTextLimit = utf8 ? 0xEF : 0x100
        // Bytes below 0x40 that end a tag or send it to `escape`: `>`, `<`, `"` and `'`.
        let tagStops: UInt64 = 1 << 0x3E | 1 << 0x3C | 1 << 0x22 | 1 << 0x27
        var index = 0
        while index < count {
            // The last `<` stops both scans below.
            index = bytes.firstIndex(from: index, sentinel: count) { byte in
                byte >= 0x40 ? Int(byte) >= plainTextLimit : plainText >> byte & 1 == 0
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                // A start or end tag: through its `>`, which comes before the last `<`.
                let start = index
                index += 1
                let first = bytes[index]
                guard first != UInt8(ascii: "!"), first != UInt8(ascii: "?") else { return start }
                index = bytes.firstIndex(from: index, sentinel: count) { inner in inner < 0x40 && tagStops >> inner & 1 != 0 }
                guard bytes[index] == UInt8(ascii: ">") else { return start }
                if first == UInt8(ascii: "/") {
                    depth -= 1
                } else if bytes[index - 1] != UInt8(ascii: "/") {
                    depth += 1
                }
                index += 1
            } else if byte == UInt8(ascii: "&") {
                if bytes[index + 1] == UInt8(ascii: "#") { return index }
                index += 1
            } else if byte == 0xEF {
                if bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE { return index }
                index += 1
            } else if byte > 0xEF, byte != 0xF4 {
                index += 1
            } else {
                // CR, another control character, or U+10FFFF's lead byte.
                return index
            }
        }
        return count
    }
}
