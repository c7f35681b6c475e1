/// The 32 bytes at the end of a `bplist00` file, validated once with checked arithmetic so
/// the reader can trust every size and position in it afterwards.
///
/// The keyed-archive reader, in another module, reads references and offsets through
/// ``bigEndian(_:at:size:)`` too.
package struct BinaryTrailer: Sendable {
    /// Bytes per entry in the offset table (1 … 8).
    let offsetIntSize: Int
    /// Bytes per object reference inside containers (1 … 8).
    let objectRefSize: Int
    /// Number of objects (and offset-table entries).
    let objectCount: Int
    /// Index of the root object.
    let topObject: Int
    /// Where the offset table starts; objects live between the header and here.
    let offsetTableOffset: Int

    /// Reads and validates the trailer of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) throws(PlistError) {
        let length = bytes.count
        guard length >= BinaryMarker.headerSize + BinaryMarker.trailerSize + 1 else {
            throw PlistError(.truncated, "binary plist of \(length) bytes is shorter than header, trailer and one object", offset: length)
        }
        let start = length - BinaryMarker.trailerSize
        offsetIntSize = Int(bytes[start + 6])
        objectRefSize = Int(bytes[start + 7])
        let count = BinaryTrailer.bigEndian(bytes, at: start + 8)
        let top = BinaryTrailer.bigEndian(bytes, at: start + 16)
        let table = BinaryTrailer.bigEndian(bytes, at: start + 24)

        guard (1...8).contains(offsetIntSize) else {
            throw PlistError(.badTrailer, "offset size \(offsetIntSize) is not 1…8", offset: start + 6)
        }
        guard (1...8).contains(objectRefSize) else {
            throw PlistError(.badTrailer, "object reference size \(objectRefSize) is not 1…8", offset: start + 7)
        }
        guard count >= 1, count <= UInt64(length) else {
            throw PlistError(.badTrailer, "object count \(count) is impossible in \(length) bytes", offset: start + 8)
        }
        if objectRefSize < 8, count > UInt64(1) << UInt64(8 * objectRefSize) {
            throw PlistError(.badTrailer, "object count \(count) does not fit \(objectRefSize)-byte references", offset: start + 8)
        }
        guard top < count else {
            throw PlistError(.badTrailer, "top object \(top) is not below the object count \(count)", offset: start + 16)
        }
        let (tableBytes, overflow) = count.multipliedReportingOverflow(by: UInt64(offsetIntSize))
        guard table >= UInt64(BinaryMarker.headerSize + 1), table < UInt64(start), !overflow,
              tableBytes <= UInt64(start) - table
        else {
            throw PlistError(.badTrailer, "offset table at \(table) with \(count) entries of \(offsetIntSize) bytes does not fit before the trailer at \(start)", offset: start + 24)
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableOffset = Int(table)
    }

    /// Reads an unsigned big-endian integer of `size` (1 … 8) bytes at `offset`; the caller
    /// has checked the bounds. The sizes writers use (1 to 4 and 8) take one or two loads.
    @inline(__always)
    package static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int = 8) -> UInt64 {
        let start = bytes.baseAddress! + offset
        switch size {
        case 1: return UInt64(start.load(as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: start.loadUnaligned(as: UInt16.self)))
        case 3: return UInt64(UInt16(bigEndian: start.loadUnaligned(as: UInt16.self))) &<< 8 | UInt64(start.load(fromByteOffset: 2, as: UInt8.self))
        case 4: return UInt64(UInt32(bigEndian: start.loadUnaligned(as: UInt32.self)))
        case 8: return UInt64(bigEndian: start.loadUnaligned(as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in 0..<size { value = value &<< 8 | UInt64(start.load(fromByteOffset: index, as: UInt8.self)) }
            return value
        }
    }
}
