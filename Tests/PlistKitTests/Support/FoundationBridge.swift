import Foundation
import OrderedCollections
import PlistKit

/// Converts what `PropertyListSerialization` returns on Linux into ``Plist`` values, so
/// Foundation can serve as an oracle for PlistKit's readers and writers.
enum FoundationBridge {
    struct Unrepresentable: Error, CustomStringConvertible {
        let description: String
    }

    /// Foundation's reading of `bytes` as a ``Plist``.
    static func read(_ bytes: Data) throws -> Plist {
        try plist(from: PropertyListSerialization.propertyList(from: bytes, options: [], format: nil))
    }

    /// The ``Plist`` for one object of a Foundation property list.
    ///
    /// On Linux booleans come back as Swift `Bool` and numbers as `NSNumber`; an `NSNumber`
    /// also casts to `Bool`, so the dynamic type tells them apart, and the number's `objCType`
    /// tells integers (signed "q", unsigned "Q" for values above Int64.max) from reals ("d",
    /// and "f" for 4-byte reals, widened here as PlistKit widens them). Dictionaries have no
    /// order in Foundation, so the result's key order means nothing. UIDs come back as the
    /// private class `_NSKeyedArchiverUID`, whose number is read with `Mirror`.
    static func plist(from object: Any) throws -> Plist {
        if type(of: object) == Bool.self, let bool = object as? Bool {
            return .bool(bool)
        }
        switch object {
        case let string as String:
            return .string(string)
        case let data as Data:
            return .data(data)
        case let date as Date:
            return .date(date)
        case let array as [Any]:
            return .array(try array.map(plist(from:)))
        case let dictionary as [String: Any]:
            var entries = PlistDictionary()
            for key in dictionary.keys.sorted() {
                entries[PlistKey(key)] = try plist(from: dictionary[key]!)
            }
            return .dictionary(entries)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "d", "f":
                return .real(number.doubleValue)
            case "Q":
                return .integer(PlistInteger(number.uint64Value))
            case "q", "l", "i", "s":
                return .integer(PlistInteger(number.int64Value))
            case let other:
                throw Unrepresentable(description: "NSNumber with objCType \(other): \(number)")
            }
        default:
            if String(describing: type(of: object)).contains("KeyedArchiverUID"),
               let value = Mirror(reflecting: object).children.first(where: { $0.label == "value" })?.value {
                guard let uid = UInt64("\(value)") else {
                    throw Unrepresentable(description: "UID value \(value)")
                }
                return .uid(uid)
            }
            throw Unrepresentable(description: "no Plist for \(type(of: object)): \(object)")
        }
    }

    /// True when Foundation on Linux can read `value` back exactly from a binary plist.
    ///
    /// CF's binary reader keeps UIDs as 32-bit numbers and rejects larger ones, so values
    /// holding a UID above `UInt32.max` are left out for this oracle.
    static func canRead(_ value: Plist) -> Bool {
        switch value {
        case .uid(let uid): uid <= UInt64(UInt32.max)
        case .array(let elements): elements.allSatisfy(canRead)
        case .dictionary(let entries): entries.values.allSatisfy(canRead)
        default: true
        }
    }
}
