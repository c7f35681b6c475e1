#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``PlistFieldsDecoder`` of ``XMLModelDecoder``: a dictionary node read in the table.
///
/// Opening it matches the dictionary's keys, in order, with the ``PlistFields`` table's,
/// comparing bytes in place: when each key is a field's and they come in the table's order
/// (what `PlistEncoder` and Foundation write for the type, with any absent fields left
/// out), the keys are distinct, the fields present are noted in a bit set, and field `i` is
/// the entry after the fields present before it, reached by walking on from the last one
/// read. A dictionary in any other shape (another order, other keys, more than 64 entries or
/// fields) is read through the source's keyed lookup, as is any read by key.
public struct XMLModelFieldsDecoder: PlistFieldsDecoder {
    @usableFromInline let state: XMLModelDecodingState
    @usableFromInline let table: PlistFields
    /// The dictionary.
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    /// The dictionary's depth; its values are one deeper.
    @usableFromInline let depth: Int
    /// The fields the dictionary holds, by position, when its keys come in the table's order.
    @usableFromInline let present: UInt64
    /// The first key node.
    @usableFromInline let first: Int
    /// The entry last read (or 0), and its key node.
    @usableFromInline var cursorEntry = 0
    @usableFromInline var cursorNode: Int
    /// The source's lookup, for dictionaries whose keys are not in the table's order and for
    /// reads by key (made when first needed).
    var keyed: (any PlistKeyedSource)?

    @usableFromInline
    init(state: XMLModelDecodingState, table: PlistFields, value: Int, step: ModelStep, depth: Int) throws(DecodingError) {
        let common = state.common
        try common.enter(value, depth: depth, step: step)
        let nodes = state.source.table
        guard nodes.nodes[value].kind == .dictionary else {
            if let error = nodes.error(value) { throw common.corrupted(error, depth, step) }
            throw common.mismatch([String: Any].self, value, depth, step)
        }
        self.state = state
        self.table = table
        self.value = value
        self.step = step
        self.depth = depth
        first = value + 1
        cursorNode = value + 1
        let count = nodes.childCount(value)
        let fieldCount = table.names.count
        var present: UInt64 = 0
        var inOrder = count <= 64 && fieldCount <= 64
        if inOrder, count > 0 {
            var node = value + 1
            var field = 0
            for _ in 0..<count {
                while field < fieldCount, !nodes.textEquals(node, table.key(field).assumingMemoryBound(to: UInt8.self)) {
                    field += 1
                }
                guard field < fieldCount else {
                    inOrder = false
                    break
                }
                present |= 1 &<< UInt64(field)
                field += 1
                node = nodes.end(node + 1)
            }
        }
        self.present = inOrder ? present : 0
        if !inOrder { keyed = XMLDecodingSource.Keyed(state.source, value) }
    }

    /// The keys from the root to the dictionary.
    public var codingPath: [any CodingKey] { state.common.path(depth: depth, step: step) }

    /// The source's keyed lookup, made when first needed.
    private mutating func keyedSource() throws(DecodingError) -> any PlistKeyedSource {
        if let keyed { return keyed }
        let made = XMLDecodingSource.Keyed(state.source, value)
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
        let bit: UInt64 = 1 &<< UInt64(field)
        guard present & bit != 0 else { return nil }
        let entry = (present & (bit &- 1)).nonzeroBitCount
        if entry < cursorEntry {
            cursorEntry = 0
            cursorNode = first
        }
        let nodes = state.source.table
        while cursorEntry < entry {
            cursorNode = nodes.end(cursorNode + 1)
            cursorEntry += 1
        }
        return cursorNode + 1
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
        var decoder = XMLModelDecoder(state: state, value: try value(field: field), step: .tableField(Unmanaged.passUnretained(table), field), depth: depth + 1)
        return try T(plist: &decoder)
    }

    /// Field `field`'s value as `T`, or nil when absent or `$null`.
    @inlinable
    public mutating func decodeIfPresent<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        guard let child = try presentValue(field: field) else { return nil }
        var decoder = XMLModelDecoder(state: state, value: child, step: .tableField(Unmanaged.passUnretained(table), field), depth: depth + 1)
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
    public mutating func decodeNestedFields(_ fields: PlistFields, field: Int) throws(DecodingError) -> XMLModelFieldsDecoder {
        guard let child = try find(field: field) else {
            throw keyNotFound(table.names[field], "Cannot get nested keyed container -- no value found for key")
        }
        return try XMLModelFieldsDecoder(state: state, table: fields, value: child, step: .tableField(Unmanaged.passUnretained(table), field), depth: depth + 1)
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
        var decoder = XMLModelDecoder(state: state, value: try value(forKey: key), step: .key(key), depth: depth + 1)
        return try T(plist: &decoder)
    }
}
