/// Foundation collections and values already decoded, by UID and Swift type, so that one
/// shared many times (or nested sharing, which would grow exponentially) is built once.
///
/// `Dictionary` hashed each key with SipHash and rehashed everything as it grew: a twentieth
/// of unarchiving an app's saved state, which decodes a collection for every few objects.
/// This table probes linearly from a multiply-shift hash of the UID and the type, with a
/// multiplier drawn once per process (UIDs come from the archive, so a fixed one would let an
/// archive crowd its collections into one run of slots). Entries are only added or replaced;
/// the slots are at most half full, and nothing is allocated until the first entry.
struct DecodedValueCache {
    private struct Slot {
        var uid: UInt64
        var type: ObjectIdentifier?
        /// Where the value is in `values`.
        var position: Int
    }

    private var slots: [Slot] = []
    private var values: [Any] = []
    /// 64 minus the base-2 logarithm of the number of slots.
    private var shift: UInt64 = 64
    private let multiplier = DecodedValueCache.processMultiplier
    private static let processMultiplier = UInt64.random(in: .min ... .max) | 1

    /// The value decoded for object `uid` as `type`, or nil.
    subscript(uid: UInt64, type: ObjectIdentifier) -> Any? {
        guard !values.isEmpty else { return nil }
        var slot = self.slot(uid, type)
        while let found = slots[slot].type {
            if found == type, slots[slot].uid == uid { return values[slots[slot].position] }
            slot = (slot &+ 1) & (slots.count &- 1)
        }
        return nil
    }

    /// Stores `value` as object `uid` decoded as `type`, replacing any value stored for them.
    mutating func set(_ value: Any, uid: UInt64, type: ObjectIdentifier) {
        if (values.count &+ 1) &* 2 > slots.count { grow() }
        var slot = self.slot(uid, type)
        while let found = slots[slot].type {
            if found == type, slots[slot].uid == uid {
                values[slots[slot].position] = value
                return
            }
            slot = (slot &+ 1) & (slots.count &- 1)
        }
        slots[slot] = Slot(uid: uid, type: type, position: values.count)
        values.append(value)
    }

    @inline(__always)
    private func slot(_ uid: UInt64, _ type: ObjectIdentifier) -> Int {
        let key = uid ^ UInt64(UInt(bitPattern: type)).byteSwapped
        return Int(truncatingIfNeeded: (key &* multiplier) &>> shift)
    }

    private mutating func grow() {
        let size = Swift.max(16, slots.count * 2)
        let old = slots
        slots = Array(repeating: Slot(uid: 0, type: nil, position: 0), count: size)
        shift = 64 - UInt64(size.trailingZeroBitCount)
        for entry in old {
            guard let type = entry.type else { continue }
            var slot = self.slot(entry.uid, type)
            while slots[slot].type != nil { slot = (slot &+ 1) & (size &- 1) }
            slots[slot] = entry
        }
    }
}
