/// Equality is structural. Reals compare as numbers, except that NaN equals NaN, so that
/// a value read back from a file equals the value written; `0.0 == -0.0` as for `Double`.
/// Dictionaries are equal when they hold the same keys and values, whatever their order.
extension Plist: Hashable {
    public static func == (lhs: Plist, rhs: Plist) -> Bool {
        switch (lhs, rhs) {
        case let (.dictionary(a), .dictionary(b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], other == value else { return false }
            }
            return true
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.bool(a), .bool(b)): return a == b
        case let (.date(a), .date(b)): return a == b
        case let (.data(a), .data(b)): return a == b
        case let (.uid(a), .uid(b)): return a == b
        default: return false
        }
    }

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
            hasher.combine(string)
        case .integer(let integer):
            hasher.combine(3)
            hasher.combine(integer)
        case .real(let real):
            hasher.combine(4)
            hasher.combine(real.isNaN ? Double.nan : real)
        case .bool(let bool):
            hasher.combine(5)
            hasher.combine(bool)
        case .date(let date):
            hasher.combine(6)
            hasher.combine(date)
        case .data(let data):
            hasher.combine(7)
            hasher.combine(data)
        case .uid(let uid):
            hasher.combine(8)
            hasher.combine(uid)
        }
    }
}
