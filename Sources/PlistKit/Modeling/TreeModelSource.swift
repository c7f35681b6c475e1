#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``ModelSource`` of everything else: a ``Plist`` tree (JSON and OpenStep input are
/// decoded into one first), read through the Codable path's `any PlistDecodingSource`.
/// Fields are found through the source's keyed lookup, which tries the entry after the last
/// one found first.
@usableFromInline
final class TreeModelSource: ModelSource {
    @usableFromInline let common: ModelDecodingState

    init(common: ModelDecodingState) {
        self.common = common
    }

    /// A dictionary is its keyed lookup.
    @usableFromInline
    struct Dictionary {
        let keyed: any PlistKeyedSource
    }

    /// An array is its unkeyed lookup.
    @usableFromInline
    struct Array {
        let unkeyed: any PlistUnkeyedSource
    }

    @usableFromInline
    func openDictionary(_ value: Int, table: PlistFields, depth: Int, step: ModelStep) throws(DecodingError) -> Dictionary {
        try common.enter(value, depth: depth, step: step)
        return Dictionary(keyed: try common.keyed(common.source, value, depth, step))
    }

    /// Always `unknown`: a tree's dictionaries are read through their keyed lookup.
    @usableFromInline
    func quickFind(field: Int, in dictionary: inout Dictionary) -> Int { Self.unknown }

    @usableFromInline
    func find(field: Int, table: PlistFields, in dictionary: inout Dictionary, depth: Int) throws(DecodingError) -> Int? {
        try common.find(field: field, table: table, in: dictionary.keyed, depth: depth)
    }

    @usableFromInline
    func keys(of dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> [String] {
        try common.keys(dictionary.keyed, depth, step)
    }

    @usableFromInline
    func value(forKey key: String, in dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> Int {
        try common.value(forKey: key, in: dictionary.keyed, value, depth, step)
    }

    @usableFromInline
    func openArray(_ value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> (array: Array, count: Int) {
        try common.enter(value, depth: depth, step: step)
        let unkeyed: (any PlistUnkeyedSource)?
        do {
            unkeyed = try common.source.unkeyed(value)
        } catch {
            throw common.corrupted(error, depth, step)
        }
        guard let unkeyed else { throw common.mismatch([Any].self, value, depth, step) }
        return (Array(unkeyed: unkeyed), unkeyed.count)
    }

    @usableFromInline
    func element(_ index: Int, in array: inout Array, depth: Int) throws(DecodingError) -> Int {
        do {
            return try array.unkeyed.element(at: index)
        } catch {
            throw common.corrupted(error, depth + 1, .index(index))
        }
    }

    // MARK: Scalars

    @usableFromInline
    func string(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String {
        try common.string(value, depth, step)
    }

    @usableFromInline
    func integer<T: FixedWidthInteger>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.integer(value, type, depth, step)
    }

    @usableFromInline
    func float<T: BinaryFloatingPoint>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.float(value, type, depth, step)
    }

    @usableFromInline
    func int(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Int {
        try integer(value, Int.self, depth, step)
    }

    @usableFromInline
    func double(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Double {
        try float(value, Double.self, depth, step)
    }

    @usableFromInline
    func bool(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.scalar(value, Bool.self, depth, step) { (value) throws(PlistError) in try common.source.bool(value) }
    }

    @usableFromInline
    func date(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Date {
        try common.scalar(value, Date.self, depth, step) { (value) throws(PlistError) in try common.source.date(value) }
    }

    @usableFromInline
    func data(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Data {
        try common.scalar(value, Data.self, depth, step) { (value) throws(PlistError) in try common.source.data(value) }
    }

    @usableFromInline
    func isNull(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.isNull(value, depth, step)
    }
}
