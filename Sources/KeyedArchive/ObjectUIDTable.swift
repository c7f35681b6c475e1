/// The UIDs of the objects (or types) archived so far, by identity: ``KeyedArchiver``'s
/// look-up of every object reference.
///
/// `Dictionary<ObjectIdentifier, UInt64>` hashes each identifier with SipHash, and an archive
/// of many objects looks one up for every reference and grows the dictionary as it goes: a
/// twentieth of archiving 100,000 records. This table probes linearly from a multiply-shift
/// hash of the address, a few instructions; addresses come from the allocator, not from the
/// data, so no input can crowd them into one run of slots. Entries are only added; the slots
/// are at most half full, and nothing is allocated until the first entry.
struct ObjectUIDTable {
    /// Per slot, an object's address; 0 marks a free slot (no object lives at address 0).
    private var addresses: [UInt] = []
    /// Per slot, the UID of the object at that address.
    private var uids: [UInt64] = []
    private var count = 0
    /// 64 minus the base-2 logarithm of the number of slots.
    private var shift: UInt64 = 64

    /// The UID stored for `id`, or nil.
    subscript(id: ObjectIdentifier) -> UInt64? {
        guard count > 0 else { return nil }
        let address = UInt(bitPattern: id)
        var slot = self.slot(of: address)
        while true {
            let found = addresses[slot]
            if found == address { return uids[slot] }
            if found == 0 { return nil }
            slot = (slot &+ 1) & (addresses.count &- 1)
        }
    }

    /// Stores `uid` for `id`, which has none yet.
    mutating func add(_ uid: UInt64, for id: ObjectIdentifier) {
        if (count &+ 1) &* 2 > addresses.count { grow() }
        let address = UInt(bitPattern: id)
        var slot = self.slot(of: address)
        while addresses[slot] != 0 {
            precondition(addresses[slot] != address, "an object is given one UID")
            slot = (slot &+ 1) & (addresses.count &- 1)
        }
        addresses[slot] = address
        uids[slot] = uid
        count += 1
    }

    @inline(__always)
    private func slot(of address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    private mutating func grow() {
        let size = Swift.max(16, addresses.count * 2)
        let (oldAddresses, oldUIDs) = (addresses, uids)
        addresses = Array(repeating: 0, count: size)
        uids = Array(repeating: 0, count: size)
        shift = 64 - UInt64(size.trailingZeroBitCount)
        for position in oldAddresses.indices where oldAddresses[position] != 0 {
            var slot = self.slot(of: oldAddresses[position])
            while addresses[slot] != 0 { slot = (slot &+ 1) & (size &- 1) }
            addresses[slot] = oldAddresses[position]
            uids[slot] = oldUIDs[position]
        }
    }
}
