#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``PlistValueEncoder`` that ``PlistEncoder`` hands to ``PlistEncodable`` types. Each
/// value goes straight into the output of the format (see `ModelEncodingState`): the binary
/// writer's table, an XML document, or the tree of the other formats; the bytes are the
/// Codable path's.
public struct PlistModelEncoder: PlistValueEncoder {
    @usableFromInline let state: ModelEncodingState
    @usableFromInline let step: ModelEncodingStep
    @usableFromInline let depth: Int
    /// Where the value goes (see `ModelEncodingState`).
    @usableFromInline let mark: Int

    @inlinable
    init(state: ModelEncodingState, step: ModelEncodingStep, depth: Int, mark: Int) {
        self.state = state
        self.step = step
        self.depth = depth
        self.mark = mark
    }

    /// The keys from the root to this value.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }
    /// The encoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    /// Writes the string `$null`.
    @inlinable public mutating func encodeNil() { state.write(string: "$null", mark: mark, depth: depth) }
    /// Writes the Bool.
    @inlinable public mutating func encode(_ value: Bool) { state.write(bool: value, mark: mark, depth: depth) }
    /// Writes the String.
    @inlinable public mutating func encode(_ value: String) { state.write(string: value, mark: mark, depth: depth) }
    /// Writes the Int.
    @inlinable public mutating func encode(_ value: Int) { state.write(integer: Int64(value), mark: mark, depth: depth) }
    /// Writes the Int8.
    @inlinable public mutating func encode(_ value: Int8) { state.write(integer: Int64(value), mark: mark, depth: depth) }
    /// Writes the Int16.
    @inlinable public mutating func encode(_ value: Int16) { state.write(integer: Int64(value), mark: mark, depth: depth) }
    /// Writes the Int32.
    @inlinable public mutating func encode(_ value: Int32) { state.write(integer: Int64(value), mark: mark, depth: depth) }
    /// Writes the Int64.
    @inlinable public mutating func encode(_ value: Int64) { state.write(integer: value, mark: mark, depth: depth) }
    /// Writes the UInt.
    @inlinable public mutating func encode(_ value: UInt) { state.write(.integer(PlistInteger(UInt64(value))), mark: mark, depth: depth) }
    /// Writes the UInt8.
    @inlinable public mutating func encode(_ value: UInt8) { state.write(.integer(PlistInteger(UInt64(value))), mark: mark, depth: depth) }
    /// Writes the UInt16.
    @inlinable public mutating func encode(_ value: UInt16) { state.write(.integer(PlistInteger(UInt64(value))), mark: mark, depth: depth) }
    /// Writes the UInt32.
    @inlinable public mutating func encode(_ value: UInt32) { state.write(.integer(PlistInteger(UInt64(value))), mark: mark, depth: depth) }
    /// Writes the UInt64.
    @inlinable public mutating func encode(_ value: UInt64) { state.write(.integer(PlistInteger(value)), mark: mark, depth: depth) }
    /// Writes the Float.
    @inlinable public mutating func encode(_ value: Float) { state.write(.real(Double(value)), mark: mark, depth: depth) }
    /// Writes the Double.
    @inlinable public mutating func encode(_ value: Double) { state.write(real: value, mark: mark, depth: depth) }
    /// Writes the Date.
    @inlinable public mutating func encode(_ value: Date) { state.write(date: value, mark: mark, depth: depth) }
    /// Writes the Data.
    @inlinable public mutating func encode(_ value: Data) { state.write(.data(value), mark: mark, depth: depth) }
    /// Writes the UUID's `uuidString` with no `String` made.
    @inlinable public mutating func encode(_ value: UUID) { state.write(uuid: value, mark: mark, depth: depth) }

    /// Starts a dictionary with the fields `fields`.
    public mutating func encodeFields(_ fields: PlistFields) -> PlistModelFieldsEncoder {
        let (base, start, keyLines) = state.begin(dictionary: true, table: fields, mark: mark, depth: depth, step: step)
        return PlistModelFieldsEncoder(state: state, table: fields, step: step, depth: depth, mark: mark, base: base, start: start, keyLines: keyLines)
    }

    /// Makes the dictionary this value.
    public mutating func end(_ fields: PlistModelFieldsEncoder) {
        state.endDictionary(fields)
    }

    /// Starts an array.
    public mutating func encodeElements(count: Int) -> PlistModelElementsEncoder {
        let (base, start, _) = state.begin(dictionary: false, table: nil, mark: mark, depth: depth, step: step)
        return PlistModelElementsEncoder(state: state, step: step, depth: depth, base: base, start: start)
    }

    /// Makes the array this value.
    public mutating func end(_ elements: PlistModelElementsEncoder) {
        state.endArray(base: elements.base, start: elements.start, count: elements.count, depth: depth)
    }

    /// Encodes `value` through its `Encodable` conformance.
    public mutating func encodeEncodable<T: Encodable>(_ value: T) throws(EncodingError) {
        try state.write(encodable: value, mark: mark, depth: depth, step: step)
    }
}

/// The ``PlistFieldsEncoder`` of ``PlistModelEncoder``. Fields encoded in the table's order
/// (what a generated conformance does) are noted as a bit per field: the dictionary's keys
/// are then one of a few key arrays per table, made once per encode and shared.
public struct PlistModelFieldsEncoder: PlistFieldsEncoder {
    @usableFromInline let state: ModelEncodingState
    @usableFromInline let table: PlistFields
    let step: ModelEncodingStep
    @usableFromInline let depth: Int
    /// The dictionary's own mark, as its parent's child.
    let mark: Int
    /// Where its entries start (see `ModelEncodingState.begin(dictionary:mark:depth:step:)`).
    @usableFromInline let base: Int
    /// Where its bytes start.
    let start: Int
    /// XML: where the table's `<key>` lines are (see `ModelEncodingState.keyLines(of:)`).
    @usableFromInline let keyLines: Int
    /// The entries encoded.
    @usableFromInline var count = 0
    /// One bit per table field encoded, while fields come in increasing table order.
    @usableFromInline var fieldBits: UInt64 = 0
    /// The last field encoded, while fields come in increasing table order.
    @usableFromInline var lastField = -1
    /// The keys, once fields came out of order, or keys not in the table.
    @usableFromInline var ownKeys: [PlistKey]?

    init(state: ModelEncodingState, table: PlistFields, step: ModelEncodingStep, depth: Int, mark: Int, base: Int, start: Int, keyLines: Int) {
        self.state = state
        self.keyLines = keyLines
        self.table = table
        self.step = step
        self.depth = depth
        self.mark = mark
        self.base = base
        self.start = start
    }

    /// The keys from the root to the dictionary.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }

    /// The keys of the entries, in the order encoded, when they are table fields in table order.
    var fieldKeys: [PlistKey] {
        table.keys.indices.filter { fieldBits & (1 << UInt64($0)) != 0 }.map { table.keys[$0] }
    }

    /// Notes the entry for field `field` whose value has mark `mark` (a value that encoded
    /// nothing stands for an empty dictionary, as on the Codable path). Inlined for what a
    /// generated conformance does, a value encoded for each field in table order.
    @inlinable
    mutating func stored(mark: Int, field: Int) {
        if ownKeys == nil, field > lastField, field < 64, state.position != mark {
            fieldBits |= 1 << UInt64(field)
            lastField = field
            count += 1
            return
        }
        storedInOtherOrder(mark: mark, field: field)
    }

    /// ``stored(mark:field:)`` for a value that encoded nothing, a field out of table order,
    /// or a field past the 64 that ``fieldBits`` holds.
    @usableFromInline
    mutating func storedInOtherOrder(mark: Int, field: Int) {
        state.endValue(mark: mark, depth: depth + 1)
        if ownKeys == nil, field > lastField, field < 64 {
            fieldBits |= 1 << UInt64(field)
            lastField = field
            count += 1
            return
        }
        if ownKeys == nil { ownKeys = fieldKeys }
        let key = table.keys[field]
        if let position = ownKeys!.firstIndex(of: key) {
            // Codable's keyed containers replace a value encoded again under its key.
            state.replaceEntry(base: base, replaced: position)
        } else {
            ownKeys!.append(key)
            count += 1
        }
    }

    /// Notes the entry for `key`, one not stored before, whose value has mark `mark`.
    @usableFromInline
    mutating func stored(mark: Int, key: String) {
        state.endValue(mark: mark, depth: depth + 1)
        if ownKeys == nil { ownKeys = fieldKeys }
        ownKeys!.append(PlistKey(key))
        count += 1
    }

    /// Writes `value` under field `field`'s key.
    @inlinable
    public mutating func encode<T: PlistEncodable>(_ value: T, field: Int) throws(EncodingError) {
        let mark = state.beginEntry(field: field, keyLines: keyLines, depth: depth)
        if state.writeScalar(value, mark: mark, depth: depth + 1) { return stored(mark: mark, field: field) }
        var encoder = PlistModelEncoder(state: state, step: .field(Unmanaged.passUnretained(table), field), depth: depth + 1, mark: mark)
        do {
            try value.encode(plist: &encoder)
        } catch {
            state.abandon(mark: mark, entries: base + count)
            throw error
        }
        stored(mark: mark, field: field)
    }

    /// Writes `value` under field `field`'s key unless it is nil.
    @inlinable
    public mutating func encodeIfPresent<T: PlistEncodable>(_ value: T?, field: Int) throws(EncodingError) {
        guard let value else { return }
        try encode(value, field: field)
    }

    /// Writes `value` through its `Encodable` conformance under field `field`'s key.
    public mutating func encodeEncodable<T: Encodable>(_ value: T, field: Int) throws(EncodingError) {
        let mark = state.beginEntry(field: field, keyLines: keyLines, depth: depth)
        do {
            try state.write(encodable: value, mark: mark, depth: depth + 1, step: .field(Unmanaged.passUnretained(table), field))
        } catch {
            state.abandon(mark: mark, entries: base + count)
            throw error
        }
        stored(mark: mark, field: field)
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
        let mark = state.beginEntry(key: key, depth: depth)
        var encoder = PlistModelEncoder(state: state, step: .key(key), depth: depth + 1, mark: mark)
        do {
            try value.encode(plist: &encoder)
        } catch {
            state.abandon(mark: mark, entries: base + count)
            throw error
        }
        stored(mark: mark, key: key)
    }

    /// Starts the dictionary for field `field`.
    public mutating func encodeNestedFields(_ fields: PlistFields, field: Int) -> PlistModelFieldsEncoder {
        let mark = state.beginEntry(field: field, keyLines: keyLines, depth: depth)
        let step = ModelEncodingStep.field(Unmanaged.passUnretained(table), field)
        let (base, start, nestedKeyLines) = state.begin(dictionary: true, table: fields, mark: mark, depth: depth + 1, step: step)
        return PlistModelFieldsEncoder(state: state, table: fields, step: step, depth: depth + 1, mark: mark, base: base, start: start, keyLines: nestedKeyLines)
    }

    /// Stores the dictionary `nested` holds under field `field`.
    public mutating func end(_ nested: PlistModelFieldsEncoder, field: Int) {
        state.endDictionary(nested)
        stored(mark: nested.mark, field: field)
    }
}

/// The ``PlistElementsEncoder`` of ``PlistModelEncoder``.
public struct PlistModelElementsEncoder: PlistElementsEncoder {
    @usableFromInline let state: ModelEncodingState
    let step: ModelEncodingStep
    @usableFromInline let depth: Int
    /// Where its elements start (see `ModelEncodingState.begin(dictionary:mark:depth:step:)`).
    @usableFromInline let base: Int
    /// Where its bytes start.
    let start: Int
    /// The elements so far.
    @usableFromInline var count = 0

    init(state: ModelEncodingState, step: ModelEncodingStep, depth: Int, base: Int, start: Int) {
        self.state = state
        self.step = step
        self.depth = depth
        self.base = base
        self.start = start
    }

    /// The keys from the root to the array.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }

    /// Appends `value`.
    @inlinable
    public mutating func encode<T: PlistEncodable>(_ value: T) throws(EncodingError) {
        let mark = state.position
        if state.writeScalar(value, mark: mark, depth: depth + 1) {
            count += 1
            return
        }
        var encoder = PlistModelEncoder(state: state, step: .index(count), depth: depth + 1, mark: mark)
        do {
            try value.encode(plist: &encoder)
        } catch {
            state.abandon(mark: mark, entries: base)
            throw error
        }
        state.endValue(mark: mark, depth: depth + 1)
        count += 1
    }

    /// Appends `value` through its `Encodable` conformance.
    public mutating func encodeEncodable<T: Encodable>(_ value: T) throws(EncodingError) {
        let mark = state.position
        do {
            try state.write(encodable: value, mark: mark, depth: depth + 1, step: .index(count))
        } catch {
            state.abandon(mark: mark, entries: base)
            throw error
        }
        state.endValue(mark: mark, depth: depth + 1)
        count += 1
    }
}
