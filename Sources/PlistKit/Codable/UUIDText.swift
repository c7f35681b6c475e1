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
@usableFromInline
enum UUIDText {
    /// The UUID in `text` when it is 36 characters with hyphens at 8, 13, 18 and 23 and hex
    /// digits (either case) elsewhere; otherwise whatever `UUID(uuidString:)` makes of it.
    @usableFromInline
    static func uuid(_ text: String) -> UUID? {
        var text = text
        if let parsed = ByteView.with(utf8: &text, { uuid(utf8: $0) }) { return parsed }
        return UUID(uuidString: text)
    }

    /// The UUID in the bytes `utf8` when they are 36 with hyphens at 8, 13, 18 and 23 and hex
    /// digits (either case) elsewhere; nil otherwise.
    static func uuid(utf8: ByteView) -> UUID? {
        let hyphen = UInt8(ascii: "-")
        guard utf8.count == length, utf8[8] == hyphen, utf8[13] == hyphen, utf8[18] == hyphen, utf8[23] == hyphen else {
            return nil
        }
        // Every digit is looked up, with no branch on its value: a byte that is no hex digit
        // sets bits above the low four.
        var invalid: UInt8 = 0
        // Read through a span of stated size: a byte's lookup then needs no bounds check.
        let valueTable = hexValues
        let hexValues = valueTable.span
        precondition(hexValues.count == 256)
        @inline(__always) func byte(_ position: Int) -> UInt8 {
            let high = hexValues[Int(utf8[position])], low = hexValues[Int(utf8[position &+ 1])]
            invalid |= high | low
            return high &<< 4 | low
        }
        let bytes: uuid_t = (byte(0), byte(2), byte(4), byte(6), byte(9), byte(11), byte(14), byte(16),
                             byte(19), byte(21), byte(24), byte(26), byte(28), byte(30), byte(32), byte(34))
        return invalid < 16 ? UUID(uuid: bytes) : nil
    }

    /// Each byte's value as a hex digit (either case), or 0xFF when it is none.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        default: 0xFF
        }
    }

    /// What `UUID`'s `init(from:)` says of text that is no UUID.
    @usableFromInline
    static let invalidText = "Attempted to decode UUID from invalid UUID string."

    /// The length of a UUID's text.
    static let length = 36

    /// `uuid.uuidString`: upper-case hex digits in groups of 8, 4, 4, 4 and 12.
    @usableFromInline
    static func string(_ uuid: UUID) -> String {
        String(filling: length) { write(uuid, to: &$0) }
    }

    /// Appends the bytes of `uuid.uuidString` to `buffer`.
    static func append(_ uuid: UUID, to buffer: inout ByteBuffer) {
        buffer.append(reserving: length) { write(uuid, to: &$0) }
    }

    /// Stores the ``length`` bytes of `uuid.uuidString`.
    @inline(__always)
    private static func write(_ uuid: UUID, to output: inout ByteOutput) {
        let bytes = uuid.uuid
        let pairTable = hexPairs
        let hexPairs = pairTable.span
        precondition(hexPairs.count == 256)
        @inline(__always) func pair(_ byte: UInt8) { output.appendLeading(2, of: hexPairs[Int(byte)]) }
        pair(bytes.0); pair(bytes.1); pair(bytes.2); pair(bytes.3)
        output.append(UInt8(ascii: "-"))
        pair(bytes.4); pair(bytes.5)
        output.append(UInt8(ascii: "-"))
        pair(bytes.6); pair(bytes.7)
        output.append(UInt8(ascii: "-"))
        pair(bytes.8); pair(bytes.9)
        output.append(UInt8(ascii: "-"))
        pair(bytes.10); pair(bytes.11); pair(bytes.12); pair(bytes.13); pair(bytes.14); pair(bytes.15)
    }

    /// Each byte's two upper-case hex digits, in the order they are written (stored as a
    /// `UInt16` in this machine's byte order).
    private static let hexPairs: [UInt16] = {
        let digits = Array("0123456789ABCDEF".utf8)
        return (0...255).map { byte in (UInt16(digits[byte >> 4]) | UInt16(digits[byte & 0x0F]) << 8).littleEndian }
    }()
}
