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
/// ``Plist`` tree (`TreeDecodingSource`, for JSON input and values the program holds).
///
/// The decoder holds its source, and its containers their dictionary or array, as
/// existentials rather than through generic parameters, and a value is an `Int` handle in
/// every source (an object index, a node index, a slot in the tree source's table). Both
/// on purpose: the keyed containers run unspecialised (their `Key` is the caller's type),
/// and there every use of a generic parameter costs runtime metadata and witness-table
/// lookups, on every key read; an existential costs one indirect call.
/// Each accessor returns nil when the value is of another type, and throws only when the
/// input is corrupt.
protocol PlistDecodingSource: AnyObject {
    /// The root value.
    var top: Int { get }

    func number(_ value: Int) throws(PlistError) -> PlistNumber?
    func string(_ value: Int) throws(PlistError) -> String?
    func bool(_ value: Int) throws(PlistError) -> Bool?
    func date(_ value: Int) throws(PlistError) -> Date?
    func data(_ value: Int) throws(PlistError) -> Data?
    /// True for the string `$null`, which Foundation's encoder writes for `nil`.
    func isNull(_ value: Int) throws(PlistError) -> Bool
    func keyed(_ value: Int) throws(PlistError) -> (any PlistKeyedSource)?
    func unkeyed(_ value: Int) throws(PlistError) -> (any PlistUnkeyedSource)?

    /// What the value is, for error messages: "a string", "an array", …
    func typeDescription(_ value: Int) -> String
    /// Where the value is in the input, when the source knows.
    func location(_ value: Int) -> PlistError.Location?

    /// Called when decoding of container `value` starts below `parent` (another value
    /// being decoded); throws when `value` is already being decoded further up, which
    /// means the input contains a cycle. Returns whether ``leave(_:)`` must be called.
    func enter(_ value: Int, from parent: Int) throws(PlistError) -> Bool
    func leave(_ value: Int)
}

/// A dictionary being read through a keyed container.
protocol PlistKeyedSource: AnyObject {
    var count: Int { get }
    /// The value stored under `key`, or nil.
    func value(forKey key: String) throws(PlistError) -> Int?
    /// The keys, in the input's order.
    func keys() throws(PlistError) -> [String]
}

/// An array being read through an unkeyed container.
protocol PlistUnkeyedSource {
    var count: Int { get }
    /// Element `index` (below `count`).
    func element(at index: Int) throws(PlistError) -> Int
}

extension Plist.Kind {
    /// The words Foundation's property-list decoder uses for the kind: `a dictionary`,
    /// `an integer`, `a real number`, `data` …
    var words: String {
        switch self {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a UID"
        }
    }
}
