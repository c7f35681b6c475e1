#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections
import PlistKit

// Scalars and Foundation value classes, in the shapes Apple's archiver writes them:
// strings, numbers and plain data as bare `$objects` entries; NSString/NSMutableString as
// `NS.string`; NSData/NSMutableData as `NS.data` or `NS.bytes`; NSDate as `NS.time`; NSUUID as
// `NS.uuidbytes`; NSURL as `NS.base` + `NS.relative`.

extension String: KeyedArchivable {
    /// Archives the value as Apple's archiver writes a string (NSString); returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forScalar: .string(self))
    }

    /// Reads a string (NSString) in any form Foundation writes it, as `String`.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> String {
        let (uid, value) = unarchiver.resolve(slot)
        if uid != 0, case .string(let string) = value { return string }
        let (_, fields) = try unarchiver.foundationFields(of: slot, in: .string, expected: "a string")
        if let string = fields["NS.string"] {
            if case .string(let text) = unarchiver.resolve(string).value { return text }
        }
        if let bytes = fields["NS.bytes"], case .data(let data) = unarchiver.resolve(bytes).value,
           let text = String(bytes: data, encoding: .utf8) {
            return text
        }
        throw unarchiver.typeMismatch("a string (NS.string)", found: slot)
    }
}

/// The number a slot holds (in place or as an NSNumber object), for the numeric conformances.
private enum ArchivedNumber {
    case integer(PlistInteger)
    case real(Double)
    case bool(Bool)

    /// The number `slot` holds, or nil when it holds something else.
    init?(_ slot: Plist, in unarchiver: KeyedUnarchiver) {
        switch unarchiver.resolve(slot).value {
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = .real(real)
        case .real32(let real): self = .real(Double(real))
        case .bool(let bool): self = .bool(bool)
        default: return nil
        }
    }

    /// The number as `decodeDouble(forKey:)` gives it: a Boolean is 1 or 0.
    var double: Double {
        switch self {
        case .integer(let integer): integer.doubleValue
        case .real(let real): real
        case .bool(let bool): bool ? 1 : 0
        }
    }

    /// A Boolean, or an integer 0 or 1; nil for anything else.
    var bool: Bool? {
        switch self {
        case .bool(let bool): bool
        case .integer(let integer) where integer == 0 || integer == 1: integer == 1
        default: nil
        }
    }
}

extension KeyedArchivable where Self: FixedWidthInteger {
    /// Archives the value as Apple's archiver writes an NSNumber integer; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forScalar: .integer(PlistInteger(exactly: self)!))
    }

    /// Reads an NSNumber integer in any form Foundation writes it, as this integer type: a
    /// real must be a whole number in its range, a Boolean reads as 1 or 0.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Self {
        switch ArchivedNumber(slot, in: unarchiver) {
        case .integer(let integer)?:
            if let value = integer.exactly(Self.self) { return value }
            throw KeyedArchiveError(.typeMismatch, "the integer \(integer) does not fit in \(Self.self)")
        case .real(let real)?:
            if let value = Self(exactly: real) { return value }
            throw KeyedArchiveError(.typeMismatch, "the real \(real) is not a \(Self.self)")
        case .bool(let bool)?:
            return bool ? 1 : 0
        case nil:
            throw unarchiver.typeMismatch("an integer (\(Self.self))", found: slot)
        }
    }
}

// The standard integers take the NSNumber-integer implementations above.
extension Int: KeyedArchivable {}
extension Int8: KeyedArchivable {}
extension Int16: KeyedArchivable {}
extension Int32: KeyedArchivable {}
extension Int64: KeyedArchivable {}
extension UInt: KeyedArchivable {}
extension UInt8: KeyedArchivable {}
extension UInt16: KeyedArchivable {}
extension UInt32: KeyedArchivable {}
extension UInt64: KeyedArchivable {}

extension Double: KeyedArchivable {
    /// Archives the value as Apple's archiver writes an NSNumber real; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forScalar: .real(self))
    }

    /// Reads an NSNumber real in any form Foundation writes it, as `Double`. A Boolean reads
    /// as 1 or 0, as `decodeDouble(forKey:)` gives it: Foundation's archiver stores equal
    /// numbers once, and `true` equals `1.0`, so a real 1.0 archived after a `true` is written
    /// as the Boolean.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Double {
        guard let number = ArchivedNumber(slot, in: unarchiver) else { throw unarchiver.typeMismatch("a real (Double)", found: slot) }
        return number.double
    }
}

extension Float: KeyedArchivable {
    /// Archives the value as Apple's archiver writes an NSNumber real; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forScalar: .real32(self))
    }

    /// Reads an NSNumber real in any form Foundation writes it, as `Float`.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Float {
        Float(try Double.unarchive(from: slot, in: unarchiver))
    }
}

extension Bool: KeyedArchivable {
    /// Archives the value as Apple's archiver writes an NSNumber boolean; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forScalar: .bool(self))
    }

    /// Reads an NSNumber boolean in any form Foundation writes it, as `Bool`.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Bool {
        guard let bool = ArchivedNumber(slot, in: unarchiver)?.bool else { throw unarchiver.typeMismatch("a Boolean", found: slot) }
        return bool
    }
}

extension Data: KeyedArchivable {
    /// Archives the value as Apple's archiver writes an NSData; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(forScalar: .data(self))
    }

    /// Reads an NSData in any form Foundation writes it, as `Data`.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Data {
        if case .data(let data) = unarchiver.resolve(slot).value { return data }
        let (_, fields) = try unarchiver.foundationFields(of: slot, in: .data, expected: "data")
        for key in ["NS.data", "NS.bytes"] {
            if let bytes = fields[PlistKey(key)], case .data(let data) = unarchiver.resolve(bytes).value { return data }
        }
        throw unarchiver.typeMismatch("data (NS.data or NS.bytes)", found: slot)
    }
}

extension Date: KeyedArchivable {
    /// Archives the value as Apple's archiver writes an NSDate; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        archiver.uid(for: .date, field: .real(timeIntervalSinceReferenceDate))
    }

    /// Reads an NSDate in any form Foundation writes it, as `Date`.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Date {
        if case .date(let date) = unarchiver.resolve(slot).value { return date }
        let (_, fields) = try unarchiver.foundationFields(of: slot, in: .date, expected: "a date")
        guard let time = fields["NS.time"] else {
            throw KeyedArchiveError(.missingKey, "the NSDate has no NS.time")
        }
        return Date(timeIntervalSinceReferenceDate: try Double.unarchive(from: time, in: unarchiver))
    }
}

extension UUID: KeyedArchivable {
    /// Archives the value as Apple's archiver writes an NSUUID; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        let bytes = Data(bytesOf: uuid)
        return archiver.uid(for: .uuid, field: .data(bytes))
    }

    /// Reads an NSUUID in any form Foundation writes it, as `UUID`.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> UUID {
        let (_, fields) = try unarchiver.foundationFields(of: slot, in: .uuid, expected: "a UUID")
        if let uuid = fields.load(fromData: "NS.uuidbytes", as: uuid_t.self) { return UUID(uuid: uuid) }
        guard let bytesSlot = fields["NS.uuidbytes"], case .data(let bytes) = unarchiver.resolve(bytesSlot).value,
              bytes.count == 16
        else { throw KeyedArchiveError(.typeMismatch, "the NSUUID has no 16-byte NS.uuidbytes") }
        return UUID(uuid: bytes.loaded(as: uuid_t.self))
    }
}

extension URL: KeyedArchivable {
    /// Archives the value as Apple's archiver writes an NSURL; returns its UID.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        let uid = archiver.reserveUID()
        let base: Plist = baseURL.map { .uid($0.archive(into: archiver)) } ?? .uid(0)
        let relative = Plist.uid(relativeString.archive(into: archiver))
        archiver.fill(uid, hierarchy: ["NSURL", "NSObject"], fields: ["NS.base": base, "NS.relative": relative])
        return uid
    }

    /// Reads an NSURL in any form Foundation writes it, as `URL`.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> URL {
        let (uid, fields) = try unarchiver.foundationFields(of: slot, in: .url, expected: "a URL")
        return try unarchiver.decodingValue(uid) { () throws(KeyedArchiveError) -> URL in
            guard let relativeSlot = fields["NS.relative"] else {
                throw KeyedArchiveError(.missingKey, "the NSURL has no NS.relative")
            }
            let relative = try String.unarchive(from: relativeSlot, in: unarchiver)
            var base: URL?
            if let baseSlot = fields["NS.base"], !unarchiver.isNull(baseSlot) {
                base = try URL.unarchive(from: baseSlot, in: unarchiver)
            }
            guard let url = URL(string: relative, relativeTo: base) else {
                throw KeyedArchiveError(.typeMismatch, "the NSURL \"\(relative)\" is not a valid URL")
            }
            return url
        }
    }
}
