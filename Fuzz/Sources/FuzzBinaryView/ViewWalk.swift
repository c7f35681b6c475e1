import FuzzCommon
import PlistKit

/// A walk over a `BinaryPlistView` through its public lookups (kind, count, keys,
/// subscripts, scalar accessors), compared with the full reader's value where there is one.
enum ViewWalk {
    /// Visits `node` and, while `budget` lasts, everything below it. `expected` is the full
    /// reader's value at the same place, or nil when the full reader refused the file (then
    /// lookups may throw, but only `PlistError`s, which the typed `throws` guarantees).
    static func visit(_ node: BinaryPlistView.Node, expected: Plist?, budget: inout Int) {
        guard budget > 0 else { return }
        budget -= 1
        guard let kind = try? node.kind else {
            if expected != nil { fuzzFailure("the view cannot read a node the full reader read") }
            return
        }
        switch kind {
        case .dictionary:
            guard let keys = try? node.keys() else {
                if expected != nil { fuzzFailure("the view cannot list keys the full reader read") }
                return
            }
            if let expected, Set(keys) != Set(expected.dictionary?.keys.map(\.string) ?? []) {
                fuzzFailure("the view's keys \(keys) differ from the reader's")
            }
            for key in keys {
                guard let child = try? node[key] else {
                    if expected != nil { fuzzFailure("the view cannot look up key \(key)") }
                    continue
                }
                visit(child, expected: expected?.dictionary?[PlistKey(key)], budget: &budget)
            }
        case .array:
            let count = (try? node.count) ?? 0
            if let expected, expected.array?.count != count {
                fuzzFailure("the view counts \(count) elements, the reader \(String(describing: expected.array?.count))")
            }
            for index in 0..<count {
                guard let child = try? node[index] else {
                    if expected != nil { fuzzFailure("the view cannot read element \(index)") }
                    continue
                }
                visit(child, expected: expected?.array?[index], budget: &budget)
            }
        default:
            let scalar = try? node.plist()
            if let expected, scalar != expected {
                fuzzFailure("the view reads \(String(describing: scalar)), the reader \(expected)")
            }
            checkAccessors(node, kind: kind, scalar: scalar)
        }
    }

    /// The typed accessor for `kind` agrees with the node's `plist()`.
    static func checkAccessors(_ node: BinaryPlistView.Node, kind: BinaryPlistView.Kind, scalar: Plist?) {
        guard let scalar else { return }
        let agrees: Bool
        switch kind {
        case .string: agrees = (try? node.string) == scalar.string
        case .integer: agrees = (try? node.integer) == scalar.integer
        case .bool: agrees = (try? node.bool) == scalar.bool
        case .data: agrees = (try? node.dataValue) == scalar.data
        case .uid: agrees = (try? node.uid) == scalar.uid
        default: agrees = true
        }
        guard agrees else { fuzzFailure("a typed accessor disagrees with plist() for \(scalar)") }
    }
}
