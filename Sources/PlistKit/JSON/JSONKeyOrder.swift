// Foundation (not just FoundationEssentials): the locale-aware comparison plutil's JSON
// writer sorts with lives there.
import Foundation

extension PlistKeyOrder {
    private static let rootLocale = Locale(identifier: "")

    /// The order of `plutil -convert json -r`, which is `JSONSerialization`'s `.sortedKeys`:
    /// a numeric, case-insensitive, forced-ordering comparison in the system (root) locale,
    /// so `"a9"` sorts before `"a10"` and `"a"` before `"A"` before `"b"`.
    static func jsonPrecedes(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex, locale: rootLocale) == .orderedAscending
    }
}
