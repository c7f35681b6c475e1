#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Decodes from a ``Plist`` value the program already holds, or that the JSON reader built
/// (JSON input stays on this path; binary and XML input have sources of their own).
/// Values have no positions; cycles cannot occur.
final class TreeDecodingSource: PlistDecodingSource {
    let top: Plist

    init(_ top: Plist) {
        self.top = top
    }

    func number(_ value: Plist) -> PlistNumber? {
        switch value {
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .real32(let real): .real(Double(real))
        default: nil
        }
    }

    func string(_ value: Plist) -> String? {
        if case .string(let string) = value { string } else { nil }
    }

    func bool(_ value: Plist) -> Bool? {
        if case .bool(let bool) = value { bool } else { nil }
    }

    func date(_ value: Plist) -> Date? {
        if case .date(let date) = value { date } else { nil }
    }

    func data(_ value: Plist) -> Data? {
        if case .data(let data) = value { data } else { nil }
    }

    func isNull(_ value: Plist) -> Bool {
        if case .string(let string) = value { string == PlistNull.marker } else { false }
    }

    func keyed(_ value: Plist) -> Keyed? {
        if case .dictionary(let entries) = value { Keyed(entries) } else { nil }
    }

    func unkeyed(_ value: Plist) -> Unkeyed? {
        if case .array(let elements) = value { Unkeyed(elements: elements) } else { nil }
    }

    func typeDescription(_ value: Plist) -> String {
        PlistTypeWords.description(of: value)
    }

    func location(_ value: Plist) -> PlistError.Location? { nil }

    func enter(_ value: Plist, from parent: Plist) -> Bool { false }
    func leave(_ value: Plist) {}

    final class Keyed: PlistKeyedSource {
        let entries: PlistDictionary
        init(_ entries: PlistDictionary) { self.entries = entries }
        var count: Int { entries.count }
        func value(forKey key: String) -> Plist? { entries[PlistKey(key)] }
        func keys() -> [String] { entries.keys.map(\.string) }
    }

    struct Unkeyed: PlistUnkeyedSource {
        let elements: [Plist]
        var count: Int { elements.count }
        func element(at index: Int) -> Plist { elements[index] }
    }
}

/// How Foundation's property-list coders write `nil`: as this string.
enum PlistNull {
    static let marker = "$null"
    static let value = Plist.string(marker)
}
