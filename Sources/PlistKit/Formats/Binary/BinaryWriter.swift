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
package struct BinaryWriter: ~Copyable {
    /// One entry of the flattened object table: where its encoding (a scalar), its blob (large
    /// data) or its child references (a container) lie in `scalarBytes`, `largeData` or `refs`.
    struct Entry {
        /// The offset of the first byte or reference.
        let start: Int
        /// The container's marker in the top byte (zero for a scalar), the number of bytes or
        /// references below it.
        private let markerAndLength: UInt64

        init(scalarAt start: Int, length: Int) {
            self.start = start
            markerAndLength = UInt64(length)
        }

        init(container marker: UInt8, refsAt start: Int, count: Int) {
            self.start = start
            markerAndLength = UInt64(marker) << 56 | UInt64(count)
        }

        /// A large data object: `start` is its blob's index in ``LargeData/blobs``.
        init(dataBlob blob: Int, length: Int) {
            start = blob
            markerAndLength = UInt64(BinaryMarker.data) << 56 | UInt64(length)
        }

        /// ``BinaryMarker/array`` or ``BinaryMarker/dictionary`` (a container),
        /// ``BinaryMarker/data`` (a large data object), or zero for a scalar.
        var marker: UInt8 { UInt8(markerAndLength >> 56) }
        /// The number of bytes (a scalar or large data) or references (a container: keys then
        /// values for a dictionary).
        var length: Int { Int(markerAndLength & 0x00FF_FFFF_FFFF_FFFF) }
        var range: Range<Int> { start..<start + length }
    }

    /// The flattened object table; an object's index is its reference.
    let entries: GrowableTable<Entry>
    /// Encoded scalars, back to back.
    var scalarBytes: ByteBuffer
    /// Child references of every container, back to back.
    let refs: GrowableTable<UInt32>
    /// Child references of the containers being flattened, innermost last.
    let pendingRefs: GrowableTable<UInt32>
    /// Scalars encoded to be looked up together; see ``appendReferencesOfScalarBatch()``.
    let scalarBatch: GrowableTable<EncodedScalar>
    /// The bytes the containers' headers will take.
    var containerHeaderBytes = 0
    /// Data objects too large to go through `scalarBytes`.
    var largeData = LargeData()
    var uniquing: Uniquing
    let maximumDepth: Int

    /// The most scalars looked up together; see ``appendReferencesOfScalarBatch()``.
    static let scalarBatchSize = 16
    /// The most objects a file can hold here: references are kept as `UInt32`.
    static let maximumObjectCount = Int(UInt32.max)

    /// A writer with new, empty tables.
    init(maximumDepth: Int) {
        self.init(maximumDepth: maximumDepth, reusing: BinaryWriterScratch())
    }

    /// A writer with the tables of `scratch`, which must be empty (as
    /// ``keep(in:)`` leaves them).
    init(maximumDepth: Int, reusing scratch: BinaryWriterScratch) {
        self.maximumDepth = maximumDepth
        entries = scratch.entries
        refs = scratch.refs
        pendingRefs = scratch.pendingRefs
        scalarBatch = scratch.scalarBatch
        scalarBytes = scratch.scalarBytes.take() ?? ByteBuffer(capacity: BinaryWriterScratch.scalarCapacity)
        uniquing = scratch.uniquing.take() ?? Uniquing()
    }

    /// Encodes `value`. A call per small document would spend a large part of its time
    /// making and freeing the tables, so each thread keeps the last call's, emptied, for its
    /// next (a call that throws drops them).
    static func write(_ value: Plist, maximumDepth: Int = PlistReadingOptions.default.maximumDepth) throws(PlistError) -> Data {
        let scratch = BinaryWriterScratch.take()
        var writer = BinaryWriter(maximumDepth: maximumDepth, reusing: scratch)
        let top = try writer.flatten(value, depth: 0)
        let file = writer.file(top: top)
        writer.keep(in: scratch)
        return file
    }

    /// Empties the tables and hands them back to `scratch`, which the thread keeps for its
    /// next call, if they are small; a large document's are freed.
    consuming func keep(in scratch: BinaryWriterScratch) {
        guard entries.count <= BinaryWriterScratch.keptObjects, refs.count <= 4 * BinaryWriterScratch.keptObjects,
              scalarBytes.count <= BinaryWriterScratch.keptScalarBytes else { return }
        entries.removeAll()
        refs.removeAll()
        pendingRefs.removeAll()
        scalarBatch.removeAll()
        scalarBytes.removeAll()
        uniquing.removeAll(keepingSlotsUpTo: BinaryWriterScratch.keptSlots)
        scratch.scalarBytes = consume scalarBytes
        scratch.uniquing = uniquing
        BinaryWriterScratch.give(scratch)
    }

    /// The bytes of the file whose root is `top`, once the table holds every object.
    mutating func file(top: UInt32) -> Data {
        #if PLISTKIT_INTERNAL_CHECKS
        checkInvariants()
        #endif
        // The uniquing tables are not needed to lay the file out: freed before the output is
        // allocated, they lower the peak of a large file (by a megabyte for an app's saved
        // state). A small one keeps them: new empty tables cost a few allocations per call.
        if entries.count >= 1 << 16 { uniquing = Uniquing() }
        return serialize(top: top)
    }

    /// The bytes of the whole file, given the flattened table, written in one pass into a
    /// buffer of the exact size (``ByteBuffer/init(exactCapacity:)``) that becomes `Data`
    /// without a copy.
    private func serialize(top: UInt32) -> Data {
        // References and offsets take as few bytes as hold them (3 for up to 16 million
        // objects or bytes, as swift-foundation's writer does; CF, plistlib and libplist
        // round up to 4, and every reader takes any width from 1 to 8).
        // CF requires the object count itself, not just the highest index, to fit a reference.
        let refSize = BinaryWriter.exactWidth(UInt64(entries.count))
        let tableOffset = BinaryMarker.headerSize + scalarBytes.count + largeData.byteCount + refs.count * refSize + containerHeaderBytes
        // CF requires the offset table's own position to fit an offset entry.
        let offsetSize = BinaryWriter.exactWidth(UInt64(tableOffset))
        let total = tableOffset + entries.count * offsetSize + BinaryMarker.trailerSize
        var output = ByteBuffer(exactCapacity: total)
        do {
            var objects = output.cursor(reserving: total)
            var offsets = output.cursor(reserving: total, at: tableOffset)
            objects.write("bplist00".utf8)
            for entry in entries.buffer(0..<entries.count) {
                offsets.writeBigEndian(UInt64(objects.position), size: offsetSize)
                switch entry.marker {
                case 0:
                    objects.write(scalarBytes.view(entry.range))
                case BinaryMarker.data:
                    objects.writeHeader(marker: BinaryMarker.data, count: entry.length)
                    ByteView.with(largeData.blobs[entry.start]) { objects.write($0) }
                case let marker:
                    let length = entry.length
                    objects.writeHeader(marker: marker, count: marker == BinaryMarker.dictionary ? length / 2 : length)
                    objects.writeReferences(refs.buffer(entry.range), size: refSize)
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
        output.commit(total)
        return output.data()
    }

    /// Adds `entry` to the table and returns its index.
    @inline(__always)
    mutating func append(_ entry: Entry) throws(PlistError) -> UInt32 {
        guard entries.count < BinaryWriter.maximumObjectCount else { throw BinaryWriter.tooManyObjects() }
        entries.append(entry)
        return UInt32(entries.count - 1)
    }

    /// The error of a table that would pass ``maximumObjectCount``; out of line, so that
    /// ``append(_:)``, made for every object, stays small.
    @inline(never)
    static func tooManyObjects() -> PlistError {
        PlistError(.limitExceeded, "value holds more than \(BinaryWriter.maximumObjectCount) distinct objects")
    }

    /// The smallest of 1, 2, 4 or 8 bytes that holds `value`: the widths CF gives integers,
    /// UIDs and counts.
    static func powerOfTwoWidth(_ value: UInt64) -> Int {
        switch value {
        case 0...0xFF: 1
        case 0x100...0xFFFF: 2
        case 0x1_0000...0xFFFF_FFFF: 4
        default: 8
        }
    }

    /// The fewest bytes, from 1 to 8, that hold `value`: the width of object references and
    /// offsets, which any number of bytes may have.
    static func exactWidth(_ value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 7) / 8)
    }

    /// The size of what ``ByteBuffer/appendHeader(marker:count:)`` appends.
    static func headerSize(count: Int) -> Int {
        count < 15 ? 1 : 2 + powerOfTwoWidth(UInt64(count))
    }

}
