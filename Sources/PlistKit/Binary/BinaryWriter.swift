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
    /// Child references of the containers being flattened, innermost last.
    var pendingRefs: [Int] = []
    var uniquing = Uniquing()
    let maximumDepth: Int

    /// Encodes `value`.
    static func write(_ value: Plist, maximumDepth: Int = PlistReadingOptions.default.maximumDepth) throws(PlistError) -> Data {
        var writer = BinaryWriter(maximumDepth: maximumDepth)
        let top = try writer.flatten(value, depth: 0)
        return writer.serialize(top: top)
    }

    /// The bytes of the whole file, given the flattened table, written in one pass into a
    /// buffer of the exact size.
    private func serialize(top: Int) -> Data {
        // CF requires the object count itself, not just the highest index, to fit a reference.
        let refSize = BinaryWriter.bytesNeeded(UInt64(entries.count))
        var tableOffset = BinaryMarker.headerSize + scalarBytes.count + refs.count * refSize
        for case .container(_, let count, _) in entries {
            tableOffset += BinaryWriter.headerSize(count: count)
        }
        // CF requires the offset table's own position to fit an offset entry.
        let offsetSize = BinaryWriter.bytesNeeded(UInt64(tableOffset))
        let total = tableOffset + entries.count * offsetSize + BinaryMarker.trailerSize
        var output = Data(count: total)
        output.withUnsafeMutableBytes { buffer in
            var objects = ByteCursor(buffer.baseAddress!)
            var offsets = ByteCursor(buffer.baseAddress! + tableOffset)
            objects.write("bplist00".utf8)
            scalarBytes.withUnsafeBytes { scalarBytes in
                for entry in entries {
                    offsets.writeBigEndian(UInt64(objects.position), size: offsetSize)
                    switch entry {
                    case .scalar(let range):
                        objects.write(UnsafeRawBufferPointer(rebasing: scalarBytes[range]))
                    case .container(let marker, let count, let range):
                        objects.writeHeader(marker: marker, count: count)
                        for index in range {
                            objects.writeBigEndian(UInt64(refs[index]), size: refSize)
                        }
                    }
                }
            }
            var trailer = offsets
            trailer.write(repeatElement(0, count: 6))
            trailer.writeBigEndian(UInt64(offsetSize), size: 1)
            trailer.writeBigEndian(UInt64(refSize), size: 1)
            trailer.writeBigEndian(UInt64(entries.count), size: 8)
            trailer.writeBigEndian(UInt64(top), size: 8)
            trailer.writeBigEndian(UInt64(tableOffset), size: 8)
            assert(objects.position == tableOffset && tableOffset + trailer.position == total)
        }
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

    /// The low `size` bytes of `value`, most significant first.
    @inline(__always)
    static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes in
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(8 - size)...]))
        }
    }

    /// The size of what ``appendHeader(marker:count:to:)`` appends.
    static func headerSize(count: Int) -> Int {
        count < 15 ? 1 : 2 + bytesNeeded(UInt64(count))
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

    /// Whether every byte is below 0x80, checked eight at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            high |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            high |= UInt64(bytes[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}
