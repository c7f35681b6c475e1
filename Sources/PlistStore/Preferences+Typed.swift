#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

// Typed getters and setters, named and behaving as `NSUserDefaults`' do.
extension Preferences {
    /// The string for `key`; numbers are not converted. Like `string(forKey:)`.
    public func string(forKey key: String) -> String? {
        object(forKey: key)?.string
    }

    /// The integer for `key`, or 0. Like `integer(forKey:)`: reals are truncated, Booleans
    /// are 1 or 0, and strings holding a number are converted.
    public func integer(forKey key: String) -> Int {
        switch object(forKey: key)?.widenedReal {
        case .integer(let value)?: return value.intValue ?? (value.isNegative ? .min : .max)
        case .real(let value)?: return value.isFinite ? Int(exactly: value.rounded(.towardZero)) ?? (value < 0 ? .min : .max) : 0
        case .bool(let value)?: return value ? 1 : 0
        case .string(let text)?: return Int(text) ?? Double(text).flatMap { $0.isFinite ? Int(exactly: $0.rounded(.towardZero)) : nil } ?? 0
        default: return 0
        }
    }

    /// The number for `key`, or 0. Like `double(forKey:)`.
    public func double(forKey key: String) -> Double {
        switch object(forKey: key)?.widenedReal {
        case .real(let value)?: return value
        case .integer(let value)?: return value.doubleValue
        case .bool(let value)?: return value ? 1 : 0
        case .string(let text)?: return Double(text) ?? 0
        default: return 0
        }
    }

    /// The Boolean for `key`, or false. Like `bool(forKey:)`: non-zero numbers are true,
    /// and so are the strings `YES`, `true` and `1` (any case).
    public func bool(forKey key: String) -> Bool {
        switch object(forKey: key)?.widenedReal {
        case .bool(let value)?: return value
        case .integer(let value)?: return value != PlistInteger(0)
        case .real(let value)?: return value != 0
        case .string(let text)?: return ["yes", "true", "1"].contains(text.lowercased())
        default: return false
        }
    }

    /// The date for `key`. Like `object(forKey:) as? Date`.
    public func date(forKey key: String) -> Date? {
        object(forKey: key)?.date
    }

    /// The bytes for `key`. Like `data(forKey:)`.
    public func data(forKey key: String) -> Data? {
        object(forKey: key)?.data
    }

    /// The array for `key`. Like `array(forKey:)`.
    public func array(forKey key: String) -> [Plist]? {
        object(forKey: key)?.array
    }

    /// The array of strings for `key`, when every element is a string. Like `stringArray(forKey:)`.
    public func stringArray(forKey key: String) -> [String]? {
        guard let array = array(forKey: key) else { return nil }
        var strings: [String] = []
        for element in array {
            guard let string = element.string else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// The dictionary for `key`. Like `dictionary(forKey:)`.
    public func dictionary(forKey key: String) -> [String: Plist]? {
        guard let dictionary = object(forKey: key)?.dictionary else { return nil }
        var result: [String: Plist] = [:]
        for (key, value) in dictionary { result[key.string] = value }
        return result
    }

    /// Sets a string. Like `set(_:forKey:)`.
    public func set(_ value: String, forKey key: String) {
        set(.string(value) as Plist?, forKey: key)
    }

    /// Sets an integer. Like `set(_:forKey:)` with an `Int`.
    public func set(_ value: Int, forKey key: String) {
        set(.integer(PlistInteger(value)) as Plist?, forKey: key)
    }

    /// Sets a number. Like `set(_:forKey:)` with a `Double`.
    public func set(_ value: Double, forKey key: String) {
        set(.real(value) as Plist?, forKey: key)
    }

    /// Sets a Boolean. Like `set(_:forKey:)` with a `Bool`.
    public func set(_ value: Bool, forKey key: String) {
        set(.bool(value) as Plist?, forKey: key)
    }

    /// Sets a date.
    public func set(_ value: Date, forKey key: String) {
        set(.date(value) as Plist?, forKey: key)
    }

    /// Sets bytes.
    public func set(_ value: Data, forKey key: String) {
        set(.data(value) as Plist?, forKey: key)
    }

    /// Sets an array.
    public func set(_ value: [Plist], forKey key: String) {
        set(.array(value) as Plist?, forKey: key)
    }

    /// Sets a dictionary; its keys are stored sorted.
    public func set(_ value: [String: Plist], forKey key: String) {
        let pairs = value.sorted { $0.key < $1.key }.map { (PlistKey($0.key), $0.value) }
        set(.dictionary(PlistDictionary(uniqueKeysWithValues: pairs)) as Plist?, forKey: key)
    }
}

private extension Plist {
    /// The value with a 4-byte real widened to `.real`, for the typed getters.
    var widenedReal: Plist {
        if case .real32(let value) = self { .real(Double(value)) } else { self }
    }
}
