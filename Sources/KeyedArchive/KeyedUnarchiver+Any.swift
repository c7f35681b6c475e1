#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

extension KeyedUnarchiver {
    /// Decodes a slot into natural Swift values, by the archived class (see
    /// ``decodeObject(forKey:)``).
    func anyValue(from slot: Plist) throws(KeyedArchiveError) -> Any? {
        if isNull(slot) { return nil }
        let (uid, value) = resolve(slot)
        switch value {
        case .string(let string): return string
        case .integer(let integer): return integer.intValue.map { $0 as Any } ?? integer.uint64Value!
        case .real(let real): return real
        case .real32(let real): return real
        case .bool(let bool): return bool
        case .data(let data): return data
        case .date(let date): return date
        case .array(let elements):
            // Not an Apple shape, but a plain array in $objects is easy to read.
            return try elements.map { (element) throws(KeyedArchiveError) -> Any? in try anyValue(from: element) } as [Any?]
        case .uid:
            throw typeMismatch("an object", found: slot)
        case .dictionary:
            break
        }
        guard let uid, let className = className(of: uid) else {
            throw KeyedArchiveError(.badClass, "\(describe(slot)) has no $class")
        }
        let archivedClass = table.archivedClass(of: uid)!
        if archivedClass.hierarchy.contains(where: hasMapping(for:)) {
            return try anyObject(at: uid, expected: nil)
        }
        switch className {
        case "NSString", "NSMutableString": return try String.unarchive(from: slot, in: self)
        case "NSData", "NSMutableData": return try Data.unarchive(from: slot, in: self)
        case "NSDate": return try Date.unarchive(from: slot, in: self)
        case "NSUUID": return try UUID.unarchive(from: slot, in: self)
        case "NSURL": return try URL.unarchive(from: slot, in: self)
        default: break
        }
        let fields = table.fields(uid)!
        if archivedClass.families.contains(.ordered) {
            return try decodingValue(uid) { () throws(KeyedArchiveError) -> Any in
                try elementSlots(fields).map { (element) throws(KeyedArchiveError) -> Any? in try anyValue(from: element) } as [Any?]
            }
        }
        if archivedClass.families.contains(.unordered) {
            return try decodingValue(uid) { () throws(KeyedArchiveError) -> Any in
                var result = Set<AnyHashable>()
                for element in try elementSlots(fields) {
                    result.insert(try hashable(from: element))
                }
                return result
            }
        }
        if archivedClass.families.contains(.dictionary) {
            return try decodingValue(uid) { () throws(KeyedArchiveError) -> Any in
                var result: [AnyHashable: Any] = [:]
                for (key, value) in try entrySlots(fields) {
                    result[try hashable(from: key)] = try anyValue(from: value) as Any
                }
                return result
            }
        }
        throw KeyedArchiveError(.unknownClass, "\(describe(slot)): no type is set for class \(archivedClass.hierarchy.joined(separator: " → ")) (use setClass(_:forClassName:))")
    }

    private func hashable(from slot: Plist) throws(KeyedArchiveError) -> AnyHashable {
        guard let value = try anyValue(from: slot), let hashable = value as? AnyHashable else {
            throw typeMismatch("a hashable key or set element", found: slot)
        }
        return hashable
    }
}
