/// The order in which `Set` and `Dictionary` are archived: Swift iterates them in a
/// per-process hash order, so without sorting the same value would archive to different
/// bytes in every process (Foundation's `NSKeyedArchiver` has that problem). Reproducible
/// builds, diffs and caches need the same bytes.
///
/// Elements that are `Comparable` (strings, numbers, dates, UUIDs, …) go in ascending order.
/// Other elements go in the order of their `String(reflecting:)` text; elements whose text is
/// equal keep the iteration order among themselves, the one case that stays unstable.
enum StableOrder {
    /// `elements` in the stable order.
    static func sorted<Element>(_ elements: some Sequence<Element>) -> [Element] {
        let array = Array(elements)
        guard array.count > 1 else { return array }
        if let first = array.first as? any Comparable, first.isLess(than: array[1]) != nil {
            return array.sorted { ($0 as! any Comparable).isLess(than: $1) ?? false }
        }
        let texts = array.map { String(reflecting: $0) }
        return array.indices.sorted { texts[$0] < texts[$1] || (texts[$0] == texts[$1] && $0 < $1) }.map { array[$0] }
    }
}

private extension Comparable {
    /// `self < other` when `other` has the same type; nil otherwise.
    func isLess(than other: Any) -> Bool? {
        (other as? Self).map { self < $0 }
    }
}
