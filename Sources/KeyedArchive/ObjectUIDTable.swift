@_spi(Internals) import PlistKit

/// The UIDs of the objects (or types) archived so far, by identity: ``KeyedArchiver``'s
/// look-up of every object reference.
///
/// `Dictionary<ObjectIdentifier, UInt64>` hashed each identifier with SipHash and grew by
/// rehashing: a twentieth of archiving 100,000 records. Here the addresses are recorded in the
/// binary writer's index table (as ``StringUIDTable`` records strings) under a multiply-shift
/// hash; addresses come from the allocator, not from the data, so no input can crowd them
/// into one run of slots.
struct ObjectUIDTable {
    private var table = HashIndexTable()
    private var addresses: [UInt] = []
    private var uids: [UInt64] = []

    /// The UID stored for `id`, or nil.
    subscript(id: ObjectIdentifier) -> UInt64? {
        let address = UInt(bitPattern: id)
        var probe = table.probe(Self.hash(address))
        while let candidate = table.next(&probe) {
            if addresses[Int(candidate)] == address { return uids[Int(candidate)] }
        }
        return nil
    }

    /// Stores `uid` for `id`, which has none yet.
    mutating func add(_ uid: UInt64, for id: ObjectIdentifier) {
        let address = UInt(bitPattern: id)
        var probe = table.probe(Self.hash(address))
        while let candidate = table.next(&probe) {
            precondition(addresses[Int(candidate)] != address, "an object is given one UID")
        }
        // The table's indices are 32-bit: more objects than that cannot be in memory at once.
        table.insert(UInt32(addresses.count), at: probe)
        addresses.append(address)
        uids.append(uid)
    }

    /// The well-mixed high half of the address times an odd constant: the index table probes
    /// from the low bits of the hash it is given.
    @inline(__always)
    private static func hash(_ address: UInt) -> UInt64 {
        (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 32
    }
}
