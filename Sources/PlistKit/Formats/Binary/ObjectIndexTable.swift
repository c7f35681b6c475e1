/// A map from object indices (non-negative `Int`s) to values: ``BinaryReader``'s shared
/// objects and key sets.
///
/// `Dictionary<Int, Value>` hashes every key with SipHash, about 200 instructions a lookup,
/// and the reader looks up every dictionary's key set and every object reached twice: a tenth
/// of decoding `config`, a twentieth of `records`. This table probes linearly from a
/// multiply-shift hash, a few instructions. The multiplier is an odd number drawn once per
/// process, so a crafted file cannot pick indices that all land in one run of slots.
///
/// Entries are only added or replaced; the slots are at most half full, and nothing is
/// allocated until the first entry.
struct ObjectIndexTable<Value> {
    /// An object index and where its value is in `values`; index -1 marks a free slot.
    private struct Slot {
        var index: Int
        var position: Int
    }

    /// Twice as many as the entries or more, a power of two; plain integers, so that growing
    /// moves no values.
    private var slots: [Slot] = []
    /// The values, in the order they were added.
    private var values: [Value] = []
    /// 64 minus the base-2 logarithm of the number of slots.
    private var shift: UInt64 = 64

    /// The value stored for `index`, or nil (always for a negative one).
    subscript(index: Int) -> Value? {
        guard !values.isEmpty, index >= 0 else { return nil }
        var slot = self.slot(of: index)
        while true {
            let found = slots[slot]
            if found.index == index { return values[found.position] }
            if found.index < 0 { return nil }
            slot = (slot &+ 1) & (slots.count &- 1)
        }
    }

    /// Stores `value` for `index` (not negative), replacing any value stored for it before.
    mutating func set(_ value: Value, for index: Int) {
        precondition(index >= 0, "object indices are not negative")
        if (values.count &+ 1) &* 2 > slots.count { grow() }
        var slot = self.slot(of: index)
        while slots[slot].index >= 0 {
            if slots[slot].index == index {
                values[slots[slot].position] = value
                return
            }
            slot = (slot &+ 1) & (slots.count &- 1)
        }
        slots[slot] = Slot(index: index, position: values.count)
        values.append(value)
    }

    /// Removes every entry. The slots stay for the next entries when there are at most
    /// `limit` of them; more are let go, so that one large file does not keep its table.
    mutating func removeAll(keepingSlotsUpTo limit: Int) {
        guard !values.isEmpty else { return }
        guard slots.count <= limit else {
            self = ObjectIndexTable()
            return
        }
        for slot in slots.indices { slots[slot].index = -1 }
        values.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func slot(of index: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: index) &* ObjectIndexHash.multiplier) &>> shift)
    }

    private mutating func grow() {
        let size = Swift.max(16, slots.count * 2)
        let old = slots
        slots = Array(repeating: Slot(index: -1, position: 0), count: size)
        shift = 64 - UInt64(size.trailingZeroBitCount)
        values.reserveCapacity(size / 2)
        for entry in old where entry.index >= 0 {
            var slot = self.slot(of: entry.index)
            while slots[slot].index >= 0 { slot = (slot &+ 1) & (size &- 1) }
            slots[slot] = entry
        }
    }
}

/// The multiplier of ``ObjectIndexTable``'s hash (a generic type cannot hold a static one).
enum ObjectIndexHash {
    static let multiplier = UInt64.random(in: .min ... .max) | 1
}
