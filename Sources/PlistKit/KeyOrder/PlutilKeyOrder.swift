/// The order in which plutil lists dictionary keys when it shows a property list to a
/// person: `plutil -p`, `plutil -convert json -r` (and so ``PlistWritingOptions/plutil``),
/// `-convert swift` and `-convert objc`.
///
/// It is Foundation's `compare(_:options:range:locale:)` with `[.numeric, .caseInsensitive,
/// .forcedOrdering]` in the root locale: digits compare by value (`"a9"` before `"a10"`),
/// case is ignored until nothing else differs (`"a"` before `"A"` before `"b"`),
/// punctuation and letters follow ICU's root collation, and no two different keys compare
/// equal. PlistKit computes it itself (with ICU's collator where the toolchain has one), so
/// that long keys, which crash Foundation's comparison on Linux, sort like any others.
public enum PlutilKeyOrder {
    /// Whether `a` comes before `b`.
    ///
    /// - Complexity: O(*n*) in the keys' length, with ICU called on the part after their
    ///   first difference.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// -1 if `a` comes first, 1 if `b` does, 0 only for identical keys.
    static func compare(_ a: String, _ b: String) -> Int {
        PlutilComparison(a: Array(a.utf16), b: Array(b.utf16), collator: .shared).compare()
    }

    /// The positions of `keys` in plutil's order: `keys[result[0]]` comes first.
    ///
    /// - Complexity: O(*n* log *n*) comparisons; each key is converted to UTF-16 once.
    public static func sortedIndices(of keys: some Collection<PlistKey>) -> [Int] {
        let units = keys.map { Array($0.string.utf16) }
        let collator = RootCollator.shared
        return units.indices.sorted { i, j in
            PlutilComparison(a: units[i], b: units[j], collator: collator).compare() < 0
        }
    }

    /// `keys` in plutil's order.
    public static func sorted(_ keys: some Collection<PlistKey>) -> [PlistKey] {
        let array = Array(keys)
        return sortedIndices(of: array).map { array[$0] }
    }
}
