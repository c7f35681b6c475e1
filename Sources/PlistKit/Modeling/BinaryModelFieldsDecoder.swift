#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The ``PlistFieldsDecoder`` of ``BinaryModelDecoder``: a dictionary object read in place.
///
/// A field is found by comparing its key's bytes (from the ``PlistFields`` table) with the
/// dictionary's ASCII keys where they lie, starting at the entry after the last one found, so
/// a dictionary written in the table's order is read without a search and without a `String`
/// per key. That needs every key checked, ASCII, distinct and few: the source checks a
/// dictionary's keys when a depth first meets its layout (as the Codable path checks each
/// dictionary's), and dictionaries with the same key references after it (every record of a
/// type) need no check. Other dictionaries (UTF-16 or repeated keys, many entries) are read
/// through the source's keyed lookup, as is any read by key.
public struct BinaryModelFieldsDecoder: PlistFieldsDecoder {
    @usableFromInline let state: BinaryModelDecodingState
    @usableFromInline let table: PlistFields
    /// The dictionary.
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    /// The dictionary's depth; its values are one deeper.
    @usableFromInline let depth: Int
    @usableFromInline let keysStart: Int
    @usableFromInline let valuesStart: Int
    @usableFromInline let count: Int
    /// The entry after the last one found.
    @usableFromInline var hint = 0
    /// The source's lookup, for dictionaries whose keys are not matched in place and for
    /// reads by key (made when first needed).
    var keyed: (any PlistKeyedSource)?

    @usableFromInline
    init(state: BinaryModelDecodingState, table: PlistFields, value: Int, step: ModelStep, depth: Int) throws(DecodingError) {
        let common = state.common
        try common.enter(value, depth: depth, step: step)
        let object: BinaryObject
        do {
            object = try state.source.object(value)
        } catch {
            throw common.corrupted(error, depth, step)
        }
        guard object.kind == .dictionary else {
            throw common.mismatch([String: Any].self, value, depth, step)
        }
        self.state = state
        self.table = table
        self.value = value
        self.step = step
        self.depth = depth
        keysStart = object.start
        count = object.count
        valuesStart = object.start + object.count * state.refSize
        if let inPlace = state.knownLayout(keysStart: keysStart, count: count, depth: depth) {
            if !inPlace { keyed = try Self.keyed(state, value, step, depth) }
        } else {
            let checked = try Self.keyed(state, value, step, depth)
            let inPlace = state.keysMatchInPlace(keysStart: keysStart, count: count)
            state.remember(keysStart: keysStart, count: count, depth: depth, inPlace: inPlace)
            if !inPlace { keyed = checked }
        }
    }

    /// The source's keyed lookup of dictionary `value`, which checks every key.
    private static func keyed(_ state: BinaryModelDecodingState, _ value: Int, _ step: ModelStep, _ depth: Int) throws(DecodingError) -> any PlistKeyedSource {
        let keyed: (any PlistKeyedSource)?
        do {
            keyed = try state.source.keyed(value)
        } catch where error.code == .nonStringKey {
            // Foundation reports a key that is no string as a type mismatch at the dictionary.
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(codingPath: state.common.path(depth: depth, step: step), debugDescription: "Expected to decode String but found a key that is not a string instead: \(error)", underlyingError: error))
        } catch {
            throw state.common.corrupted(error, depth, step)
        }
        guard let keyed else { throw state.common.mismatch([String: Any].self, value, depth, step) }
        return keyed
    }

    /// The keys from the root to the dictionary.
    public var codingPath: [any CodingKey] { state.common.path(depth: depth, step: step) }

    /// The source's keyed lookup, made when first needed.
    private mutating func keyedSource() throws(DecodingError) -> any PlistKeyedSource {
        if let keyed { return keyed }
        let made = try Self.keyed(state, value, step, depth)
        keyed = made
        return made
    }

    /// The value of field `field`, or nil when the dictionary has no such key.
    @usableFromInline
    mutating func find(field: Int) throws(DecodingError) -> Int? {
        if let keyed {
            do {
                return try keyed.value(forKey: table.names[field])
            } catch {
                throw state.common.corrupted(error, depth + 1, .tableField(Unmanaged.passUnretained(table), field))
            }
        }
        do {
            try state.source.checkValid()
        } catch {
            throw state.common.corrupted(error, depth + 1, .tableField(Unmanaged.passUnretained(table), field))
        }
        guard count > 0 else { return nil }
        let wanted = table.key(field)
        let refSize = state.refSize
        var element = hint < count ? hint : 0
        for _ in 0..<count {
            if let key = state.asciiKey(state.ref(at: keysStart &+ element &* refSize)),
               key.count == wanted.count, wanted.isEmpty || memcmp(key.baseAddress!, wanted.baseAddress!, wanted.count) == 0 {
                hint = element &+ 1
                do {
                    return try state.checkedRef(at: valuesStart &+ element &* refSize)
                } catch {
                    throw state.common.corrupted(error, depth + 1, .tableField(Unmanaged.passUnretained(table), field))
                }
            }
            element &+= 1
            if element == count { element = 0 }
        }
        return nil
    }

    private func keyNotFound(_ key: String, _ description: String = "No value associated with key") -> DecodingError {
        .keyNotFound(PlistCodingKey(stringValue: key), DecodingError.Context(codingPath: codingPath, debugDescription: "\(description) \"\(key)\".\(state.common.position(value))"))
    }

    /// The value of field `field`; `keyNotFound` when absent.
    @usableFromInline
    mutating func value(field: Int) throws(DecodingError) -> Int {
        guard let child = try find(field: field) else { throw keyNotFound(table.names[field]) }
        return child
    }

    /// The value of field `field`, or nil when absent or `$null`.
    @usableFromInline
    mutating func presentValue(field: Int) throws(DecodingError) -> Int? {
        guard let child = try find(field: field),
              try !state.isNull(child, depth + 1, .tableField(Unmanaged.passUnretained(table), field)) else { return nil }
        return child
    }

    /// Field `field`'s value as `T`.
    @inlinable
    public mutating func decode<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        var decoder = BinaryModelDecoder(state: state, value: try value(field: field), step: .tableField(Unmanaged.passUnretained(table), field), depth: depth + 1)
        return try T(plist: &decoder)
    }

    /// Field `field`'s value as `T`, or nil when absent or `$null`.
    @inlinable
    public mutating func decodeIfPresent<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        guard let child = try presentValue(field: field) else { return nil }
        var decoder = BinaryModelDecoder(state: state, value: child, step: .tableField(Unmanaged.passUnretained(table), field), depth: depth + 1)
        return try T(plist: &decoder)
    }

    /// Field `field`'s value through `T`'s `Decodable` conformance.
    public mutating func decodeDecodable<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        try state.common.decodable(value(field: field), type, depth + 1, .tableField(Unmanaged.passUnretained(table), field))
    }

    /// Field `field`'s value through `T`'s `Decodable` conformance, or nil when absent or `$null`.
    public mutating func decodeDecodableIfPresent<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        guard let child = try presentValue(field: field) else { return nil }
        return try state.common.decodable(child, type, depth + 1, .tableField(Unmanaged.passUnretained(table), field))
    }

    /// True when the dictionary has field `field`'s key.
    public mutating func contains(field: Int) throws(DecodingError) -> Bool {
        try find(field: field) != nil
    }

    /// Field `field`'s dictionary, opened with `fields`.
    public mutating func decodeNestedFields(_ fields: PlistFields, field: Int) throws(DecodingError) -> BinaryModelFieldsDecoder {
        guard let child = try find(field: field) else {
            throw keyNotFound(table.names[field], "Cannot get nested keyed container -- no value found for key")
        }
        return try BinaryModelFieldsDecoder(state: state, table: fields, value: child, step: .tableField(Unmanaged.passUnretained(table), field), depth: depth + 1)
    }

    /// The position of the one table key the dictionary holds.
    public mutating func decodeCaseField(of type: Any.Type) throws(DecodingError) -> Int {
        let present = try keys().compactMap { table.names.firstIndex(of: $0) }
        guard present.count == 1 else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        return present[0]
    }

    /// Every key, in the input's order.
    public mutating func keys() throws(DecodingError) -> [String] {
        let keyed = try keyedSource()
        do {
            return try keyed.keys()
        } catch {
            throw state.common.corrupted(error, depth, step)
        }
    }

    /// The value under `key`; `keyNotFound` when absent.
    @usableFromInline
    mutating func value(forKey key: String) throws(DecodingError) -> Int {
        let keyed = try keyedSource()
        let child: Int?
        do {
            child = try keyed.value(forKey: key)
        } catch {
            throw state.common.corrupted(error, depth + 1, .key(key))
        }
        guard let child else { throw keyNotFound(key) }
        return child
    }

    /// The value under `key` as `T`.
    @inlinable
    public mutating func decode<T: PlistDecodable>(_ type: T.Type, forKey key: String) throws(DecodingError) -> T {
        var decoder = BinaryModelDecoder(state: state, value: try value(forKey: key), step: .key(key), depth: depth + 1)
        return try T(plist: &decoder)
    }
}
