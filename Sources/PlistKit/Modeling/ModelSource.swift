#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``ModelDecoder`` reads one format through: a binary file's object table
/// (``BinaryModelSource``), an XML file's node table (``XMLModelSource``) or a ``Plist``
/// tree and the formats decoded into one (``TreeModelSource``).
///
/// The decoders are generic over it and inlinable, so that a `PlistDecodable` conformance
/// specialized in the caller's module calls the source's final class directly, with no
/// existential or witness-table call per read. Each source makes the checks and throws the
/// errors of the Codable path's reads of the same input; only dictionaries are read its own
/// way, through a `Dictionary` value that the fields decoder keeps.
@usableFromInline
protocol ModelSource: AnyObject {
    /// What a fields decoder keeps to find its dictionary's fields.
    associatedtype Dictionary
    /// What an elements decoder keeps to find its array's elements.
    associatedtype Array

    /// The format-independent state: options, open containers, errors.
    var common: ModelDecodingState { get }

    func isNull(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool
    func bool(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool
    func string(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String
    func integer<T: FixedWidthInteger>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T
    func float<T: BinaryFloatingPoint>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T
    /// `integer` and `float` for the commonest field types, not generic: a generic method of
    /// the library cannot be specialized in the caller's module, so these are specialized here.
    func int(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Int
    func double(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Double
    func date(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Date
    func data(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Data
    /// `string`, `int`, `double`, `bool` and `date` when the value is one that reads with
    /// nothing to report (a string that is not `$null`, an integer that fits); nil otherwise,
    /// and then the throwing read reports what is wrong. They throw nothing, so that a field
    /// read that succeeds passes no error along (each call that can throw a `DecodingError`,
    /// a resilient type, looks up its metadata and sets aside room for it).
    func quickString(_ value: Int) -> String?
    func quickInt(_ value: Int) -> Int?
    func quickDouble(_ value: Int) -> Double?
    func quickBool(_ value: Int) -> Bool?
    func quickDate(_ value: Int) -> Date?
    /// A UUID's text that reads with nothing to report, parsed where it lies; nil otherwise
    /// (then ``uuid(_:_:_:)`` reads the string and reports what is wrong).
    func quickUUID(_ value: Int) -> UUID?

    /// Opens `value`, at `depth`, as a dictionary whose fields are `table`'s (the container
    /// is entered, so the depth limit and cycles are checked).
    func openDictionary(_ value: Int, table: PlistFields, depth: Int, step: ModelStep) throws(DecodingError) -> Dictionary
    /// The value of field `field` when the dictionary finds its fields in place and the read
    /// can fail no check: its index, or `ModelSource.absent` when the dictionary lacks the
    /// field; `ModelSource.unknown` otherwise, and then `find` reads it (and reports what is
    /// wrong). It throws nothing, so that the common read passes no error along.
    func quickFind(field: Int, in dictionary: inout Dictionary) -> Int
    /// The value of `table`'s field `field` in the dictionary at `depth`, or nil when absent.
    func find(field: Int, table: PlistFields, in dictionary: inout Dictionary, depth: Int) throws(DecodingError) -> Int?
    /// Every key of dictionary `value`, in the input's order.
    func keys(of dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> [String]
    /// The value under `key` in dictionary `value`; `keyNotFound` when absent.
    func value(forKey key: String, in dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> Int

    /// Opens `value`, at `depth`, as an array (or a binary set), entered as a dictionary is.
    func openArray(_ value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> (array: Array, count: Int)
    /// Element `index` (below the count) of the array at `depth`, read in order: each call
    /// moves on to the next element.
    func element(_ index: Int, in array: inout Array, depth: Int) throws(DecodingError) -> Int
}

extension ModelSource {
    /// What ``quickFind(field:in:)`` returns for a field the dictionary lacks.
    @inlinable static var absent: Int { -1 }
    /// What ``quickFind(field:in:)`` returns when ``find(field:table:in:depth:)`` must read.
    @inlinable static var unknown: Int { Int.min }

    /// A source without quick reads: every read goes through the throwing one.
    @inlinable func quickString(_ value: Int) -> String? { nil }
    @inlinable func quickInt(_ value: Int) -> Int? { nil }
    @inlinable func quickDouble(_ value: Int) -> Double? { nil }
    @inlinable func quickBool(_ value: Int) -> Bool? { nil }
    @inlinable func quickDate(_ value: Int) -> Date? { nil }
    @inlinable func quickUUID(_ value: Int) -> UUID? { nil }

    /// The UUID in the string at `value`: parsed where it lies when ``quickUUID(_:)`` can,
    /// otherwise as `UUID`'s `init(plist:)` reads it over any decoder, with its error.
    @inlinable
    func uuid(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> UUID {
        if let uuid = quickUUID(value) { return uuid }
        let text = try string(value, depth, step)
        guard let uuid = UUIDText.uuid(text) else { throw common.uuidCorrupted(depth, step) }
        return uuid
    }

    /// True when `scalar` and `quickScalar` read a `T` themselves (folded away once `T` is known).
    @inlinable @inline(__always)
    static func readsQuickly<T>(_ type: T.Type) -> Bool {
        T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self || T.self == Date.self
            || T.self == UUID.self
    }

    /// The value at `value` as a `T` when a quick read gives it (see ``quickString(_:)``),
    /// nil otherwise; specialized for one `T`, the type tests fold away.
    @inlinable @inline(__always)
    func quickScalar<T>(_ type: T.Type, _ value: Int) -> T? {
        if T.self == String.self { return quickString(value).map { sameTypeCast($0, to: T.self) } }
        if T.self == Int.self { return quickInt(value).map { sameTypeCast($0, to: T.self) } }
        if T.self == Double.self { return quickDouble(value).map { sameTypeCast($0, to: T.self) } }
        if T.self == Bool.self { return quickBool(value).map { sameTypeCast($0, to: T.self) } }
        if T.self == Date.self { return quickDate(value).map { sameTypeCast($0, to: T.self) } }
        if T.self == UUID.self { return quickUUID(value).map { sameTypeCast($0, to: T.self) } }
        return nil
    }

    /// The value at `value` as a `T`, read straight from the source when `T` is one of the
    /// scalars a source reads itself (as `T.init(plist:)` would read it, with the same checks
    /// and errors); nil for any other type. Specialized for one `T` in the caller's module,
    /// the type test folds away, so a scalar field costs one call with no decoder value made
    /// (and no reference to the source taken) to pass to its `init(plist:)`.
    @inlinable @inline(__always)
    func scalar<T>(_ type: T.Type, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T? {
        if T.self == String.self { return sameTypeCast(try string(value, depth, step), to: T.self) }
        if T.self == Int.self { return sameTypeCast(try int(value, depth, step), to: T.self) }
        if T.self == Double.self { return sameTypeCast(try double(value, depth, step), to: T.self) }
        if T.self == Bool.self { return sameTypeCast(try bool(value, depth, step), to: T.self) }
        if T.self == Date.self { return sameTypeCast(try date(value, depth, step), to: T.self) }
        if T.self == Data.self { return sameTypeCast(try data(value, depth, step), to: T.self) }
        if T.self == UUID.self { return sameTypeCast(try uuid(value, depth, step), to: T.self) }
        return nil
    }

    /// The value at `value` as a `T`: straight from the source when `T` is a scalar it reads
    /// itself (``scalar(_:_:_:_:)``), otherwise through `T.init(plist:)` with a decoder there.
    @inlinable @inline(__always)
    func decodeValue<T: PlistDecodable>(_ type: T.Type, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        if let scalar = try scalar(type, value, depth, step) { return scalar }
        var decoder = ModelDecoder(state: self, value: value, step: step, depth: depth)
        return try T(plist: &decoder)
    }
}
