#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `UUID`'s text form, `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, read and written without
/// Foundation's `uuidString` and `UUID(uuidString:)`, which go through `snprintf` and
/// `sscanf` on Linux and took a quarter of decoding a model with many UUIDs. The coders use
/// it where `UUID`'s own `Codable` conformance would: the text is the same, and so is every
/// verdict on input (a string this parser does not take is handed to `UUID(uuidString:)`).
enum UUIDText {
    /// The UUID in `text` when it is 36 characters with hyphens at 8, 13, 18 and 23 and hex
    /// digits (either case) elsewhere; otherwise whatever `UUID(uuidString:)` makes of it.
    static func uuid(_ text: String) -> UUID? {
        var text = text
        let parsed = text.withUTF8 { utf8 -> (high: UInt64, low: UInt64)? in
            guard utf8.count == 36 else { return nil }
            var high: UInt64 = 0
            var low: UInt64 = 0
            var position = 0
            for index in 0..<32 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard utf8[position] == UInt8(ascii: "-") else { return nil }
                    position += 1
                }
                guard let digit = digit(utf8[position]) else { return nil }
                if index < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
                position += 1
            }
            return (high, low)
        }
        if let parsed { return UUID(uuid: bytes(parsed.high, parsed.low)) }
        return UUID(uuidString: text)
    }

    /// `uuid.uuidString`: upper-case hex digits in groups of 8, 4, 4, 4 and 12.
    static func string(_ uuid: UUID) -> String {
        let (high, low) = words(uuid.uuid)
        return String(unsafeUninitializedCapacity: 36) { output in
            var position = 0
            for index in 0..<32 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    output[position] = UInt8(ascii: "-")
                    position += 1
                }
                let shift = UInt64(60 - 4 * (index & 15))
                let digit = UInt8(truncatingIfNeeded: (index < 16 ? high : low) >> shift) & 0x0F
                output[position] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") - 10 + digit
                position += 1
            }
            return 36
        }
    }

    /// The sixteen bytes of a UUID, first to last, from two big-endian words.
    private static func bytes(_ high: UInt64, _ low: UInt64) -> uuid_t {
        @inline(__always) func byte(_ word: UInt64, _ index: UInt64) -> UInt8 {
            UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
        }
        return (byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
                byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7))
    }

    /// The sixteen bytes of a UUID as two big-endian words, the first eight bytes and the last.
    private static func words(_ u: uuid_t) -> (high: UInt64, low: UInt64) {
        let high = UInt64(u.0) << 56 | UInt64(u.1) << 48 | UInt64(u.2) << 40 | UInt64(u.3) << 32
            | UInt64(u.4) << 24 | UInt64(u.5) << 16 | UInt64(u.6) << 8 | UInt64(u.7)
        let low = UInt64(u.8) << 56 | UInt64(u.9) << 48 | UInt64(u.10) << 40 | UInt64(u.11) << 32
            | UInt64(u.12) << 24 | UInt64(u.13) << 16 | UInt64(u.14) << 8 | UInt64(u.15)
        return (high, low)
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
