// Invariant checks for the binary writer's hash tables, compiled only with
// `-Xswiftc -DPLISTKIT_INTERNAL_CHECKS` (`.ci/run` runs the binary suites once that way).
// They cost a walk of every table at the end of every write, so they stay out of normal
// builds.
#if PLISTKIT_INTERNAL_CHECKS
extension HashIndexTable {
    /// Capacity is a power of two and at least twice the count; the count is the number of
    /// used slots; every used slot is reachable from its home slot without crossing an empty
    /// one (so ``next(_:)`` finds it); no index is recorded twice.
    func checkInvariants() {
        let capacity = slotCount
        precondition(capacity >= 64 && capacity & (capacity - 1) == 0, "HashIndexTable capacity \(capacity) is not a power of two ≥ 64")
        var used = 0
        var indices = Set<UInt32>()
        for position in 0..<capacity {
            let slot = slot(at: position)
            guard slot != 0 else { continue }
            used += 1
            precondition(indices.insert(UInt32(truncatingIfNeeded: slot) - 1).inserted, "HashIndexTable holds index \(UInt32(truncatingIfNeeded: slot) - 1) twice")
            var walk = Int(truncatingIfNeeded: slot >> 32) & (capacity - 1)
            while walk != position {
                precondition(self.slot(at: walk) != 0, "HashIndexTable slot \(position) is cut off from its home by an empty slot")
                walk = (walk + 1) & (capacity - 1)
            }
        }
        precondition(used == usedCount && 2 * used <= capacity, "HashIndexTable count \(usedCount), \(used) slots used, capacity \(capacity)")
    }
}

extension BinaryWriter {
    /// Every table's own invariants, and: every scalar entry is found by a lookup of its
    /// encoding's hash, every container entry by its marker and references, and every
    /// reference names an earlier entry (children are flattened first).
    func checkInvariants() {
        uniquing.scalars.checkInvariants()
        uniquing.containers.checkInvariants()
        uniquing.sharedStorage.checkInvariants(objectCount: entries.count)
        for index in 0..<entries.count {
            let entry = entries[index]
            let hash: UInt64
            let table: HashIndexTable
            if entry.marker == BinaryMarker.data {
                precondition(largeData.blobs[entry.start].count == entry.length, "large data entry \(index) has the wrong length")
                continue
            } else if entry.marker == 0 {
                hash = scalarBytes.view(entry.range).hash()
                table = uniquing.scalars
            } else {
                let children = refs.buffer(entry.range)
                precondition(children.allSatisfy { Int($0) < index }, "container \(index) refers to a later object")
                hash = refs.bytes(entry.range).hash(seed: UInt64(entry.marker))
                table = uniquing.containers
            }
            var probe = table.probe(hash)
            var found = false
            while !found, let candidate = table.next(&probe) { found = candidate == UInt32(index) }
            precondition(found, "entry \(index) cannot be found in its uniquing table")
        }
    }
}

extension BinaryWriter.StorageTable {
    /// The index table's invariants, one record per identity, and records that name
    /// existing objects.
    func checkInvariants(objectCount: Int) {
        table.checkInvariants()
        precondition(table.usedCount == recorded.count, "StorageTable has \(recorded.count) records and \(table.usedCount) slots")
        for position in 0..<recorded.count {
            precondition(Int(recorded[position].object) < objectCount, "StorageTable names object \(recorded[position].object) of \(objectCount)")
        }
    }
}
#endif
