import PlistKit

/// `==` is reflexive for every `Plist` (NaN included) and equal values hash alike.
enum Hashing {
    /// Checks `value` against itself and against a copy rebuilt from its parts.
    static func check(_ value: Plist) {
        let copy = rebuilt(value)
        guard value == value, value == copy, copy == value else {
            fuzzFailure("== is not reflexive for \(value)")
        }
        guard value.hashValue == copy.hashValue else {
            fuzzFailure("equal values hash differently: \(value)")
        }
    }

    /// A structurally identical value with fresh storage, so that equality cannot short-cut
    /// on shared buffers.
    static func rebuilt(_ value: Plist) -> Plist {
        switch value {
        case .dictionary(let entries):
            var copy = PlistDictionary()
            for (key, element) in entries { copy[PlistKey(key.string)] = rebuilt(element) }
            return .dictionary(copy)
        case .array(let elements):
            return .array(elements.map(rebuilt))
        case .string(let text):
            return .string(String(text.unicodeScalars))
        default:
            return value
        }
    }
}
