/// What other targets of the package need of an object table beyond single objects
/// (KeyedArchive reads binary archives in place): the trailer's figures, a subtree decoded as
/// the full reader decodes it, and reads of objects located before that skip the checks.
///
/// This file is also the table's face for readers that still hold the input as raw memory
/// (KeyedArchive's in-place reads, the model source): the
/// table itself reads only through ``ByteView``.
extension BinaryObjectTable {
    /// Checks the header and the trailer of `bytes`, which the caller keeps alive while the
    /// table is used.
    package init(_ bytes: UnsafeRawBufferPointer) throws(PlistError) {
        try self.init(ByteView(bytes))
    }

    /// The input's memory, for readers in raw memory.
    package var rawBytes: UnsafeRawBufferPointer {
        bytes.withUnsafeBufferPointer { UnsafeRawBufferPointer($0) }
    }

    /// The bytes of an ASCII string object, checked to be ASCII (``asciiBytes(_:)``), as
    /// raw memory.
    @inline(__always)
    package func checkedASCIIBytes(_ object: BinaryObject) throws(PlistError) -> UnsafeRawBufferPointer {
        try asciiBytes(object).withUnsafeBufferPointer { UnsafeRawBufferPointer($0) }
    }

    /// The index of the top object, as the trailer gives it (not yet checked against the
    /// object count).
    package var topObject: Int { trailer.topObject }

    /// Object `index` with everything it contains, decoded with ``BinaryReader``'s checks,
    /// cycle, depth and sharing rules; `depth` is the nesting it starts at and `referrer`
    /// where the reference to it is stored (for errors).
    package func plist(ofObject index: Int, depth: Int, referencedFrom referrer: Int, maximumDepth: Int) throws(PlistError) -> Plist {
        try BinaryReader.read(self, object: index, depth: depth, referencedFrom: referrer, maximumDepth: maximumDepth, marks: SparseObjectMarks())
    }

    /// Where object `index` starts, read from the offset table without checks: only for
    /// objects that ``object(index:)`` has located before.
    @inline(__always)
    func uncheckedOffset(ofObject index: Int) -> Int {
        Int(truncatingIfNeeded: bytes.bigEndian(at: trailer.offsetTableOffset + index * trailer.offsetIntSize, size: trailer.offsetIntSize))
    }

    /// Where the offset table starts.
    package var offsetTableOffset: Int { trailer.offsetTableOffset }

    /// Bytes per entry of the offset table.
    package var offsetIntSize: Int { trailer.offsetIntSize }

    /// Object `index` when it is a dictionary, array or set, located without checks: only for
    /// objects that ``object(index:)`` has located before. Nil for other kinds.
    @inline(__always)
    package func uncheckedContainer(index: Int) -> BinaryObject? {
        let offset = uncheckedOffset(ofObject: index)
        let marker = bytes[offset]
        let kind: BinaryObject.Kind
        switch marker >> 4 {
        case BinaryMarker.dictionary: kind = .dictionary
        case BinaryMarker.array: kind = .array
        case BinaryMarker.set: kind = .set
        default: return nil
        }
        var start = offset + 1
        var count = Int(marker & 0x0F)
        if count == 0x0F {
            let size = 1 << Int(bytes[start] & 0x0F)
            count = Int(truncatingIfNeeded: bytes.bigEndian(at: start + 1, size: size))
            start += 1 + size
        }
        return BinaryObject(kind: kind, offset: offset, start: start, count: count)
    }

    /// The bytes of object `index` (below the object count) when it is an ASCII string whose
    /// count is in its marker (fewer than 15 bytes: nearly every dictionary key) and passes
    /// every check ``object(index:)`` and ``asciiBytes(_:)`` make; nil for any other object,
    /// whose checks (and errors) are theirs.
    package func shortASCIIString(index: Int) throws(PlistError) -> UnsafeRawBufferPointer? {
        let offset = try offset(ofObject: index)
        let marker = bytes[offset]
        let count = Int(marker & 0x0F)
        guard marker >> 4 == BinaryMarker.asciiString, count != 0x0F, offset + 1 + count <= trailer.offsetTableOffset else { return nil }
        let slice = bytes.slice(at: offset + 1, count: count)
        var combined: UInt8 = 0
        for byte in slice { combined |= byte }
        return combined < 0x80 ? slice.withUnsafeBufferPointer { UnsafeRawBufferPointer($0) } : nil
    }
}

extension BinaryTrailer {
    /// Reads an unsigned big-endian integer of `size` (1 … 8) bytes at `offset`; the caller
    /// has checked the bounds (`bigEndian(at:size:)` in `IO/ByteReads.swift`).
    @inline(__always)
    package static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int = 8) -> UInt64 {
        bytes.bigEndian(at: offset, size: size)
    }
}
