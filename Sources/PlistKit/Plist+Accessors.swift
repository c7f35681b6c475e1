#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

extension Plist {
    /// The dictionary's entries, or nil for any other case.
    public var dictionary: PlistDictionary? {
        if case .dictionary(let value) = self { value } else { nil }
    }

    /// The array's elements, or nil for any other case.
    public var array: [Plist]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The string, or nil for any other case.
    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The integer, or nil for any other case.
    public var integer: PlistInteger? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The integer as `Int`, or nil for any other case or when it does not fit.
    public var int: Int? { integer?.intValue }

    /// The real as `Double` (a ``real32(_:)`` widened exactly), or nil for any other case.
    public var real: Double? {
        switch self {
        case .real(let value): value
        case .real32(let value): Double(value)
        default: nil
        }
    }

    /// The Boolean, or nil for any other case.
    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The date, or nil for any other case.
    public var date: Date? {
        if case .date(let value) = self { value } else { nil }
    }

    /// The bytes, or nil for any other case.
    public var data: Data? {
        if case .data(let value) = self { value } else { nil }
    }

    /// The UID's value, or nil for any other case.
    public var uid: UInt64? {
        if case .uid(let value) = self { value } else { nil }
    }

    /// The value stored under `key` when this is a dictionary; nil otherwise.
    public subscript(key: String) -> Plist? {
        dictionary?[PlistKey(key)]
    }

    /// The value stored under `key` when this is a dictionary; nil otherwise.
    public subscript(key: PlistKey) -> Plist? {
        dictionary?[key]
    }

    /// The element at `index` when this is an array and the index is in range; nil otherwise.
    public subscript(index: Int) -> Plist? {
        guard let elements = array, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// What kind of value this is: a 32-bit real is a ``Kind/real`` like a 64-bit one.
    public var kind: Kind {
        switch self {
        case .dictionary: .dictionary
        case .array: .array
        case .string: .string
        case .integer: .integer
        case .real, .real32: .real
        case .bool: .bool
        case .date: .date
        case .data: .data
        case .uid: .uid
        }
    }

    /// The name plutil uses for the value's type (`-type`, `-expect`): `dictionary`, `array`,
    /// `string`, `integer`, `float`, `bool`, `date`, `data`, or `uid`.
    public var typeName: String { kind.typeName }

    /// The kinds of value a property list holds, without their contents.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A dictionary.
        case dictionary
        /// An array (or a binary set).
        case array
        /// A string.
        case string
        /// An integer.
        case integer
        /// A real, 64- or 32-bit.
        case real = "float"
        /// A Boolean.
        case bool
        /// A date.
        case date
        /// Data.
        case data
        /// A keyed-archive UID.
        case uid

        /// plutil's name for the kind (`-type`, `-expect`): `float` for reals, the case's name otherwise.
        public var typeName: String { rawValue }
    }

}
