#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``PlistValueEncoder`` that ``PlistEncoder`` hands to ``PlistEncodable`` types. Each
/// value becomes the ``Plist`` the Codable path makes of it; finished containers go into the
/// binary writer's table as they end (as the Codable path's sink does) or into a tree for
/// the other formats, so the bytes are the Codable path's.
public struct PlistModelEncoder: PlistValueEncoder {
    @usableFromInline let state: ModelEncodingState
    @usableFromInline let step: ModelStep
    @usableFromInline let depth: Int
    /// What the value encoded; nil until it encodes something.
    @usableFromInline var result: Plist?

    @inlinable
    init(state: ModelEncodingState, step: ModelStep, depth: Int) {
        self.state = state
        self.step = step
        self.depth = depth
    }

    /// The keys from the root to this value.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }
    /// The encoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    /// Writes the string `$null`.
    @inlinable public mutating func encodeNil() { result = .string("$null") }
    /// Writes the Bool.
    @inlinable public mutating func encode(_ value: Bool) { result = .bool(value) }
    /// Writes the String.
    @inlinable public mutating func encode(_ value: String) { result = .string(value) }
    /// Writes the Int.
    @inlinable public mutating func encode(_ value: Int) { result = .integer(PlistInteger(value)) }
    /// Writes the Int8.
    @inlinable public mutating func encode(_ value: Int8) { result = .integer(PlistInteger(Int64(value))) }
    /// Writes the Int16.
    @inlinable public mutating func encode(_ value: Int16) { result = .integer(PlistInteger(Int64(value))) }
    /// Writes the Int32.
    @inlinable public mutating func encode(_ value: Int32) { result = .integer(PlistInteger(Int64(value))) }
    /// Writes the Int64.
    @inlinable public mutating func encode(_ value: Int64) { result = .integer(PlistInteger(value)) }
    /// Writes the UInt.
    @inlinable public mutating func encode(_ value: UInt) { result = .integer(PlistInteger(UInt64(value))) }
    /// Writes the UInt8.
    @inlinable public mutating func encode(_ value: UInt8) { result = .integer(PlistInteger(UInt64(value))) }
    /// Writes the UInt16.
    @inlinable public mutating func encode(_ value: UInt16) { result = .integer(PlistInteger(UInt64(value))) }
    /// Writes the UInt32.
    @inlinable public mutating func encode(_ value: UInt32) { result = .integer(PlistInteger(UInt64(value))) }
    /// Writes the UInt64.
    @inlinable public mutating func encode(_ value: UInt64) { result = .integer(PlistInteger(value)) }
    /// Writes the Float.
    @inlinable public mutating func encode(_ value: Float) { result = .real(Double(value)) }
    /// Writes the Double.
    @inlinable public mutating func encode(_ value: Double) { result = .real(value) }
    /// Writes the Date.
    @inlinable public mutating func encode(_ value: Date) { result = .date(value) }
    /// Writes the Data.
    @inlinable public mutating func encode(_ value: Data) { result = .data(value) }

    /// Starts a dictionary with the fields `fields`.
    public mutating func encodeFields(_ fields: PlistFields) -> PlistModelFieldsEncoder {
        state.enter(depth: depth, step: step)
        return PlistModelFieldsEncoder(state: state, table: fields, step: step, depth: depth)
    }

    /// Makes the dictionary this value.
    public mutating func end(_ fields: PlistModelFieldsEncoder) {
        result = state.dictionary(fields)
    }

    /// Starts an array.
    public mutating func encodeElements(count: Int) -> PlistModelElementsEncoder {
        state.enter(depth: depth, step: step)
        return PlistModelElementsEncoder(state: state, step: step, depth: depth, capacity: count)
    }

    /// Makes the array this value.
    public mutating func end(_ elements: PlistModelElementsEncoder) {
        result = state.array(elements.values, depth: depth)
    }

    /// Encodes `value` through its `Encodable` conformance.
    public mutating func encodeEncodable<T: Encodable>(_ value: T) throws(EncodingError) {
        result = try state.encodable(value, depth: depth, step: step)
    }
}

/// The ``PlistFieldsEncoder`` of ``PlistModelEncoder``. Fields encoded in the table's order
/// (what a generated conformance does) are noted as a bit per field: the dictionary's keys
/// are then one of a few key arrays per table, made once per encode and shared.
public struct PlistModelFieldsEncoder: PlistFieldsEncoder {
    @usableFromInline let state: ModelEncodingState
    @usableFromInline let table: PlistFields
    let step: ModelStep
    @usableFromInline let depth: Int
    /// The values, in the order encoded.
    var values: [Plist] = []
    /// One bit per table field encoded, while fields come in increasing table order.
    var fieldBits: UInt64 = 0
    /// The last field encoded, while fields come in increasing table order.
    var lastField = -1
    /// The keys, once fields came out of order, or keys not in the table.
    var ownKeys: [PlistKey]?

    init(state: ModelEncodingState, table: PlistFields, step: ModelStep, depth: Int) {
        self.state = state
        self.table = table
        self.step = step
        self.depth = depth
    }

    /// The keys from the root to the dictionary.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }

    /// The keys of the entries, in the order encoded, when they are table fields in table order.
    var fieldKeys: [PlistKey] {
        table.keys.indices.filter { fieldBits & (1 << UInt64($0)) != 0 }.map { table.keys[$0] }
    }

    /// Stores `plist` (nil: the value encoded nothing, which stands for an empty dictionary,
    /// as in the Codable path) under field `field`.
    @usableFromInline
    mutating func store(_ plist: Plist?, field: Int) {
        let plist = plist ?? state.emptyDictionary(depth: depth + 1)
        if ownKeys == nil, field > lastField, field < 64 {
            if values.isEmpty { values.reserveCapacity(table.names.count) }
            fieldBits |= 1 << UInt64(field)
            lastField = field
            values.append(plist)
            return
        }
        if ownKeys == nil { ownKeys = fieldKeys }
        let key = table.keys[field]
        if let position = ownKeys!.firstIndex(of: key) {
            // Codable's keyed containers replace a value encoded again under its key.
            values[position] = plist
            state.noteDropped()
        } else {
            ownKeys!.append(key)
            values.append(plist)
        }
    }

    /// Stores `plist` under `key`, one not stored before.
    @usableFromInline
    mutating func store(_ plist: Plist?, key: String) {
        if ownKeys == nil { ownKeys = fieldKeys }
        ownKeys!.append(PlistKey(key))
        values.append(plist ?? state.emptyDictionary(depth: depth + 1))
    }

    /// Writes `value` under field `field`'s key.
    @inlinable
    public mutating func encode<T: PlistEncodable>(_ value: T, field: Int) throws(EncodingError) {
        var encoder = PlistModelEncoder(state: state, step: .field(table, field), depth: depth + 1)
        try value.encode(plist: &encoder)
        store(encoder.result, field: field)
    }

    /// Writes `value` under field `field`'s key unless it is nil.
    @inlinable
    public mutating func encodeIfPresent<T: PlistEncodable>(_ value: T?, field: Int) throws(EncodingError) {
        guard let value else { return }
        try encode(value, field: field)
    }

    /// Writes `value` through its `Encodable` conformance under field `field`'s key.
    public mutating func encodeEncodable<T: Encodable>(_ value: T, field: Int) throws(EncodingError) {
        store(try state.encodable(value, depth: depth + 1, step: .field(table, field)), field: field)
    }

    /// Writes `value` through its `Encodable` conformance unless it is nil.
    public mutating func encodeEncodableIfPresent<T: Encodable>(_ value: T?, field: Int) throws(EncodingError) {
        guard let value else { return }
        try encodeEncodable(value, field: field)
    }

    /// Writes `value` under `key`, which must not have been written before (as the keys of
    /// a `Dictionary` are not).
    @inlinable
    public mutating func encode<T: PlistEncodable>(_ value: T, forKey key: String) throws(EncodingError) {
        var encoder = PlistModelEncoder(state: state, step: .key(key), depth: depth + 1)
        try value.encode(plist: &encoder)
        store(encoder.result, key: key)
    }

    /// Starts the dictionary for field `field`.
    public mutating func encodeNestedFields(_ fields: PlistFields, field: Int) -> PlistModelFieldsEncoder {
        state.enter(depth: depth + 1, step: .field(table, field))
        return PlistModelFieldsEncoder(state: state, table: fields, step: .field(table, field), depth: depth + 1)
    }

    /// Stores the dictionary `nested` holds under field `field`.
    public mutating func end(_ nested: PlistModelFieldsEncoder, field: Int) {
        store(state.dictionary(nested), field: field)
    }
}

/// The ``PlistElementsEncoder`` of ``PlistModelEncoder``.
public struct PlistModelElementsEncoder: PlistElementsEncoder {
    @usableFromInline let state: ModelEncodingState
    let step: ModelStep
    @usableFromInline let depth: Int
    /// The elements so far.
    @usableFromInline var values: [Plist] = []

    init(state: ModelEncodingState, step: ModelStep, depth: Int, capacity: Int) {
        self.state = state
        self.step = step
        self.depth = depth
        values.reserveCapacity(capacity)
    }

    /// The keys from the root to the array.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }

    /// Appends `value`.
    @inlinable
    public mutating func encode<T: PlistEncodable>(_ value: T) throws(EncodingError) {
        var encoder = PlistModelEncoder(state: state, step: .index(values.count), depth: depth + 1)
        try value.encode(plist: &encoder)
        values.append(encoder.result ?? state.emptyDictionary(depth: depth + 1))
    }

    /// Appends `value` through its `Encodable` conformance.
    public mutating func encodeEncodable<T: Encodable>(_ value: T) throws(EncodingError) {
        values.append(try state.encodable(value, depth: depth + 1, step: .index(values.count)))
    }
}
