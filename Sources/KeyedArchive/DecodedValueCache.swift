@_spi(Internals) import PlistKit

/// Foundation collections and values already decoded, by UID and Swift type, so that one
/// shared many times (or nested sharing, which would grow exponentially) is built once.
///
/// `Dictionary` hashed each key with SipHash and rehashed everything as it grew: a twentieth
/// of unarchiving an app's saved state, which decodes a collection for every few objects.
/// Here the entries are recorded in the binary writer's index table (as ``StringUIDTable``
/// records strings) under a multiply-shift hash of the UID and the type, with a multiplier
/// drawn once per process: UIDs come from the archive, so a fixed one would let an archive
/// crowd its collections into one run of slots.
struct DecodedValueCache {
    private var table = HashIndexTable()
    private var uids: [UInt64] = []
    private var types: [ObjectIdentifier] = []
    private var values: [Any] = []
    private let multiplier = DecodedValueCache.processMultiplier
    private static let processMultiplier = UInt64.random(in: .min ... .max) | 1

    /// The value decoded for object `uid` as `type`, or nil.
    subscript(uid: UInt64, type: ObjectIdentifier) -> Any? {
        var probe = table.probe(hash(uid, type))
        while let candidate = table.next(&probe) {
            if uids[Int(candidate)] == uid, types[Int(candidate)] == type { return values[Int(candidate)] }
        }
        return nil
    }

    /// Stores `value` as object `uid` decoded as `type`, replacing any value stored for them.
    mutating func set(_ value: Any, uid: UInt64, type: ObjectIdentifier) {
        var probe = table.probe(hash(uid, type))
        while let candidate = table.next(&probe) {
            if uids[Int(candidate)] == uid, types[Int(candidate)] == type {
                values[Int(candidate)] = value
                return
            }
        }
        // Past the table's 32-bit indices a value is not kept, only decoded again.
        guard values.count < Int(UInt32.max) - 1 else { return }
        table.insert(UInt32(values.count), at: probe)
        uids.append(uid)
        types.append(type)
        values.append(value)
    }

    /// The well-mixed high half of the key times the multiplier: the index table probes from
    /// the low bits of the hash it is given.
    @inline(__always)
    private func hash(_ uid: UInt64, _ type: ObjectIdentifier) -> UInt64 {
        ((uid ^ UInt64(UInt(bitPattern: type)).byteSwapped) &* multiplier) >> 32
    }
}
