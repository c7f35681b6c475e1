/// The binary (`bplist00`) side of ``PlistEventWriter``: objects go out as they complete.
///
/// A scalar is written when its event arrives, a container when it ends (its children are
/// all written by then), so the root is the last object. Each object's offset, and each
/// open container's child references, wait in ``SpillStack``s until they can be written:
/// the references when their container ends, the offsets at the end of the document, as
/// the offset table. Since the number of objects is not known until then, references are
/// always 4 bytes wide (a file holds at most 2³² − 1 objects, as ``BinaryWriter``'s can);
/// offsets take the smallest width that holds the offset table's own position, which is
/// known when the table is written.
///
/// Scalars are uniqued through a bounded cache: those whose encoding is at most
/// ``cacheableLength`` bytes (dictionary keys among them) are written once while they stay
/// in the cache, which holds at most ``cacheCapacity`` of them and is emptied when full.
/// Longer scalars and containers are written once per occurrence; data of
/// ``BinaryWriter/LargeData/minimumCount`` bytes or more is written from its own storage.
final class BinaryEventEncoder {
    /// The longest encoding (marker and payload) the uniquing cache holds.
    static let cacheableLength = 64
    /// The most scalars the uniquing cache holds.
    static let cacheCapacity = 4096
    /// The most child references held in memory (4 bytes each); more go to a temporary file.
    static let referencesInMemory = 256 * 1024
    /// The most object offsets held in memory (8 bytes each); more go to a temporary file.
    static let offsetsInMemory = 128 * 1024

    private let output: EventOutput
    /// The offset of every object written, in object order.
    private let offsets = SpillStack<UInt64>(memoryLimit: BinaryEventEncoder.offsetsInMemory)
    /// The references of the open containers' children, outermost container first; a
    /// dictionary's are its keys' and values' in turn.
    private let references = SpillStack<UInt32>(memoryLimit: BinaryEventEncoder.referencesInMemory)
    /// Where each open container's references start in ``references``.
    @exclusivity(unchecked) private var containerStarts: [Int] = []
    /// Recently written short scalars, by their encoding.
    private let cache = BinaryScalarCache(capacity: BinaryEventEncoder.cacheCapacity, maximumLength: BinaryEventEncoder.cacheableLength)
    /// The encoding of the scalar or container header being written.
    @exclusivity(unchecked) private var scratch = ByteBuffer(capacity: 256)

    init(output: EventOutput) {
        self.output = output
        output.buffer.append("bplist00")
    }

    /// Writes a scalar (or finds it in the cache) and records its reference in its container.
    func scalar(_ value: Plist) throws(PlistError) {
        scratch.removeAll()
        guard scratch.appendScalar(value) else {
            // Large data: its header, then its bytes straight from its storage.
            guard case .data(let data) = value else { preconditionFailure("not a scalar: \(value.typeName)") }
            scratch.appendHeader(marker: BinaryMarker.data, count: data.count)
            let reference = try newObject(scratch.view(0..<scratch.count))
            try ByteView.with(data) { (bytes) throws(PlistError) in try output.append(bytes) }
            try references.append(reference)
            return
        }
        let encoding = scratch.view(0..<scratch.count)
        guard encoding.count <= Self.cacheableLength else {
            try references.append(try newObject(encoding))
            return
        }
        let reference = try cache.reference(of: encoding) { () throws(PlistError) in try newObject(encoding) }
        try references.append(reference)
    }

    /// Opens a container: the references from here on are its children's.
    func startContainer() {
        containerStarts.append(references.count)
    }

    /// Writes the innermost open container, its header and its children's references
    /// (a dictionary's keys first, then its values), and records its reference in its own
    /// container.
    func endContainer(dictionary: Bool) throws(PlistError) {
        let start = containerStarts.removeLast()
        let end = references.count
        scratch.removeAll()
        scratch.appendHeader(marker: dictionary ? BinaryMarker.dictionary : BinaryMarker.array, count: dictionary ? (end - start) / 2 : end - start)
        let reference = try newObject(scratch.view(0..<scratch.count))
        if dictionary {
            try writeReferences(start..<end, parity: start & 1)
            try writeReferences(start..<end, parity: (start + 1) & 1)
        } else {
            try writeReferences(start..<end, parity: nil)
        }
        references.truncate(to: start)
        try references.append(reference)
    }

    /// Writes the offset table and the trailer.
    func finish() throws(PlistError) {
        let tableOffset = output.position
        // CF requires the offset table's own position to fit an offset entry.
        let offsetSize = BinaryWriter.powerOfTwoWidth(UInt64(tableOffset))
        try offsets.forEachChunk(in: 0..<offsets.count) { (table, chunk) throws(PlistError) in
            var cursor = output.buffer.cursor(reserving: chunk.count * offsetSize)
            for position in chunk { cursor.writeBigEndian(table[position], size: offsetSize) }
            output.buffer.commit(cursor.position)
            try output.flushIfFull()
        }
        var cursor = output.buffer.cursor(reserving: BinaryMarker.trailerSize)
        cursor.write(repeatElement(0, count: 6))
        cursor.writeBigEndian(UInt64(offsetSize), size: 1)
        cursor.writeBigEndian(4, size: 1)
        cursor.writeBigEndian(UInt64(offsets.count), size: 8)
        cursor.writeBigEndian(UInt64(offsets.count - 1), size: 8)
        cursor.writeBigEndian(UInt64(tableOffset), size: 8)
        output.buffer.commit(cursor.position)
    }

    /// Writes one object's bytes and returns its reference.
    private func newObject(_ encoding: ByteView) throws(PlistError) -> UInt32 {
        guard offsets.count < BinaryWriter.maximumObjectCount else {
            throw PlistError(.limitExceeded, "document holds more than \(BinaryWriter.maximumObjectCount) objects")
        }
        try offsets.append(UInt64(output.position))
        try output.append(encoding)
        return UInt32(offsets.count - 1)
    }

    /// Writes the references in `range` as 4-byte integers: all of them, or (for a
    /// dictionary's keys or values) those at indices of the given parity.
    private func writeReferences(_ range: Range<Int>, parity: Int?) throws(PlistError) {
        var index = range.lowerBound
        try references.forEachChunk(in: range) { (table, chunk) throws(PlistError) in
            var cursor = output.buffer.cursor(reserving: 4 * chunk.count)
            for position in chunk {
                if parity == nil || index & 1 == parity { cursor.writeBigEndian(UInt64(table[position]), size: 4) }
                index += 1
            }
            output.buffer.commit(cursor.position)
            try output.flushIfFull()
        }
    }
}
