#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes a ``Plist`` as a `bplist00` file.
///
/// Objects are flattened children-first into a table in which every distinct object appears
/// once (see `BinaryWriter+Uniquing.swift`), then written with the smallest integer widths,
/// reference size and offset size that fit. The root is the last object; the trailer says so.
struct BinaryWriter {
    /// One entry of the flattened object table.
    enum Entry {
        /// A scalar whose complete encoding is `scalarBytes[range]`.
        case scalar(Range<Int>)
        /// An array (or dictionary: keys, then values) whose references are `refs[range]`.
        case container(marker: UInt8, count: Int, refs: Range<Int>)
    }

    var entries: [Entry] = []
    /// Encoded scalars, back to back.
    var scalarBytes: [UInt8] = []
    /// Child references of every container, back to back.
    var refs: [Int] = []
    var uniquing = Uniquing()
    let maximumDepth: Int

    /// Encodes `value`.
    static func write(_ value: Plist, maximumDepth: Int = PlistReadingOptions.default.maximumDepth) throws(PlistError) -> Data {
        var writer = BinaryWriter(maximumDepth: maximumDepth)
        let top = try writer.flatten(value, depth: 0)
        return Data(writer.serialize(top: top))
    }

    /// The bytes of the whole file, given the flattened table.
    private func serialize(top: Int) -> [UInt8] {
        // CF requires the object count itself, not just the highest index, to fit a reference.
        let refSize = BinaryWriter.bytesNeeded(UInt64(entries.count))
        var output: [UInt8] = []
        output.reserveCapacity(BinaryMarker.headerSize + scalarBytes.count + refs.count * refSize + entries.count * 9 + BinaryMarker.trailerSize)
        output.append(contentsOf: Array("bplist00".utf8))
        var offsets: [Int] = []
        offsets.reserveCapacity(entries.count)
        for entry in entries {
            offsets.append(output.count)
            switch entry {
            case .scalar(let range):
                output.append(contentsOf: scalarBytes[range])
            case .container(let marker, let count, let range):
                BinaryWriter.appendHeader(marker: marker, count: count, to: &output)
                for index in range {
                    BinaryWriter.appendBigEndian(UInt64(refs[index]), size: refSize, to: &output)
                }
            }
        }
        let tableOffset = output.count
        // CF requires the offset table's own position to fit an offset entry.
        let offsetSize = BinaryWriter.bytesNeeded(UInt64(tableOffset))
        for offset in offsets {
            BinaryWriter.appendBigEndian(UInt64(offset), size: offsetSize, to: &output)
        }
        output.append(contentsOf: repeatElement(0, count: 6))
        output.append(UInt8(offsetSize))
        output.append(UInt8(refSize))
        BinaryWriter.appendBigEndian(UInt64(entries.count), size: 8, to: &output)
        BinaryWriter.appendBigEndian(UInt64(top), size: 8, to: &output)
        BinaryWriter.appendBigEndian(UInt64(tableOffset), size: 8, to: &output)
        return output
    }

    /// The smallest of 1, 2, 4 or 8 bytes that holds `value`.
    static func bytesNeeded(_ value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0x100...0xFFFF: 2
        case 0x1_0000...0xFFFF_FFFF: 4
        default: 8
        }
    }

    @inline(__always)
    static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// A marker byte with `count` in its low nibble, or `0xF` followed by an integer object.
    static func appendHeader(marker: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(marker << 4 | UInt8(count))
        } else {
            output.append(marker << 4 | 0x0F)
            appendUnsigned(UInt64(count), to: &output)
        }
    }

    /// An integer object (marker 0x1n) for a non-negative value, in the smallest width.
    static func appendUnsigned(_ value: UInt64, to output: inout [UInt8]) {
        let size = bytesNeeded(value)
        if size == 8 && value > UInt64(Int64.max) {
            // 8-byte integers are signed; larger values take 16 bytes.
            output.append(0x14)
            appendBigEndian(0, size: 8, to: &output)
            appendBigEndian(value, size: 8, to: &output)
        } else {
            output.append(0x10 | UInt8(size.trailingZeroBitCount))
            appendBigEndian(value, size: size, to: &output)
        }
    }
}
