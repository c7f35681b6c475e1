#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``PlistFieldsDecoder`` of ``ModelDecoder``: one dictionary, whose fields the source
/// finds its own way (see ``ModelSource``) and whose keys it reads through its keyed lookup.
@usableFromInline
struct ModelFieldsDecoder<Source: ModelSource>: PlistFieldsDecoder {
    @usableFromInline let state: Source
    @usableFromInline let table: PlistFields
    /// The dictionary.
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    /// The dictionary's depth; its values are one deeper.
    @usableFromInline let depth: Int
    @usableFromInline var dictionary: Source.Dictionary

    @inlinable
    init(state: Source, table: PlistFields, value: Int, step: ModelStep, depth: Int) throws(DecodingError) {
        dictionary = try state.openDictionary(value, table: table, depth: depth, step: step)
        self.state = state
        self.table = table
        self.value = value
        self.step = step
        self.depth = depth
    }

    @usableFromInline
    var codingPath: [any CodingKey] { state.common.path(depth: depth, step: step) }

    /// How field `field`'s value is reached from the dictionary (which holds the table).
    @inlinable
    func fieldStep(_ field: Int) -> ModelStep { .tableField(Unmanaged.passUnretained(table), field) }

    /// The value of field `field`, or nil when the dictionary has no such key.
    @inlinable
    mutating func find(field: Int) throws(DecodingError) -> Int? {
        let found = state.quickFind(field: field, in: &dictionary)
        if found >= 0 { return found }
        if found == Source.absent { return nil }
        return try state.find(field: field, table: table, in: &dictionary, depth: depth)
    }

    /// The value of field `field`; `keyNotFound` when absent.
    @inlinable
    mutating func value(field: Int) throws(DecodingError) -> Int {
        guard let child = try find(field: field) else { throw state.common.keyNotFound(table.names[field], value, depth, step) }
        return child
    }

    /// The value of field `field`, or nil when absent or `$null`.
    @inlinable
    mutating func presentValue(field: Int) throws(DecodingError) -> Int? {
        guard let child = try find(field: field), try !state.isNull(child, depth + 1, fieldStep(field)) else { return nil }
        return child
    }

    /// Field `field`'s value as a `T` when it is present and a quick read gives it (see
    /// ``ModelSource/quickString(_:)``); nil otherwise, and then the throwing reads report.
    @inlinable @inline(__always)
    mutating func quickScalar<T>(_ type: T.Type, field: Int) -> T? {
        guard Source.readsQuickly(type) else { return nil }
        let found = state.quickFind(field: field, in: &dictionary)
        return found >= 0 ? state.quickScalar(type, found) : nil
    }

    /// The quick read inline in the caller (one call to find the field, one to read it, and
    /// no room set aside for an error); every other read out of line, in `read`.
    @inlinable @inline(__always)
    mutating func decode<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        if let scalar = quickScalar(type, field: field) { return scalar }
        return try read(type, field: field)
    }

    /// Field `field`'s value as a `T`, with every check and error of the Codable path.
    @inlinable @inline(never)
    mutating func read<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        let child = try value(field: field)
        return try state.decodeValue(type, child, depth + 1, fieldStep(field))
    }

    /// As ``decode(_:field:)``, the quick read inline and the others in `readIfPresent`.
    @inlinable @inline(__always)
    mutating func decodeIfPresent<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        // A quick read never gives `$null`: Foundation's nil marker takes the reads below.
        if let scalar = quickScalar(type, field: field) { return scalar }
        return try readIfPresent(type, field: field)
    }

    /// Field `field`'s value as a `T`, or nil when absent or `$null`, with every check and
    /// error of the Codable path.
    @inlinable @inline(never)
    mutating func readIfPresent<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        guard let child = try presentValue(field: field) else { return nil }
        return try state.decodeValue(type, child, depth + 1, fieldStep(field))
    }

    @inlinable
    mutating func decodeDecodable<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        try state.common.decodable(value(field: field), type, depth + 1, fieldStep(field))
    }

    @inlinable
    mutating func decodeDecodableIfPresent<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        guard let child = try presentValue(field: field) else { return nil }
        return try state.common.decodable(child, type, depth + 1, fieldStep(field))
    }

    @inlinable
    mutating func contains(field: Int) throws(DecodingError) -> Bool {
        try find(field: field) != nil
    }

    @inlinable
    mutating func decodeNestedFields(_ fields: PlistFields, field: Int) throws(DecodingError) -> Self {
        guard let child = try find(field: field) else {
            throw state.common.keyNotFound(table.names[field], value, depth, step, "Cannot get nested keyed container -- no value found for key")
        }
        return try Self(state: state, table: fields, value: child, step: fieldStep(field), depth: depth + 1)
    }

    /// The case's field found by `quickFind` when the dictionary holds exactly one of the
    /// table's keys in place (its keys then are distinct, and the lookups throw nothing);
    /// otherwise the case found among every key, with the errors of Codable's `allKeys`.
    @inlinable
    mutating func decodeCaseField(of type: Any.Type) throws(DecodingError) -> Int {
        var found = -1
        for field in table.names.indices {
            let entry = state.quickFind(field: field, in: &dictionary)
            if entry == Source.unknown || (entry >= 0 && found >= 0) {
                found = -1
                break
            }
            if entry >= 0 { found = field }
        }
        if found >= 0 { return found }
        return try state.common.caseField(of: type, keys: keys(), table: table, depth: depth, step: step)
    }

    @inlinable
    mutating func keys() throws(DecodingError) -> [String] {
        try state.keys(of: &dictionary, value: value, depth: depth, step: step)
    }

    @inlinable
    mutating func decode<T: PlistDecodable>(_ type: T.Type, forKey key: String) throws(DecodingError) -> T {
        let child = try state.value(forKey: key, in: &dictionary, value: value, depth: depth, step: step)
        if Source.readsQuickly(type), let scalar = state.quickScalar(type, child) { return scalar }
        return try state.decodeValue(type, child, depth + 1, .key(key))
    }
}
