import Foundation
import OrderedCollections
import PlistKit
import TestSupport

/// The canonical dump that `TestVectors/*/MANIFEST.json` uses for expected values, made by
/// the oracle that wrote (or read) each vector:
///
///     {"dict": [["key", VALUE], ...]}   {"array": [VALUE, ...]}
///     {"string": "text"}                {"integer": "-12"}   (decimal text)
///     {"real": "3ff0000000000000"}      (IEEE 754 bits of the Double, 16 hex digits)
///     {"date": "41b0000000000000"}      (bits of the Double seconds since 2001-01-01)
///     {"bool": true}                    {"data": "base64"}   {"uid": "7"}
enum Canonical {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Builds the value a canonical dump describes.
    static func plist(from json: Any) throws -> Plist {
        guard let object = json as? [String: Any], object.count == 1, let (kind, payload) = object.first else {
            throw Malformed(description: "not a one-key object: \(json)")
        }
        switch kind {
        case "dict":
            guard let pairs = payload as? [[Any]] else { throw Malformed(description: "dict payload") }
            var entries = PlistDictionary()
            for pair in pairs {
                guard pair.count == 2, let key = pair[0] as? String else { throw Malformed(description: "dict pair") }
                entries[PlistKey(key)] = try plist(from: pair[1])
            }
            return .dictionary(entries)
        case "array":
            guard let elements = payload as? [Any] else { throw Malformed(description: "array payload") }
            return .array(try elements.map(plist(from:)))
        case "string":
            guard let string = payload as? String else { throw Malformed(description: "string payload") }
            return .string(string)
        case "integer":
            guard let text = payload as? String, let integer = PlistInteger(decimal: text) else { throw Malformed(description: "integer payload") }
            return .integer(integer)
        case "real":
            return .real(Double(bitPattern: try bits(payload)))
        case "date":
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try bits(payload))))
        case "bool":
            guard let bool = payload as? Bool else { throw Malformed(description: "bool payload") }
            return .bool(bool)
        case "data":
            guard let text = payload as? String, let data = Data(base64Encoded: text) else { throw Malformed(description: "data payload") }
            return .data(data)
        case "uid":
            guard let text = payload as? String, let uid = UInt64(text) else { throw Malformed(description: "uid payload") }
            return .uid(uid)
        default:
            throw Malformed(description: "unknown kind \(kind)")
        }
    }

    private static func bits(_ payload: Any) throws -> UInt64 {
        guard let text = payload as? String, text.count == 16, let bits = UInt64(text, radix: 16) else {
            throw Malformed(description: "bits payload \(payload)")
        }
        return bits
    }

    /// Stricter than `==`: reals and dates must match bit for bit (any NaN matches any NaN),
    /// so `-0.0` is told from `0.0`. Dictionary order is not compared.
    static func identical(_ a: Plist, _ b: Plist) -> Bool {
        switch (a, b) {
        case let (.dictionary(x), .dictionary(y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key], identical(value, other) else { return false }
            }
            return true
        case let (.array(x), .array(y)):
            return x.count == y.count && zip(x, y).allSatisfy(identical)
        case let (.real(x), .real(y)):
            return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case let (.real32(x), .real32(y)):
            return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case let (.date(x), .date(y)):
            let (p, q) = (x.timeIntervalSinceReferenceDate, y.timeIntervalSinceReferenceDate)
            return p.bitPattern == q.bitPattern || (p.isNaN && q.isNaN)
        default:
            return a == b
        }
    }

    /// The path of `TestVectors/` in this checkout.
    static var vectorsDirectory: URL { TestVectorFiles.directory }
}
