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
            data.withUnsafeBytes { append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
        case .uid(let uid):
            let size = BinaryWriter.powerOfTwoWidth(uid)
            append(BinaryMarker.uid << 4 | UInt8(size - 1))
            appendBigEndian(uid, size: size)
        case .array, .dictionary:
            return false
        }
        return true
    }

    /// The low `size` (1, 2, 4 or 8) bytes of `value`, most significant first.
    @inline(__always)
    mutating func appendBigEndian(_ value: UInt64, size: Int) {
        let target = UnsafeMutableRawPointer(reserve(8))
        // All eight bytes, shifted so that the low `size` come first; only those are counted.
        target.storeBytes(of: (value << (64 - 8 * UInt64(size))).bigEndian, as: UInt64.self)
        commit(size)
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
        if string.utf8.withContiguousStorageIfAvailable({ appendString(utf8: $0) }) == nil {
            var copy = string
            copy.withUTF8 { appendString(utf8: $0) }
        }
    }

    /// What ``appendString(_:)`` appends for the string whose UTF-8 is `utf8`.
    private mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        if BinaryWriter.isASCII(UnsafeRawBufferPointer(utf8)) {
            appendHeader(marker: BinaryMarker.asciiString, count: utf8.count)
            append(contentsOf: utf8)
        } else {
            appendUTF16(transcoding: utf8)
        }
    }

    /// A UTF-16 string object for `utf8`, which is valid UTF-8 (as every `String`'s is).
    private mutating func appendUTF16(transcoding utf8: UnsafeBufferPointer<UInt8>) {
        // One unit per scalar (per byte that does not continue one), two for a four-byte one.
        var units = 0
        for byte in utf8 {
            units += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
        }
        appendHeader(marker: BinaryMarker.utf16String, count: units)
        let target = UnsafeMutableRawPointer(reserve(2 * units))
        var written = 0
        func write(_ unit: UInt32) {
            target.storeBytes(of: UInt16(truncatingIfNeeded: unit).bigEndian, toByteOffset: written, as: UInt16.self)
            written += 2
        }
        var offset = 0
        while offset < utf8.count {
            let lead = UInt32(utf8[offset])
            if lead < 0x80 {
                write(lead)
                offset += 1
            } else if lead < 0xE0 {
                write((lead & 0x1F) << 6 | UInt32(utf8[offset + 1] & 0x3F))
                offset += 2
            } else if lead < 0xF0 {
                write((lead & 0x0F) << 12 | UInt32(utf8[offset + 1] & 0x3F) << 6 | UInt32(utf8[offset + 2] & 0x3F))
                offset += 3
            } else {
                let scalar = (lead & 0x07) << 18 | UInt32(utf8[offset + 1] & 0x3F) << 12
                    | UInt32(utf8[offset + 2] & 0x3F) << 6 | UInt32(utf8[offset + 3] & 0x3F)
                write(0xD800 | (scalar - 0x1_0000) >> 10)
                write(0xDC00 | (scalar & 0x3FF))
                offset += 4
            }
        }
        commit(written)
    }
}
