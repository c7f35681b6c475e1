/// An open-addressing hash set of object indices whose keys live elsewhere (in the binary
/// writer's `scalarBytes` or `refs`, say): each slot holds 32 bits of the key's hash and an
/// index, and the caller checks each candidate index against the key it looks for. Linear
/// probing from the slot the stored hash bits name, power-of-two capacity, at most half full.
///
/// Public only as SPI (`@_spi(Internals) import PlistKit`), and inlinable, so that the keyed
/// archiver's tables (strings, object identities, decoded collections) probe it as fast as
/// the writer does: Swift inlines a `package` declaration's body into no other module.
@_spi(Internals)
public struct HashIndexTable {
    /// The hash bits in the high half, the index plus one in the low half; zero when empty.
    @usableFromInline var slots = [UInt64](repeating: 0, count: 64)
    @usableFromInline var count = 0
    /// The sum of the slots ``preload(_:)`` loaded, kept so that the loads are made.
    private var preloaded: UInt64 = 0

    /// An empty table.
    public init() {}

    /// The number of slots (a power of two).
    var slotCount: Int { slots.count }
    /// The number of indices recorded.
    var usedCount: Int { count }
    /// Slot `position`: the hash bits high, the index plus one low; zero when empty.
    func slot(at position: Int) -> UInt64 { slots[position] }

    /// Where a lookup of one hash stands: the next slot to look at.
    public struct Probe {
        @usableFromInline let tag: UInt32
        @usableFromInline var position: Int

        @inlinable
        init(tag: UInt32, position: Int) {
            self.tag = tag
            self.position = position
        }
    }

    /// A lookup of `hash`, to step through with ``next(_:)``.
    @inlinable @inline(__always)
    public func probe(_ hash: UInt64) -> Probe {
        let tag = UInt32(truncatingIfNeeded: hash)
        return Probe(tag: tag, position: Int(tag) & (slots.count - 1))
    }

    /// The next index recorded under the probe's hash bits, or nil when there is none left;
    /// the probe then rests on the empty slot where ``insert(_:at:)`` puts a new index.
    @inlinable @inline(__always)
    public func next(_ probe: inout Probe) -> UInt32? {
        let mask = slots.count - 1
        while true {
            let slot = slots[probe.position]
            if slot == 0 { return nil }
            probe.position = (probe.position + 1) & mask
            if UInt32(truncatingIfNeeded: slot >> 32) == probe.tag {
                return UInt32(truncatingIfNeeded: slot) - 1
            }
        }
    }

    /// Loads the first slot a lookup of `hash` probes, so that the cache misses of a
    /// batch of lookups overlap; the load itself changes nothing.
    @inline(__always)
    mutating func preload(_ hash: UInt64) {
        preloaded &+= slots[probe(hash).position]
    }

    /// Records `index` (below `UInt32.max`) under the hash of `probe`, which ``next(_:)``
    /// has run to its end.
    @inlinable @inline(__always)
    public mutating func insert(_ index: UInt32, at probe: Probe) {
        slots[probe.position] = UInt64(probe.tag) << 32 | UInt64(index + 1)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Forgets every index, keeping the slots when there are at most `keptSlots` of them
    /// (clearing them costs less than allocating new ones) and otherwise starting over small.
    mutating func removeAll(keepingSlotsUpTo keptSlots: Int) {
        if slots.count > keptSlots {
            self = HashIndexTable()
        } else {
            for slot in slots.indices { slots[slot] = 0 }
            count = 0
        }
    }

    /// Doubles the capacity, placing every slot again by its stored hash bits.
    @usableFromInline
    mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var position = Int(slot >> 32) & mask
            while slots[position] != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }
}
