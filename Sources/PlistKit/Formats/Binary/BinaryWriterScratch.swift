/// The tables and buffers of a ``BinaryWriter``, kept by each thread between calls of
/// `BinaryWriter.write(_:maximumDepth:)` (see ``BinaryWriter/keep(in:)``), as
/// ``BinaryReaderScratch`` keeps the reader's.
///
/// A writer takes the buffer and the uniquing tables out while it writes (so that they are
/// uniquely referenced and grow in place) and puts them back emptied; the tables that are
/// classes it shares with the scratch.
final class BinaryWriterScratch {
    let entries = GrowableTable<BinaryWriter.Entry>(capacity: 1024)
    let refs = GrowableTable<UInt32>(capacity: 1024)
    let pendingRefs = GrowableTable<UInt32>()
    let scalarBatch = GrowableTable<BinaryWriter.EncodedScalar>(capacity: BinaryWriter.scalarBatchSize)
    var scalarBytes: ByteBuffer? = ByteBuffer(capacity: BinaryWriterScratch.scalarCapacity)
    var uniquing: BinaryWriter.Uniquing? = BinaryWriter.Uniquing()

    /// The scalar buffer's first capacity.
    static let scalarCapacity = 16 * 1024
    /// The most objects, scalar bytes and hash-table slots of a call whose tables are kept:
    /// enough for a settings file, little enough that a thread holds about a megabyte at most.
    static let keptObjects = 8 * 1024
    static let keptScalarBytes = 128 * 1024
    static let keptSlots = 4 * 1024

    /// The calling thread's scratch, or a new one.
    static func take() -> BinaryWriterScratch {
        slot.take() ?? BinaryWriterScratch()
    }

    /// Keeps `scratch`, whose tables are empty, for the calling thread's next call.
    static func give(_ scratch: BinaryWriterScratch) {
        slot.put(scratch)
    }

    private static let slot = ThreadLocalSlot<BinaryWriterScratch>()
}
