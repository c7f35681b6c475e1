/// Equality is structural, and reflexive for every value, so that `Plist` works in `Set`
/// and as a `Dictionary` key:
/// - Reals compare as numbers whatever their width (`.real32(1.5) == .real(1.5)`, as
///   `NSNumber` compares), except that every NaN equals every NaN; `0.0 == -0.0` as for
///   `Double`. Dates compare the same way by their seconds since 2001, NaN included.
/// - Strings, like dictionary keys, compare by exact Unicode scalars: `"é"` and
///   `"e\u{301}"` are different values, as they are in every file format.
/// - Dictionaries are equal when they hold the same keys (by exact Unicode scalars) and
///   values, whatever their order.
///
/// Hashing agrees: equal values hash alike. To tell widths, signs of zero or NaN payloads
/// apart, compare the cases' payloads (`bitPattern`) directly.
extension Plist: Hashable {
    /// Whether two values are equal by the rules above: reals and dates by value (NaN equal to
    /// NaN), strings and keys by exact Unicode scalars, dictionaries whatever their order.
    public static func == (lhs: Plist, rhs: Plist) -> Bool {
        switch (lhs, rhs) {
        case let (.dictionary(a), .dictionary(b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], other == value else { return false }
            }
            return true
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return PlistKey(a) == PlistKey(b)
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)): return sameNumber(a, b)
        case let (.real32(a), .real32(b)): return sameNumber(Double(a), Double(b))
        case let (.real(a), .real32(b)), let (.real32(b), .real(a)): return sameNumber(a, Double(b))
        case let (.bool(a), .bool(b)): return a == b
        case let (.date(a), .date(b)):
            return sameNumber(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
        case let (.data(a), .data(b)): return a == b
        case let (.uid(a), .uid(b)): return a == b
        default: return false
        }
    }

    /// Feeds the value to `hasher` so that values equal by `==` hash alike.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .dictionary(let entries):
            hasher.combine(0)
            hasher.combine(entries.count)
            // Order-independent: combine the entries' hashes commutatively.
            var sum = 0
            for (key, value) in entries {
                var entryHasher = Hasher()
                entryHasher.combine(key)
                entryHasher.combine(value)
                sum &+= entryHasher.finalize()
            }
            hasher.combine(sum)
        case .array(let elements):
            hasher.combine(1)
            hasher.combine(elements)
        case .string(let string):
            hasher.combine(2)
            hasher.combine(PlistKey(string))
        case .integer(let integer):
            hasher.combine(3)
            hasher.combine(integer)
        case .real(let real):
            hasher.combine(4)
            hasher.combine(Plist.hashableNumber(real))
        case .real32(let real):
            hasher.combine(4)
            hasher.combine(Plist.hashableNumber(Double(real)))
        case .bool(let bool):
            hasher.combine(5)
            hasher.combine(bool)
        case .date(let date):
            hasher.combine(6)
            hasher.combine(Plist.hashableNumber(date.timeIntervalSinceReferenceDate))
        case .data(let data):
            hasher.combine(7)
            hasher.combine(data)
        case .uid(let uid):
            hasher.combine(8)
            hasher.combine(uid)
        }
    }

    /// Numeric equality in which every NaN equals every NaN.
    private static func sameNumber(_ a: Double, _ b: Double) -> Bool {
        a == b || (a.isNaN && b.isNaN)
    }

    /// One representative per equivalence class of ``sameNumber(_:_:)``.
    private static func hashableNumber(_ value: Double) -> Double {
        value.isNaN ? .nan : value
    }
}
