#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64 for `<data>`: decoding in one pass that skips any white space, and encoding in the
/// line layout plutil writes.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0–63 for alphabet bytes, 64 for white space, 65 for `=`, 255 for anything else.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        for byte in [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C] as [UInt8] { table[Int(byte)] = 64 }
        table[Int(UInt8(ascii: "="))] = 65
        return table
    }()

    /// Decodes base64 text, ignoring white space. `=` ends a group (so concatenated padded
    /// groups decode, as CF allows); missing final padding is accepted. Returns nil for any
    /// other byte, or a final group of a single character.
    static func decode(_ text: [UInt8]) -> Data? {
        var out = [UInt8]()
        return decode(text, into: &out) ? Data(out) : nil
    }

    /// Decodes base64 text as ``decode(_:)`` does into `out`, replacing its contents (its
    /// capacity is kept, so a caller decoding many values allocates once). Returns false
    /// for invalid text.
    static func decode(_ text: [UInt8], into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(text.count / 4 * 3 + 3)
        var accumulator: UInt32 = 0
        var pending = 0
        func flush() -> Bool {
            switch pending {
            case 0: break
            case 2: out.append(UInt8(truncatingIfNeeded: accumulator >> 4))
            case 3:
                out.append(UInt8(truncatingIfNeeded: accumulator >> 10))
                out.append(UInt8(truncatingIfNeeded: accumulator >> 2))
            default: return false
            }
            accumulator = 0
            pending = 0
            return true
        }
        let ok: Bool = decodeTable.withUnsafeBufferPointer { table in
            for byte in text {
                let value = table[Int(byte)]
                if value < 64 {
                    accumulator = accumulator << 6 | UInt32(value)
                    pending += 1
                    if pending == 4 {
                        out.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                        out.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                        out.append(UInt8(truncatingIfNeeded: accumulator))
                        accumulator = 0
                        pending = 0
                    }
                } else if value == 64 {
                    continue
                } else if value == 65 {
                    if !flush() { return false }
                } else {
                    return false
                }
            }
            return flush()
        }
        return ok
    }

    /// Appends `data` as base64 lines of `lineLength` characters, each preceded by `indent`
    /// tabs and followed by a newline (plutil's layout inside `<data>`).
    static func appendLines(_ data: Data, lineLength: Int, indent: Int, to out: inout [UInt8]) {
        let count = data.count
        guard count > 0 else { return }
        let groupsPerLine = lineLength / 4
        out.reserveCapacity(out.count + (count + 2) / 3 * 4 + (count / (groupsPerLine * 3) + 1) * (indent + 1))
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            alphabet.withUnsafeBufferPointer { table in
                var index = 0
                while index < count {
                    for _ in 0..<indent { out.append(0x09) }
                    var groups = 0
                    while groups < groupsPerLine, index < count {
                        let b0 = UInt32(bytes[index])
                        let b1 = index + 1 < count ? UInt32(bytes[index + 1]) : 0
                        let b2 = index + 2 < count ? UInt32(bytes[index + 2]) : 0
                        let triple = b0 << 16 | b1 << 8 | b2
                        out.append(table[Int(triple >> 18 & 63)])
                        out.append(table[Int(triple >> 12 & 63)])
                        out.append(index + 1 < count ? table[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
                        out.append(index + 2 < count ? table[Int(triple & 63)] : UInt8(ascii: "="))
                        index += 3
                        groups += 1
                    }
                    out.append(0x0A)
                }
            }
        }
    }
}
