/// OpenStep text as UTF-8, decoded a chunk at a time the way ``OpenStepInput`` decodes a
/// whole document: UTF-8 is checked (and passed through), UTF-16 and UTF-32 are transcoded
/// by ``OpenStepInput``'s own functions. A character cut off at the end of a chunk waits for
/// the next one.
final class OpenStepTextDecoder: EventInputDecoder {
    private let encoding: OpenStepInput.Encoding
    /// Signature bytes still to drop.
    private var skip: Int
    /// The start of a character cut off at the end of the last chunk.
    private var carry: [UInt8] = []
    /// Input bytes decoded so far, for error offsets.
    private var offset = 0

    init(_ encoding: OpenStepInput.Encoding, textStart: Int) {
        self.encoding = encoding
        skip = textStart
    }

    func decode(_ bytes: [UInt8], final: Bool, into out: inout [UInt8]) throws(PlistError) {
        let dropped = min(skip, bytes.count)
        skip -= dropped
        offset += dropped
        let raw = carry + bytes[dropped...]
        var keep = raw.count
        switch encoding {
        case .utf8:
            if !final { keep = Self.completeUTF8Prefix(raw) }
            if let bad = ByteView.with(raw, { OpenStepInput.firstInvalidUTF8($0.extracting(upTo: keep)) }) {
                throw PlistError(.invalidString, "OpenStep text is not valid UTF-8 (and has no UTF-16 byte-order mark)", offset: offset + bad)
            }
            out.append(contentsOf: raw[..<keep])
        case .utf16(let bigEndian):
            if !final {
                keep -= keep % 2
                // A high surrogate waits for its low half.
                if keep >= 2, case let high = bigEndian ? raw[keep - 2] : raw[keep - 1], (0xD8...0xDB).contains(high) { keep -= 2 }
            }
            out.append(contentsOf: ByteView.with(raw) { UTF8Strings.transcodedUTF16($0.extracting(upTo: keep), from: 0, bigEndian: bigEndian) })
        case .utf32(let bigEndian):
            if !final { keep -= keep % 4 }
            out.append(contentsOf: ByteView.with(raw) { OpenStepInput.transcodedUTF32($0.extracting(upTo: keep), from: 0, bigEndian: bigEndian) })
        }
        offset += keep
        carry = Array(raw[keep...])
    }

    /// The length of `raw` without a UTF-8 sequence that its end cuts off.
    private static func completeUTF8Prefix(_ raw: [UInt8]) -> Int {
        var index = raw.count - 1
        while index >= max(0, raw.count - 3) {
            let byte = raw[index]
            if byte & 0xC0 != 0x80 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return raw.count - index < length ? index : raw.count
            }
            index -= 1
        }
        return raw.count
    }
}
