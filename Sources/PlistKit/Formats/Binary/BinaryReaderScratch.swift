/// What a whole-file ``BinaryReader`` keeps from one call to the next on the same thread:
/// the per-object marks, the tables of shared objects and key sets (emptied after every
/// call, their slots kept), and the ``BinaryKeyCache``.
///
/// A program that reads many small documents would otherwise pay, per document, for a
/// marks array, two tables grown from nothing and a `String` for every long key. Each thread
/// has one scratch, taken for a read and given back after it, so concurrent readers share
/// nothing, and a read that starts while the thread's scratch is taken (none does today)
/// gets a new one. What a large file grew is not kept: memory held per thread stays small.
final class BinaryReaderScratch {
    /// Storage for ``DenseObjectMarks`` (a table, whose marks are set in place: an array's
    /// would check its uniqueness at every mark). Unchecked exclusivity: it is replaced only
    /// between reads, never handed out `inout`.
    @exclusivity(unchecked) private var marks = GrowableTable<UInt8>(capacity: 1024)
    /// The reader's tables, empty between reads. Unchecked exclusivity: like the scratch
    /// itself, they belong to one read at a time on one thread, which moves them into its
    /// reader and back.
    @exclusivity(unchecked) var shared = ObjectIndexTable<Plist>()
    @exclusivity(unchecked) var keySets = ObjectIndexTable<BinaryKeySet>()
    let keys = BinaryKeyCache()

    /// The most marks kept between reads (one byte an object).
    static let keptMarkCapacity = 64 * 1024
    /// The most table slots kept between reads.
    static let keptTableSlots = 1024

    private init() {}

    /// Zeroed marks for `objectCount` objects, valid until ``finish()`` or the next call.
    func marks(objectCount: Int) -> DenseObjectMarks {
        marks.reset(repeating: 0, count: objectCount)
        return DenseObjectMarks(marks)
    }

    /// Forgets what the read that ends kept (the values it shared belong to its result), and
    /// lets go of storage a large file grew.
    func finish() {
        shared.removeAll(keepingSlotsUpTo: Self.keptTableSlots)
        keySets.removeAll(keepingSlotsUpTo: Self.keptTableSlots)
        if marks.capacity > Self.keptMarkCapacity {
            marks = GrowableTable<UInt8>(capacity: 1024)
        }
    }

    /// The calling thread's scratch, taken from it until ``give(_:)``; a new one when it has
    /// none or its own is taken.
    static func take() -> BinaryReaderScratch {
        slot.take() ?? BinaryReaderScratch()
    }

    /// Gives `scratch` back to the calling thread, after ``finish()``, unless the thread
    /// already holds another.
    static func give(_ scratch: BinaryReaderScratch) {
        scratch.finish()
        slot.put(scratch)
    }

    /// Each thread's idle scratch, released when the thread ends.
    private static let slot = ThreadLocalSlot<BinaryReaderScratch>()
}
