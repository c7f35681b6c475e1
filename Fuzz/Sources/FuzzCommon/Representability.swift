import Foundation
import PlistKit

/// What each format can hold, from README's "Known limitations" and "Format decisions": the
/// refusals and the changes a round trip is allowed to make. Everything else must survive
/// exactly.
enum Representability {
    /// True when `format`'s writer may refuse `value`.
    ///
    /// - Binary: never, short of the depth limit.
    /// - XML: dates that are not finite or lie beyond the ISO 8601 range it writes.
    /// - JSON: dates, data, UIDs, NaN, infinities, a top level that is not a container.
    /// - OpenStep: integers, reals, booleans, dates, UIDs (strings, data, arrays and
    ///   dictionaries only, without GNUstep's typed values).
    static func mayRefuse(_ value: Plist, format: PlistFormat) -> Bool {
        if depth(value) >= 500 { return true }
        switch format {
        case .binary:
            return false
        case .xml:
            return contains(value) { if case .date = $0 { return true } else { return false } }
        case .json:
            if value.array == nil && value.dictionary == nil { return true }
            return contains(value) {
                switch $0 {
                case .date, .data, .uid: return true
                case .real(let real): return !real.isFinite
                case .real32(let real): return !real.isFinite
                default: return false
                }
            }
        case .openStep:
            return contains(value) {
                switch $0 {
                case .integer, .real, .real32, .bool, .date, .uid: return true
                default: return false
                }
            }
        default:
            // A format registered by a program: nothing is promised.
            return true
        }
    }

    /// True when `back`, read from what `format`'s writer made of `original`, is what the
    /// format promises: equal (`==`, exact), except that XML dates lose their fraction of a
    /// second and a JSON real with an integral value comes back as that integer.
    static func equalAfterRoundTrip(_ original: Plist, _ back: Plist, format: PlistFormat) -> Bool {
        switch format {
        case .binary, .openStep:
            return original == back
        case .xml:
            return matches(original, back) { original, back in
                guard case .date(let date) = original, case .date(let read) = back else { return nil }
                return date.timeIntervalSinceReferenceDate.rounded(.down) == read.timeIntervalSinceReferenceDate
            }
        case .json:
            return matches(original, back) { original, back in
                guard case .integer(let integer) = back else { return nil }
                let real: Double
                switch original {
                case .real(let value): real = value
                case .real32(let value): real = Double(value)
                default: return nil
                }
                return real == real.rounded() && integer.doubleValue == real
            }
        default:
            return original == back
        }
    }

    /// Structural equality where `leaf` may decide a pair of values first (nil: use `==`).
    private static func matches(_ a: Plist, _ b: Plist, leaf: (Plist, Plist) -> Bool?) -> Bool {
        if let decided = leaf(a, b) { return decided }
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { matches($0, $1, leaf: leaf) }
        case (.dictionary(let x), .dictionary(let y)):
            return x.keys.elementsEqual(y.keys) && zip(x.values, y.values).allSatisfy { matches($0, $1, leaf: leaf) }
        default:
            return a == b
        }
    }

    /// True when `value` or anything inside it satisfies `predicate`.
    private static func contains(_ value: Plist, where predicate: (Plist) -> Bool) -> Bool {
        if predicate(value) { return true }
        switch value {
        case .array(let elements): return elements.contains { contains($0, where: predicate) }
        case .dictionary(let entries): return entries.values.contains { contains($0, where: predicate) }
        default: return false
        }
    }

    /// How deeply arrays and dictionaries nest in `value` (0 for a scalar).
    private static func depth(_ value: Plist) -> Int {
        switch value {
        case .array(let elements): return 1 + (elements.map(depth).max() ?? 0)
        case .dictionary(let entries): return 1 + (entries.values.map(depth).max() ?? 0)
        default: return 0
        }
    }
}
