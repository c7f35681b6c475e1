#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Decodes from a ``Plist`` value the program already holds, or that the JSON reader built
/// (JSON input stays on this path; binary and XML input have sources of their own).
/// Values have no positions; cycles cannot occur.
///
/// Handles are slots in ``nodes``: the root is slot 0, and a child gets a slot when a
/// container hands it out, so the table grows with the values read, not with the tree.
final class TreeDecodingSource: PlistDecodingSource {
    /// The values handed out so far, by handle.
    @exclusivity(unchecked) private(set) var nodes: [Plist]

    init(_ top: Plist) {
        nodes = [top]
    }

    var top: Int { 0 }

    /// A handle for `value`.
    fileprivate func handle(_ value: Plist) -> Int {
        nodes.append(value)
        return nodes.count - 1
    }

    func number(_ value: Int) -> PlistNumber? {
        switch nodes[value] {
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .real32(let real): .real(Double(real))
        default: nil
        }
    }

    func string(_ value: Int) -> String? {
        if case .string(let string) = nodes[value] { string } else { nil }
    }

    func bool(_ value: Int) -> Bool? {
        if case .bool(let bool) = nodes[value] { bool } else { nil }
    }

    func date(_ value: Int) -> Date? {
        if case .date(let date) = nodes[value] { date } else { nil }
    }

    func data(_ value: Int) -> Data? {
        if case .data(let data) = nodes[value] { data } else { nil }
    }

    func isNull(_ value: Int) -> Bool {
        if case .string(let string) = nodes[value] { string == PlistNull.marker } else { false }
    }

    func keyed(_ value: Int) -> (any PlistKeyedSource)? {
        if case .dictionary(let entries) = nodes[value] { Keyed(self, entries) } else { nil }
    }

    func unkeyed(_ value: Int) -> (any PlistUnkeyedSource)? {
        if case .array(let elements) = nodes[value] { Unkeyed(source: self, elements: elements) } else { nil }
    }

    func typeDescription(_ value: Int) -> String {
        nodes[value].kind.words
    }

    func location(_ value: Int) -> PlistError.Location? { nil }

    func enter(_ value: Int, from parent: Int) -> Bool { false }
    func leave(_ value: Int) {}

    final class Keyed: PlistKeyedSource {
        private let source: TreeDecodingSource
        let entries: PlistDictionary
        init(_ source: TreeDecodingSource, _ entries: PlistDictionary) {
            self.source = source
            self.entries = entries
        }
        var count: Int { entries.count }
        func value(forKey key: String) -> Int? { entries[PlistKey(key)].map(source.handle) }
        func keys() -> [String] { entries.keys.map(\.string) }
    }

    struct Unkeyed: PlistUnkeyedSource {
        let source: TreeDecodingSource
        let elements: [Plist]
        var count: Int { elements.count }
        func element(at index: Int) -> Int { source.handle(elements[index]) }
    }
}

/// How Foundation's property-list coders write `nil`: as this string.
enum PlistNull {
    static let marker = "$null"
    static let value = Plist.string(marker)
}
