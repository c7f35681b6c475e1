#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// A value while it is being encoded. Containers are references because Codable hands
/// out containers that the caller keeps writing to after it has asked for more of them
/// (nested containers, a second `container(keyedBy:)` call that must merge with the first).
///
/// This is only the staging of the containers still open: when a nested value's
/// `encode(to:)` returns, its containers are turned into a ``Plist`` at once (see
/// `PlistEncoderImpl.wrap`), so a finished part of the tree exists once, as `Plist`.
enum EncodedValue {
    case value(Plist)
    case dictionary(EncodedDictionary)
    case array(EncodedArray)
    /// What a `superEncoder` will have encoded by the time the tree is finished.
    case deferred(PlistEncoderImpl)

    /// The dictionary still open here, if this value is one.
    var openDictionary: EncodedDictionary? {
        if case .dictionary(let dictionary) = self { dictionary } else { nil }
    }

    /// The array still open here, if this value is one.
    var openArray: EncodedArray? {
        if case .array(let array) = self { array } else { nil }
    }
}

/// A dictionary being encoded. Keys keep the order they were first written in; writing a
/// key again replaces its value in place, as Foundation does.
///
/// Finished values are kept as ``Plist`` in `values`, the array the finished dictionary
/// takes over; only containers still open (and `superEncoder`s) wait in `pending`.
/// The staging classes here are touched only by the encoding thread, and never across a
/// call into user code, so they skip dynamic exclusivity checks.
final class EncodedDictionary {
    struct Key {
        var string: String
        /// The key's UTF-8 length and first and last bytes, so that a new key is compared
        /// in full only with keys that share them.
        var fingerprint: UInt64
    }

    @exclusivity(unchecked) private(set) var keys: [Key] = []
    @exclusivity(unchecked) private(set) var values: [Plist] = []
    /// Position → a value still being encoded; its slot in `values` is a placeholder.
    @exclusivity(unchecked) private(set) var pending: [Int: EncodedValue] = [:]
    /// Key → position, built once the dictionary is too large for linear search.
    @exclusivity(unchecked) private var index: [PlistKey: Int]?

    private static let linearLimit = 16

    /// The position of `key` (whose fingerprint is `fingerprint`), or nil.
    private func position(of key: String, _ fingerprint: UInt64) -> Int? {
        // By exact scalars: "é" and "e\u{301}" are two keys, as in every plist format.
        if let index { return index[PlistKey(key)] }
        for position in keys.indices where keys[position].fingerprint == fingerprint {
            if PlistKey(keys[position].string) == PlistKey(key) { return position }
        }
        return nil
    }

    /// Stores `value` under `key`.
    func set(_ key: String, _ value: EncodedValue) {
        let fingerprint = PlistKey.fingerprint(key)
        let slot: Int
        if let existing = position(of: key, fingerprint) {
            slot = existing
        } else {
            if keys.isEmpty {
                keys.reserveCapacity(8)
                values.reserveCapacity(8)
            }
            slot = keys.count
            keys.append(Key(string: key, fingerprint: fingerprint))
            values.append(EncodedValue.placeholder)
            if index != nil {
                index![PlistKey(key)] = slot
            } else if keys.count > EncodedDictionary.linearLimit {
                index = Dictionary(uniqueKeysWithValues: keys.indices.map { (PlistKey(keys[$0].string), $0) })
            }
        }
        if case .value(let plist) = value {
            values[slot] = plist
            if !pending.isEmpty { pending[slot] = nil }
        } else {
            pending[slot] = value
        }
    }

    /// The value stored under `key`, or nil.
    func value(forKey key: String) -> EncodedValue? {
        guard let position = position(of: key, PlistKey.fingerprint(key)) else { return nil }
        return pending[position] ?? .value(values[position])
    }
}

/// An array being encoded: finished values as ``Plist``, open containers in `pending`.
final class EncodedArray {
    @exclusivity(unchecked) private(set) var values: [Plist] = []
    @exclusivity(unchecked) private(set) var pending: [Int: EncodedValue] = [:]

    var count: Int { values.count }

    func append(_ value: EncodedValue) {
        if case .value(let plist) = value {
            values.append(plist)
        } else {
            pending[values.count] = value
            values.append(EncodedValue.placeholder)
        }
    }
}

extension EncodedValue {
    /// What stands in `values` for a pending value until it is finished.
    static let placeholder = Plist.bool(false)
}

/// Turns finished containers into ``Plist`` values, one per encode.
///
/// Dictionaries whose keys are the same strings as the previous dictionary's (the same
/// `CodingKeys`, as in an array of records) share one key array, as the readers share them:
/// the copy is made once, and the writers recognise the shared keys (the XML writer reuses
/// their escaped lines, and sorted order is computed once).
final class PlistAssembler {
    let sortingKeys: Bool
    /// How many `superEncoder`s have been handed out; a value during whose encoding one was
    /// cannot be finished early, since that encoder may still be written to.
    @exclusivity(unchecked) var deferredCount = 0
    @exclusivity(unchecked) private var lastStrings: [String] = []
    @exclusivity(unchecked) private var lastKeys: [PlistKey] = []
    /// With `sortingKeys`: the positions of `lastStrings` in CF's order.
    @exclusivity(unchecked) private var lastOrder: [Int] = []

    init(sortingKeys: Bool) {
        self.sortingKeys = sortingKeys
    }

    func plist(_ value: EncodedValue) -> Plist {
        switch value {
        case .value(let plist):
            return plist
        case .dictionary(let dictionary):
            return plist(dictionary)
        case .array(let array):
            var elements = array.values
            for (position, value) in array.pending { elements[position] = plist(value) }
            return .array(elements)
        case .deferred(let encoder):
            // A super encoder that was never written to stands for an empty dictionary,
            // as in Foundation.
            return encoder.result.map(plist) ?? .dictionary([:])
        }
    }

    private func plist(_ dictionary: EncodedDictionary) -> Plist {
        let entries = dictionary.keys
        if !Self.sameKeys(entries, lastStrings) {
            let strings = entries.map(\.string)
            lastStrings = strings
            if sortingKeys {
                lastOrder = strings.indices.sorted { PlistKeyOrder.utf16Precedes(strings[$0], strings[$1]) }
                lastKeys = lastOrder.map { PlistKey(strings[$0]) }
            } else {
                lastKeys = strings.map { PlistKey($0) }
            }
        }
        // Captured before pending values are assembled: nested dictionaries move `last…` on.
        let keys = lastKeys, order = lastOrder
        var values = dictionary.values
        for (position, value) in dictionary.pending { values[position] = plist(value) }
        if sortingKeys {
            values = order.map { values[$0] }
        }
        return .dictionary(PlistDictionary(uncheckedUniqueKeys: keys, values: values))
    }

    /// True when the entries' keys are the very same strings as `strings` (same storage or
    /// same small-string bytes), which is what a type's `CodingKeys` give on every call.
    private static func sameKeys(_ entries: [EncodedDictionary.Key], _ strings: [String]) -> Bool {
        guard entries.count == strings.count else { return false }
        for index in entries.indices
        where StringBits(entries[index].string) != StringBits(strings[index]) {
            return false
        }
        return true
    }
}
