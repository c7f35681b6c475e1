#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// A value while it is being encoded. Containers are references because Codable hands
/// out containers that the caller keeps writing to after it has asked for more of them
/// (nested containers, a second `container(keyedBy:)` call that must merge with the first).
enum EncodedValue {
    case value(Plist)
    case dictionary(EncodedDictionary)
    case array(EncodedArray)
    /// What a `superEncoder` will have encoded by the time the tree is finished.
    case deferred(PlistEncoderImpl)

    /// The finished tree.
    func plist(sortingKeys: Bool) -> Plist {
        switch self {
        case .value(let plist):
            return plist
        case .dictionary(let dictionary):
            return dictionary.plist(sortingKeys: sortingKeys)
        case .array(let array):
            var elements: [Plist] = []
            elements.reserveCapacity(array.values.count)
            for value in array.values {
                elements.append(value.plist(sortingKeys: sortingKeys))
            }
            return .array(elements)
        case .deferred(let encoder):
            // A super encoder that was never written to stands for an empty dictionary,
            // as in Foundation.
            return encoder.result?.plist(sortingKeys: sortingKeys) ?? .dictionary([:])
        }
    }
}

/// A dictionary being encoded. Keys keep the order they were first written in; writing a
/// key again replaces its value in place, as Foundation does.
final class EncodedDictionary {
    private(set) var keys: [String] = []
    private(set) var values: [EncodedValue] = []
    /// Key → position, built once the dictionary is too large for linear search.
    private var index: [PlistKey: Int]?

    private static let linearLimit = 16

    /// The position of `key`, or nil.
    private func position(of key: String) -> Int? {
        // By exact scalars: "é" and "e\u{301}" are two keys, as in every plist format.
        if let index { return index[PlistKey(key)] }
        let wanted = PlistKey(key)
        for position in keys.indices where PlistKey(keys[position]) == wanted {
            return position
        }
        return nil
    }

    /// Stores `value` under `key`.
    func set(_ key: String, _ value: EncodedValue) {
        if let existing = position(of: key) {
            values[existing] = value
            return
        }
        if keys.isEmpty {
            keys.reserveCapacity(8)
            values.reserveCapacity(8)
        }
        keys.append(key)
        values.append(value)
        if index != nil {
            index![PlistKey(key)] = keys.count - 1
        } else if keys.count > EncodedDictionary.linearLimit {
            index = Dictionary(uniqueKeysWithValues: zip(keys.map { PlistKey($0) }, keys.indices))
        }
    }

    /// The value stored under `key`, or nil.
    func value(forKey key: String) -> EncodedValue? {
        position(of: key).map { values[$0] }
    }

    func plist(sortingKeys: Bool) -> Plist {
        if sortingKeys {
            var entries = PlistDictionary(minimumCapacity: keys.count)
            let order = keys.indices.sorted { PlistKeyOrder.utf16Precedes(keys[$0], keys[$1]) }
            for position in order {
                entries.updateValue(values[position].plist(sortingKeys: true), forKey: PlistKey(keys[position]))
            }
            return .dictionary(entries)
        }
        return .dictionary(PlistDictionary(uncheckedUniqueKeys: keys.map { PlistKey($0) }, values: values.map { $0.plist(sortingKeys: false) }))
    }
}

/// An array being encoded.
final class EncodedArray {
    var values: [EncodedValue] = []
}
