#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif
import PlistKit

/// The fields of one object being archived: `$class` first, then the fields in the order
/// they were encoded; encoding a key again replaces its value in place.
///
/// Cheaper than filling a `PlistDictionary` field by field: a new key is compared in full
/// only with keys of the same length and first and last byte, and the finished dictionary
/// takes the key array of the last object of the same class when the keys are the same
/// strings (what an `encode(with:)` writes every time), so objects of one class share one
/// key array, in memory and in the binary writer's key cache.
struct ArchiveFrame {
    /// The UID of the object's class description (`$class`), which also picks the key
    /// array to share.
    let classUID: UInt64
    private var strings: [String] = []
    private var fingerprints: [UInt64] = []
    private var values: [Plist] = []

    /// A frame with room for `capacity` fields, `$class` included (what the last object of
    /// the class had, from ``FieldCountHints``: growing the three arrays cost as much as the
    /// rest of an object, and the values array becomes the dictionary's storage, so it is
    /// best sized exactly). The key arrays are `scratch`'s when there is one: a finished
    /// frame's, emptied (see ``scratch()``), which saves two allocations per object.
    init(classUID: UInt64, capacity: Int, scratch: Scratch?) {
        self.classUID = classUID
        if let scratch {
            strings = scratch.strings
            fingerprints = scratch.fingerprints
        }
        strings.reserveCapacity(capacity)
        fingerprints.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        set(.uid(classUID), forKey: "$class")
    }

    /// The key arrays of a finished frame, emptied but keeping their storage.
    struct Scratch {
        fileprivate var strings: [String]
        fileprivate var fingerprints: [UInt64]
    }

    /// This frame's key arrays, emptied, for the next frame (after ``dictionary(sharingKeysWith:)``).
    consuming func scratch() -> Scratch {
        strings.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        return Scratch(strings: strings, fingerprints: fingerprints)
    }

    /// The number of fields, `$class` included.
    var count: Int { values.count }

    mutating func set(_ value: Plist, forKey key: String) {
        let fingerprint = PlistKey.fingerprint(key)
        for position in fingerprints.indices where fingerprints[position] == fingerprint {
            // Exact scalars, as every key in a plist compares.
            if PlistKey(strings[position]) == PlistKey(key) {
                values[position] = value
                return
            }
        }
        strings.append(key)
        fingerprints.append(fingerprint)
        values.append(value)
    }

    /// The object's dictionary.
    func dictionary(sharingKeysWith shared: inout [UInt64: SharedKeys]) -> Plist {
        let keys: [PlistKey]
        if let last = shared[classUID], last.matches(strings) {
            keys = last.keys
        } else {
            keys = strings.map { PlistKey($0) }
            shared[classUID] = SharedKeys(strings: strings, keys: keys)
        }
        return .dictionary(PlistDictionary(uncheckedUniqueKeys: keys, values: values))
    }

    /// The key array the last object of a class got, and the strings it was made from.
    struct SharedKeys {
        let strings: [String]
        let keys: [PlistKey]

        /// True when `other` holds the very same strings (same storage or same small-string
        /// bytes), which is what one `encode(with:)` gives on every call.
        func matches(_ other: [String]) -> Bool {
            guard other.count == strings.count else { return false }
            // The strings' bits, compared as the arrays' bytes: reading them as `String`s
            // would retain and release each one.
            return other.withUnsafeBytes { other in
                strings.withUnsafeBytes { strings in
                    other.count == 0 || memcmp(other.baseAddress!, strings.baseAddress!, other.count) == 0
                }
            }
        }
    }
}

/// How many fields (`$class` included) the last object of each class had, for sizing the
/// next one's ``ArchiveFrame``: 64 slots picked by the class UID's low bits, a class missing
/// from its slot taking 8.
struct FieldCountHints {
    private var classUIDs = [UInt64](repeating: .max, count: 64)
    private var counts = [Int](repeating: 8, count: 64)

    /// The capacity for an object of class `classUID`.
    func capacity(for classUID: UInt64) -> Int {
        let slot = Int(truncatingIfNeeded: classUID & 63)
        return classUIDs[slot] == classUID ? counts[slot] : 8
    }

    /// Remembers that an object of class `classUID` had `count` fields.
    mutating func remember(_ count: Int, for classUID: UInt64) {
        let slot = Int(truncatingIfNeeded: classUID & 63)
        classUIDs[slot] = classUID
        counts[slot] = count
    }
}
