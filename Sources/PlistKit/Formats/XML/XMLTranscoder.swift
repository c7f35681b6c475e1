/// UTF-16 and UTF-32 XML documents as UTF-8, which both XML readers parse instead, so that a
/// wide document reads as Foundation reads it.
///
/// Foundation converts a document to UTF-8 before it parses, and so keeps its CRs and raw
/// control characters (see ``XMLRawCharacters``) in any encoding. libxml2 decodes a wide
/// document itself, after which nothing can tell a CR it turned into LF from an LF, nor
/// escape what it refuses; and it reads no UTF-32 with a byte-order mark at all. As UTF-8,
/// a document takes the UTF-8 path with all its escaping.
///
/// The encoding is the one ``PlistFormat/detect(_:)`` narrows: a UTF-32 or UTF-16 byte-order
/// mark in either order, or, without one, UTF-16 when one of the first two bytes is zero
/// (big-endian when it is the first, as libxml2 reads `<` as `00 3C`). The transcoding is
/// strict, as libxml2's is: an unpaired surrogate, a value that is no Unicode scalar, or a
/// document that ends inside a code unit is an `.invalidString` error at its byte offset. The
/// XML declaration's `encoding`, which names the wide encoding, is rewritten as `UTF-8`.
///
/// The event reader transcodes a chunk at a time (``decode(_:final:into:)``); a code unit or
/// surrogate pair cut off at the end of a chunk waits for the next one, and the output waits
/// until the declaration is complete.
final class XMLTranscoder: EventInputDecoder {
    /// A wide encoding.
    enum Encoding: Equatable {
        case utf16(bigEndian: Bool)
        case utf32(bigEndian: Bool)

        /// Bytes per code unit.
        var unitSize: Int {
            switch self {
            case .utf16: 2
            case .utf32: 4
            }
        }

        /// True when a code unit's most significant byte comes first.
        var isBigEndian: Bool {
            switch self {
            case .utf16(let bigEndian), .utf32(let bigEndian): bigEndian
            }
        }

        /// The encoding of a document that starts with `head` (its first 4 bytes, or all of
        /// a shorter one), and the length of its byte-order mark; nil when it is not wide.
        /// ``PlistFormat/detect(_:)`` narrows wide text by the same rule.
        static func of(_ head: some Collection<UInt8>) -> (encoding: Encoding, markLength: Int)? {
            // The first four bytes, on the stack (zeros past a shorter document's end).
            var bytes = InlineArray<4, UInt8>(repeating: 0)
            var count = 0
            for byte in head.prefix(4) {
                bytes[count] = byte
                count += 1
            }
            guard count >= 2 else { return nil }
            let (first, second) = (bytes[0], bytes[1])
            let (third, fourth) = (bytes[2], bytes[3])
            if count == 4, first == 0x00, second == 0x00, third == 0xFE, fourth == 0xFF { return (.utf32(bigEndian: true), 4) }
            if count == 4, first == 0xFF, second == 0xFE, third == 0x00, fourth == 0x00 { return (.utf32(bigEndian: false), 4) }
            if first == 0xFE, second == 0xFF { return (.utf16(bigEndian: true), 2) }
            if first == 0xFF, second == 0xFE { return (.utf16(bigEndian: false), 2) }
            guard (first == 0) != (second == 0) else { return nil }
            return (.utf16(bigEndian: first == 0), 0)
        }
    }

    private let encoding: Encoding
    /// Byte-order-mark bytes still to drop.
    private var skip: Int
    /// Input bytes of a code unit or surrogate pair cut off at the end of the last chunk.
    private var carry: [UInt8] = []
    /// Input bytes transcoded (or dropped) so far, for error offsets.
    private var offset = 0
    /// Output held back until the XML declaration is complete; nil once it has been passed on.
    private var head: [UInt8]? = []
    /// The most output held back for the declaration.
    private static let headLimit = 512

    init(_ encoding: Encoding, markLength: Int) {
        self.encoding = encoding
        skip = markLength
    }

    /// The whole document `bytes` as UTF-8, or nil when it is not wide.
    static func transcoded(_ bytes: ByteView) throws(PlistError) -> [UInt8]? {
        guard let (encoding, markLength) = Encoding.of(bytes) else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count / encoding.unitSize + 16)
        _ = try transcode(bytes.extracting(from: markLength), encoding, final: true, offset: markLength, into: &text)
        declareUTF8(in: &text)
        return text
    }

    func decode(_ bytes: [UInt8], final: Bool, into out: inout [UInt8]) throws(PlistError) {
        let dropped = min(skip, bytes.count)
        skip -= dropped
        offset += dropped
        let raw = carry + bytes[dropped...]
        var text: [UInt8] = []
        text.reserveCapacity(raw.count)
        let used = try ByteView.with(raw) { (raw) throws(PlistError) in try Self.transcode(raw, encoding, final: final, offset: offset, into: &text) }
        offset += used
        carry = Array(raw[used...])
        guard var held = head else {
            out.append(contentsOf: text)
            return
        }
        held.append(contentsOf: text)
        if final || Self.declarationIsComplete(held) {
            head = nil
            Self.declareUTF8(in: &held)
            out.append(contentsOf: held)
        } else {
            head = held
        }
    }

    /// Appends `raw`, in `encoding`, as UTF-8 to `out`; returns how many bytes it used (all
    /// but a unit or surrogate pair cut off at the end, unless `final`). `offset`: where
    /// `raw` starts in the document.
    private static func transcode(_ raw: ByteView, _ encoding: Encoding, final: Bool, offset: Int, into out: inout [UInt8]) throws(PlistError) -> Int {
        switch encoding {
        case .utf16(let bigEndian): try utf16(raw, bigEndian: bigEndian, final: final, offset: offset, into: &out)
        case .utf32(let bigEndian): try utf32(raw, bigEndian: bigEndian, final: final, offset: offset, into: &out)
        }
    }

    /// True when `text` holds all of the XML declaration it starts with, or cannot start with
    /// one, or is longer than ``headLimit``.
    private static func declarationIsComplete(_ text: [UInt8]) -> Bool {
        let opening = Array("<?xml".utf8)
        if text.count < opening.count { return !opening.starts(with: text) }
        return !text.starts(with: opening) || text.count > headLimit || text.firstRange(of: Array("?>".utf8)) != nil
    }

    /// Rewrites the `encoding` of the XML declaration `text` starts with (if any) as `UTF-8`.
    private static func declareUTF8(in text: inout [UInt8]) {
        let head = text.prefix(headLimit)
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstRange(of: Array("?>".utf8))?.lowerBound,
              let name = text[..<end].firstRange(of: Array("encoding".utf8))
        else { return }
        var index = name.upperBound
        func skipSpace() { while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 } }
        skipSpace()
        guard index < end, text[index] == UInt8(ascii: "=") else { return }
        index += 1
        skipSpace()
        guard index < end, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else { return }
        let quote = text[index]
        let valueStart = index + 1
        guard let valueEnd = text[valueStart..<end].firstIndex(of: quote) else { return }
        text.replaceSubrange(valueStart..<valueEnd, with: "UTF-8".utf8)
    }

    /// ``transcode(_:_:final:offset:into:)`` for UTF-16.
    private static func utf16(_ raw: ByteView, bigEndian: Bool, final: Bool, offset: Int, into out: inout [UInt8]) throws(PlistError) -> Int {
        @inline(__always) func unit(at index: Int) -> UInt32 {
            bigEndian ? UInt32(raw[index]) << 8 | UInt32(raw[index + 1]) : UInt32(raw[index + 1]) << 8 | UInt32(raw[index])
        }
        var index = 0
        while index + 2 <= raw.count {
            let first = unit(at: index)
            if first < 0x80 {
                out.append(UInt8(truncatingIfNeeded: first))
                index += 2
                continue
            }
            var scalar = first
            var length = 2
            if first >= 0xD800 && first < 0xE000 {
                guard first < 0xDC00 else {
                    throw PlistError(.invalidString, "the UTF-16 document holds a low surrogate (0x\(hex(first))) without a high one", offset: offset + index)
                }
                guard index + 4 <= raw.count else { break }
                let second = unit(at: index + 2)
                guard second >= 0xDC00 && second < 0xE000 else {
                    throw PlistError(.invalidString, "the UTF-16 document holds a high surrogate (0x\(hex(first))) without a low one", offset: offset + index)
                }
                scalar = 0x10000 + (first - 0xD800) << 10 + (second - 0xDC00)
                length = 4
            }
            appendUTF8(Unicode.Scalar(scalar)!, to: &out)
            index += length
        }
        if final, index < raw.count {
            let what = raw.count - index >= 2 ? "a high surrogate without a low one" : "half a code unit"
            throw PlistError(.invalidString, "the UTF-16 document ends inside \(what)", offset: offset + index)
        }
        return index
    }

    /// ``transcode(_:_:final:offset:into:)`` for UTF-32.
    private static func utf32(_ raw: ByteView, bigEndian: Bool, final: Bool, offset: Int, into out: inout [UInt8]) throws(PlistError) -> Int {
        var index = 0
        while index + 4 <= raw.count {
            var value: UInt32 = 0
            for byte in 0..<4 {
                value |= UInt32(raw[index + byte]) << (bigEndian ? UInt32(3 - byte) * 8 : UInt32(byte) * 8)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw PlistError(.invalidString, "the UTF-32 document holds 0x\(hex(value)), which is no Unicode scalar", offset: offset + index)
            }
            appendUTF8(scalar, to: &out)
            index += 4
        }
        if final, index < raw.count {
            throw PlistError(.invalidString, "the UTF-32 document ends inside a code unit", offset: offset + index)
        }
        return index
    }

    @inline(__always)
    private static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.isASCII {
            out.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            out.append(contentsOf: UTF8.encode(scalar)!)
        }
    }

    private static func hex(_ value: UInt32) -> String {
        String(value, radix: 16, uppercase: true)
    }
}
