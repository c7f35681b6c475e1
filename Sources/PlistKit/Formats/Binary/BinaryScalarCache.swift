/// The uniquing cache of ``BinaryEventEncoder``: the references of recently written short
/// scalars, found by their encoding (marker and payload).
///
/// An open-addressed table of ``slotCount`` slots over one arena of the encodings, with room
/// for ``capacity`` of them (a load of at most a half); when it is full it is emptied at
/// once by moving to a new generation, so a lookup costs one hash of the encoding, no
/// allocation and no copy. Every dictionary key and nearly every scalar of a document goes
/// through it.
final class BinaryScalarCache {
    /// The most encodings held before the cache is emptied.
    let capacity: Int
    /// The longest encoding held.
    let maximumLength: Int
    private let slotCount: Int
    private let slots = GrowableTable<Slot>()
    /// The encodings back to back; a slot names its range. It has room for ``capacity`` of
    /// the longest, so it never grows.
    @exclusivity(unchecked) private var arena: ByteBuffer
    @exclusivity(unchecked) private var count = 0
    /// Slots of another generation are empty.
    @exclusivity(unchecked) private var generation: UInt32 = 1

    private struct Slot {
        var hash: UInt64
        var generation: UInt32
        var reference: UInt32
        var start: UInt32
        var length: UInt32
    }

    init(capacity: Int, maximumLength: Int) {
        self.capacity = capacity
        self.maximumLength = maximumLength
        var slotCount = 16
        while slotCount < 2 * capacity { slotCount *= 2 }
        self.slotCount = slotCount
        slots.reset(repeating: Slot(hash: 0, generation: 0, reference: 0, start: 0, length: 0), count: slotCount)
        arena = ByteBuffer(capacity: capacity * maximumLength)
    }

    /// The reference of the scalar whose encoding is `encoding` (at most ``maximumLength``
    /// bytes), or nil after calling `write` to write it and give its reference, which is then
    /// cached.
    @inline(__always)
    func reference(of encoding: ByteView, orWrite write: () throws(PlistError) -> UInt32) throws(PlistError) -> UInt32 {
        let hash = encoding.hash()
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].generation == generation {
            let slot = slots[index]
            if slot.hash == hash, arena.view(Int(slot.start)..<Int(slot.start) + Int(slot.length)).wordwiseEqual(encoding) {
                return slot.reference
            }
            index = (index + 1) & mask
        }
        let reference = try write()
        if count == capacity {
            empty()
            index = Int(truncatingIfNeeded: hash) & mask
        }
        slots[checked: index] = Slot(hash: hash, generation: generation, reference: reference, start: UInt32(arena.count), length: UInt32(encoding.count))
        arena.append(encoding)
        count += 1
        return reference
    }

    /// Forgets every encoding.
    private func empty() {
        count = 0
        arena.removeAll()
        generation &+= 1
        if generation == 0 {
            // After 2³² generations, old stamps could look current: clear them.
            generation = 1
            for index in 0..<slotCount { slots[checked: index].generation = 0 }
        }
    }
}
