@_spi(Internals) import PlistKit

/// The class-description UIDs of the last few class hierarchies, found by the identity of
/// their strings.
///
/// A Foundation value's archiving names its hierarchy with the same string literals on every
/// call (`["NSDate", "NSObject"]`), whose bits (``StringBits``: the same small-string bytes
/// or the same storage) are equal, so a hit costs a few word compares instead of hashing the
/// strings. Hierarchies it does not hold are looked up by text, as before.
///
/// It keeps the strings it remembers: a class name made anew for each call (the default,
/// `String(describing:)`) is freed afterwards, and another name of the same length could
/// then be made in the same storage, with the same bits.
struct ClassUIDCache {
    /// Direct-mapped by the bits of the class name: an archive names few classes.
    private static let slotCount = 8
    private var hierarchies = [[StringBits]](repeating: [], count: slotCount)
    private var kept = [[String]](repeating: [], count: slotCount)
    private var uids = [UInt64](repeating: 0, count: slotCount)

    /// The slot for `hierarchy` (which is not empty).
    private static func slot(for hierarchy: [String]) -> Int {
        Int(truncatingIfNeeded: StringBits(hierarchy[0]).mixed >> 32) & (slotCount - 1)
    }

    /// The UID remembered for `hierarchy`, if it is in the cache.
    func uid(for hierarchy: [String]) -> UInt64? {
        guard !hierarchy.isEmpty else { return nil }
        let slot = Self.slot(for: hierarchy)
        let cached = hierarchies[slot]
        guard cached.count == hierarchy.count else { return nil }
        for index in cached.indices where cached[index] != StringBits(hierarchy[index]) {
            return nil
        }
        return uids[slot]
    }

    /// Remembers `uid` as the class description of `hierarchy`.
    mutating func remember(_ uid: UInt64, for hierarchy: [String]) {
        guard !hierarchy.isEmpty else { return }
        let slot = Self.slot(for: hierarchy)
        hierarchies[slot] = hierarchy.map(StringBits.init)
        kept[slot] = hierarchy
        uids[slot] = uid
    }
}
