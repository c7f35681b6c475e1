#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What the fields and elements decoders of every source share: the reads by key, and the
// errors of a missing key or element, built here once rather than in each specialization.

extension ModelDecodingState {
    /// The keyed lookup of dictionary `value` (every key checked), or the Codable path's error.
    func keyed(_ source: some PlistDecodingSource, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> any PlistKeyedSource {
        let keyed: (any PlistKeyedSource)?
        do {
            keyed = try source.keyed(value)
        } catch where error.code == .nonStringKey {
            // Foundation reports a key that is no string as a type mismatch at the dictionary.
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: "Expected to decode String but found a key that is not a string instead: \(error)", underlyingError: error))
        } catch {
            throw corrupted(error, depth, step)
        }
        guard let keyed else { throw mismatch([String: Any].self, value, depth, step) }
        return keyed
    }

    /// The value of `table`'s field `field` in `keyed`, the dictionary at `depth`, or nil.
    func find(field: Int, table: PlistFields, in keyed: any PlistKeyedSource, depth: Int) throws(DecodingError) -> Int? {
        do {
            return try keyed.value(forKey: table.names[field])
        } catch {
            throw corrupted(error, depth + 1, .tableField(Unmanaged.passUnretained(table), field))
        }
    }

    /// The value under `key` in `keyed`, dictionary `value` at `depth`; `keyNotFound` when absent.
    func value(forKey key: String, in keyed: any PlistKeyedSource, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Int {
        let child: Int?
        do {
            child = try keyed.value(forKey: key)
        } catch {
            throw corrupted(error, depth + 1, .key(key))
        }
        guard let child else { throw keyNotFound(key, value, depth, step) }
        return child
    }

    /// Every key of `keyed`, dictionary at `depth`, in the input's order.
    func keys(_ keyed: any PlistKeyedSource, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> [String] {
        do {
            return try keyed.keys()
        } catch {
            throw corrupted(error, depth, step)
        }
    }

    /// The position of the one `table` key among `keys`, as a synthesized `Decodable` enum
    /// finds its case.
    @usableFromInline
    func caseField(of type: Any.Type, keys: [String], table: PlistFields, depth: Int, step: ModelStep) throws(DecodingError) -> Int {
        let present = keys.compactMap { table.names.firstIndex(of: $0) }
        guard present.count == 1 else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: "Invalid number of keys found, expected one."))
        }
        return present[0]
    }

    /// `keyNotFound` for `key` in dictionary `value` at `depth`.
    @usableFromInline
    func keyNotFound(_ key: String, _ value: Int, _ depth: Int, _ step: ModelStep, _ description: String = "No value associated with key") -> DecodingError {
        .keyNotFound(PlistCodingKey(stringValue: key), DecodingError.Context(codingPath: path(depth: depth, step: step), debugDescription: "\(description) \"\(key)\".\(position(value))"))
    }

    /// `valueNotFound` for a read past the end of array `value` at `depth`, at `index`.
    @usableFromInline
    func atEnd(_ type: Any.Type, _ value: Int, _ depth: Int, _ index: Int) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: path(depth: depth + 1, step: .index(index)), debugDescription: "Unkeyed container is at end.\(position(value))"))
    }
}
