#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ByteBuffer {
    /// Appends the encoding of `value` when it is a scalar; returns false, appending
    /// nothing, for an array, a dictionary or a data value of
    /// ``BinaryWriter/LargeData/minimumCount`` bytes or more.
    @discardableResult
    mutating func appendScalar(_ value: borrowing Plist) -> Bool {
        switch value {
        case .string(let string):
            appendString(string)
        case .integer(let integer):
            if let unsigned = integer.uint64Value {
                appendUnsigned(unsigned)
            } else {
                append(0x13)
                appendBigEndian(UInt64(bitPattern: integer.int64Value!), size: 8)
            }
        case .real(let real):
            append(0x23)
            appendBigEndian(real.bitPattern, size: 8)
        case .real32(let real):
            append(0x22)
            appendBigEndian(UInt64(real.bitPattern), size: 4)
        case .bool(let bool):
            append(bool ? BinaryMarker.true : BinaryMarker.false)
        case .date(let date):
            append(BinaryMarker.date)
            appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case .data(let data):
            guard data.count < BinaryWriter.LargeData.minimumCount else { return false }
            appendHeader(marker: BinaryMarker.data, count: data.count)
            append(contentsOf: data)
        case .uid(let uid):
            let size = BinaryWriter.powerOfTwoWidth(uid)
            append(BinaryMarker.uid << 4 | UInt8(size - 1))
            appendBigEndian(uid, size: size)
        case .array, .dictionary:
            return false
        }
        return true
    }

    /// A marker byte with `count` in its low nibble, or `0xF` followed by an integer object.
    mutating func appendHeader(marker: UInt8, count: Int) {
        if count < 15 {
            append(marker << 4 | UInt8(count))
        } else {
            append(marker << 4 | 0x0F)
            appendUnsigned(UInt64(count))
        }
    }

    /// An integer object (marker 0x1n) for a non-negative value, in the smallest width.
    mutating func appendUnsigned(_ value: UInt64) {
        let size = BinaryWriter.powerOfTwoWidth(value)
        if size == 8 && value > UInt64(Int64.max) {
            // 8-byte integers are signed; larger values take 16 bytes.
            append(0x14)
            appendBigEndian(0, size: 8)
            appendBigEndian(value, size: 8)
        } else {
            append(0x10 | UInt8(size.trailingZeroBitCount))
            appendBigEndian(value, size: size)
        }
    }

    /// A string object: ASCII (marker 0x5) when every byte is, big-endian UTF-16 (marker 0x6)
    /// otherwise.
    mutating func appendString(_ string: String) {
        // Native strings are contiguous UTF-8; others are copied into a native one first.
        if string.utf8.withContiguousStorageIfAvailable({ appendString(utf8: ByteView($0)) }) == nil {
            var copy = string
            ByteView.with(utf8: &copy) { appendString(utf8: $0) }
        }
    }

    /// What ``appendString(_:)`` appends for the string whose UTF-8 is `utf8`.
    private mutating func appendString(utf8: ByteView) {
        if utf8.isASCII {
            appendHeader(marker: BinaryMarker.asciiString, count: utf8.count)
            append(utf8)
        } else {
            appendUTF16(transcoding: utf8)
        }
    }

    /// A UTF-16 string object for `utf8`, which is valid UTF-8 (as every `String`'s is).
    private mutating func appendUTF16(transcoding utf8: ByteView) {
        // One unit per scalar (per byte that does not continue one), two for a four-byte one.
        var units = 0
        for byte in utf8 {
            units += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
        }
        appendHeader(marker: BinaryMarker.utf16String, count: units)
        appendUTF16BigEndian(transcoding: utf8, units: units)
    }
}
