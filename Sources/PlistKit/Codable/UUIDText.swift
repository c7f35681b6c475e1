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
        if let parsed = text.withUTF8({ uuid(utf8: UnsafeRawBufferPointer($0)) }) { return parsed }
        return UUID(uuidString: text)
    }

    /// The UUID in the bytes `utf8` when they are 36 with hyphens at 8, 13, 18 and 23 and hex
    /// digits (either case) elsewhere; nil otherwise.
    static func uuid(utf8: UnsafeRawBufferPointer) -> UUID? {
        guard utf8.count == length else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
            var position = 0
            for index in 0..<16 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard utf8[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = digit(utf8[position]), let low = digit(utf8[position + 1]) else { return false }
                output[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return complete ? UUID(uuid: bytes) : nil
    }

    /// The length of a UUID's text.
    static let length = 36

    /// `uuid.uuidString`: upper-case hex digits in groups of 8, 4, 4, 4 and 12.
    @usableFromInline
    static func string(_ uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: length) { output in
            write(uuid, to: output.baseAddress!)
            return length
        }
    }

    /// Appends the bytes of `uuid.uuidString` to `buffer`.
    static func append(_ uuid: UUID, to buffer: inout ByteBuffer) {
        write(uuid, to: buffer.reserve(length))
        buffer.commit(length)
    }

    /// Writes the ``length`` bytes of `uuid.uuidString` at `output`.
    @inline(__always)
    private static func write(_ uuid: UUID, to output: UnsafeMutablePointer<UInt8>) {
        withUnsafeBytes(of: uuid.uuid) { input in
            let digits: StaticString = "0123456789ABCDEF"
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    output[position] = UInt8(ascii: "-")
                    position += 1
                }
                output[position] = digits.utf8Start[Int(input[index] >> 4)]
                output[position + 1] = digits.utf8Start[Int(input[index] & 0x0F)]
                position += 2
            }
        }
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
