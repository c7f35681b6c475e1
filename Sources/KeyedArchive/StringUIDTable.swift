@_spi(Internals) import PlistKit

/// The UIDs of the strings archived so far: each distinct string, by its exact Unicode
/// scalars (as ``PlistKey`` compares them, so `"\u{E9}"` and `"e\u{301}"` stay distinct), once.
///
/// Cheaper than a `[PlistKey: UInt64]`, which hashes every string with SipHash and grows a
/// dictionary of keys and values: the text is hashed with the binary writer's fast hash into
/// an index table (``HashIndexTable``) whose slots hold positions in one list of
/// strings and UIDs, and a candidate that shares storage (or small-string bytes) with the
/// string looked up is equal without reading the text.
struct StringUIDTable {
    private var table = HashIndexTable()
    private var strings: [String] = []
    private var uids: [UInt64] = []

    /// The UID recorded for `string`, or else `newUID()`, recorded for it.
    mutating func uid(for string: String, orAdd newUID: () -> UInt64) -> UInt64 {
        var text = string
        let hash = BinaryWriter.hash(utf8: &text)
        var probe = table.probe(hash)
        while let candidate = table.next(&probe) {
            if PlistKey(strings[Int(candidate)]) == PlistKey(string) { return uids[Int(candidate)] }
        }
        let uid = newUID()
        // The table's indices are 32-bit: past them a string is written again (still a valid
        // archive), which no archive that fits in memory reaches.
        guard strings.count < Int(UInt32.max) - 1 else { return uid }
        table.insert(UInt32(strings.count), at: probe)
        strings.append(string)
        uids.append(uid)
        return uid
    }
}
