#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A number as a property list stores it.
enum PlistNumber {
    case integer(PlistInteger)
    case real(Double)
}

/// Where ``PlistDecoder`` reads values from: the object table of a binary file
/// (`BinaryDecodingSource`), the node table of an XML file (`XMLDecodingSource`), or a
/// ``Plist`` tree (`TreeDecodingSource`, for JSON input and values the program holds). The decoder is generic over this protocol, so each source gets its own
/// specialised decoder with no dynamic dispatch on the hot path.
///
/// A `Value` is a cheap handle (an object or node index, or the tree value itself). Each accessor
/// returns nil when the value is of another type, and throws only when the input is corrupt.
protocol PlistDecodingSource: AnyObject {
    associatedtype Value
    associatedtype Keyed: PlistKeyedSource where Keyed.Value == Value
    associatedtype Unkeyed: PlistUnkeyedSource where Unkeyed.Value == Value

    /// The root value.
    var top: Value { get }

    func number(_ value: Value) throws(PlistError) -> PlistNumber?
    func string(_ value: Value) throws(PlistError) -> String?
    func bool(_ value: Value) throws(PlistError) -> Bool?
    func date(_ value: Value) throws(PlistError) -> Date?
    func data(_ value: Value) throws(PlistError) -> Data?
    /// True for the string `$null`, which Foundation's encoder writes for `nil`.
    func isNull(_ value: Value) throws(PlistError) -> Bool
    func keyed(_ value: Value) throws(PlistError) -> Keyed?
    func unkeyed(_ value: Value) throws(PlistError) -> Unkeyed?

    /// What the value is, for error messages: "a string", "an array", …
    func typeDescription(_ value: Value) -> String
    /// Where the value is in the input, when the source knows.
    func location(_ value: Value) -> PlistError.Location?

    /// Called when decoding of container `value` starts below `parent` (another value
    /// being decoded); throws when `value` is already being decoded further up, which
    /// means the input contains a cycle. Returns whether ``leave(_:)`` must be called.
    func enter(_ value: Value, from parent: Value) throws(PlistError) -> Bool
    func leave(_ value: Value)
}

/// A dictionary being read through a keyed container.
protocol PlistKeyedSource: AnyObject {
    associatedtype Value
    var count: Int { get }
    /// The value stored under `key`, or nil.
    func value(forKey key: String) throws(PlistError) -> Value?
    /// The keys, in the input's order.
    func keys() throws(PlistError) -> [String]
}

/// An array being read through an unkeyed container.
protocol PlistUnkeyedSource {
    associatedtype Value
    var count: Int { get }
    /// Element `index` (below `count`).
    func element(at index: Int) throws(PlistError) -> Value
}

/// The words Foundation's property-list decoder uses for each kind of value.
enum PlistTypeWords {
    static func description(of value: Plist) -> String {
        switch value {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .real, .real32: "a real number"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a UID"
        }
    }
}
