#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64 for `<data>`: decoding in one pass that skips any white space, and encoding in the
/// line layout plutil writes.
enum Base64 {
    /// The 64 digits in order.
    private static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The two digits of every 12-bit value, the first in the low byte.
    private static let pairTable: [UInt16] = (0..<4096).map { value in
        UInt16(digits[value >> 6]) | UInt16(digits[value & 63]) << 8
    }

    /// 0–63 for alphabet bytes, 64 for white space, 65 for `=`, 255 for anything else.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, digit) in digits.enumerated() { table[Int(digit)] = UInt8(index) }
        for byte in [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C] as [UInt8] { table[Int(byte)] = 64 }
        table[Int(UInt8(ascii: "="))] = 65
        return table
    }()

    /// Decodes base64 text, ignoring white space, into `out`, replacing its contents. `=`
    /// ends a group (so concatenated padded groups decode, as CF allows); missing final
    /// padding is accepted. Returns false for any other byte, or a final group of a single
    /// character.
    static func decode(_ text: ByteView, into out: inout [UInt8]) -> Bool {
        var ok = false
        out = [UInt8](unsafeUninitializedCapacity: text.count / 4 * 3 + 3) { buffer, count in
            var decoder = Decoder()
            let written = text.withUnsafeBufferPointer { text in
                decoder.decode(text, to: buffer.baseAddress!).flatMap { body in
                    decoder.finish(to: buffer.baseAddress! + body).map { body + $0 }
                }
            }
            ok = written != nil
            count = written ?? 0
        }
        return ok
    }

    /// Base64 decoding of text that arrives in pieces (as a parser delivers an element's
    /// text), by the rules of ``decode(_:into:)``: each piece is decoded as it comes, so the
    /// text itself is never gathered. The digits of a group a piece ends inside wait in the
    /// decoder for the next piece.
    struct Decoder {
        /// The digits since the last whole group …
        private var accumulator: UInt32 = 0
        /// … and how many (0–3).
        private var pending = 0
        /// Set at the first byte that makes the text invalid; later pieces are skipped.
        private(set) var failed = false

        /// The most bytes ``decode(_:to:)`` writes for a piece of `count` bytes, and
        /// ``finish(to:)`` after it.
        static func capacity(for count: Int) -> Int { count / 4 * 3 + 3 }

        /// Decodes `piece` to `out`, which has room for ``capacity(for:)`` bytes; returns the
        /// number of bytes written, or nil (and sets ``failed``) for invalid text.
        mutating func decode(_ piece: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int? {
            guard !failed else { return nil }
            let written = Base64.decodeTable.withUnsafeBufferPointer { decode(piece, to: out, table: $0) }
            if written == nil { failed = true }
            return written
        }

        /// Ends the text: writes the bytes of a final group cut short (at most two) to `out`
        /// and returns their number, or nil when the text was invalid.
        mutating func finish(to out: UnsafeMutablePointer<UInt8>) -> Int? {
            guard !failed else { return nil }
            var written = 0
            guard flush(to: out, &written) else {
                failed = true
                return nil
            }
            return written
        }

        /// Writes the bytes of a group cut short by `=` or the end of the text at
        /// `out + written`; false for a group of a single digit.
        @inline(__always)
        private mutating func flush(to out: UnsafeMutablePointer<UInt8>, _ written: inout Int) -> Bool {
            switch pending {
            case 0: break
            case 2:
                out[written] = UInt8(truncatingIfNeeded: accumulator >> 4)
                written += 1
            case 3:
                out[written] = UInt8(truncatingIfNeeded: accumulator >> 10)
                out[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
                written += 2
            default: return false
            }
            accumulator = 0
            pending = 0
            return true
        }

        /// Whole groups of four digits go four at a time; white space, padding and anything
        /// else go one byte at a time through a small state machine.
        private mutating func decode(_ text: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>, table: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let input = text.baseAddress else { return 0 }
            let end = text.count
            var index = 0
            var written = 0
            while true {
                if pending == 0 {
                    // Indices stay below `text.count`: wrapping arithmetic cannot overflow.
                    while end &- index >= 4 {
                        let digits = input + index
                        let a = table[Int(digits[0])], b = table[Int(digits[1])]
                        let c = table[Int(digits[2])], d = table[Int(digits[3])]
                        // Digits are below 64; white space, `=` and invalid bytes are not.
                        guard a | b | c | d < 64 else { break }
                        let group = UInt32(a) &<< 18 | UInt32(b) &<< 12 | UInt32(c) &<< 6 | UInt32(d)
                        let bytes = out + written
                        bytes[0] = UInt8(truncatingIfNeeded: group &>> 16)
                        bytes[1] = UInt8(truncatingIfNeeded: group &>> 8)
                        bytes[2] = UInt8(truncatingIfNeeded: group)
                        written &+= 3
                        index &+= 4
                    }
                }
                guard index < end else { break }
                let value = table[Int(input[index])]
                index += 1
                if value < 64 {
                    accumulator = accumulator << 6 | UInt32(value)
                    pending += 1
                    if pending == 4 {
                        out[written] = UInt8(truncatingIfNeeded: accumulator >> 16)
                        out[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                        out[written + 2] = UInt8(truncatingIfNeeded: accumulator)
                        written += 3
                        accumulator = 0
                        pending = 0
                    }
                } else if value == 65 {
                    guard flush(to: out, &written) else { return nil }
                } else if value != 64 {
                    return nil
                }
            }
            return written
        }
    }

    /// Appends `data` as base64 lines of `lineLength` characters, each preceded by `indent`
    /// tabs and followed by a newline (plutil's layout inside `<data>`).
    static func appendLines(_ data: Data, lineLength: Int, indent: Int, to out: inout ByteBuffer) {
        let count = data.count
        guard count > 0 else { return }
        let groupsPerLine = lineLength / 4
        let groups = (count + 2) / 3
        let lines = (groups + groupsPerLine - 1) / groupsPerLine
        let total = groups * 4 + lines * (indent + 1)
        // The tables are read through spans of stated size: a lookup then needs no bounds check.
        let pairTable = pairTable, digitTable = digits
        let pairs = pairTable.span, digits = digitTable.span
        precondition(pairs.count == 4096 && digits.count == 64)
        ByteView.with(data) { source in
            out.append(reserving: total) { out in
                var index = 0
                var remainingGroups = groups
                while remainingGroups > 0 {
                    out.append(repeating: 0x09, count: indent)
                    let lineGroups = min(groupsPerLine, remainingGroups)
                    remainingGroups -= lineGroups
                    // Whole groups of three bytes; the last group of the data may be short.
                    let lineEnd = min(index + 3 * lineGroups, count)
                    // Two groups from one eight-byte load while eight bytes remain: eight digits,
                    // four lookups, one store.
                    while lineEnd &- index >= 6, count &- index >= 8 {
                        let word = source.bigEndian(at: index, size: 8)
                        let first = word &>> 40, second = word &>> 16 & 0xFF_FFFF
                        let digits = UInt64(pairs[Int(first &>> 12)]) | UInt64(pairs[Int(first & 0xFFF)]) &<< 16
                            | UInt64(pairs[Int(second &>> 12)]) &<< 32 | UInt64(pairs[Int(second & 0xFFF)]) &<< 48
                        out.appendLeading(8, of: digits.littleEndian)
                        index &+= 6
                    }
                    while lineEnd &- index >= 3 {
                        let triple = UInt32(source[index]) &<< 16 | UInt32(source[index &+ 1]) &<< 8 | UInt32(source[index &+ 2])
                        let digits = UInt32(pairs[Int(triple &>> 12)]) | UInt32(pairs[Int(triple & 0xFFF)]) &<< 16
                        out.appendLeading(4, of: digits.littleEndian)
                        index &+= 3
                    }
                    if index < lineEnd {
                        let b0 = UInt32(source[index])
                        let b1 = index + 1 < count ? UInt32(source[index + 1]) : 0
                        let triple = b0 << 16 | b1 << 8
                        out.append(digits[Int(triple >> 18)])
                        out.append(digits[Int(triple >> 12 & 63)])
                        out.append(index + 1 < count ? digits[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
                        out.append(UInt8(ascii: "="))
                        index = lineEnd
                    }
                    out.append(0x0A)
                }
            }
        }
    }
}
