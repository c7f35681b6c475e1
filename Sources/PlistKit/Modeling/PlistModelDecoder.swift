#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``PlistValueDecoder`` that ``PlistDecoder`` hands to ``PlistDecodable`` types: it reads
/// the same sources as the Codable path (a binary file's object table, an XML file's node
/// table, a ``Plist`` tree), with the same checks and errors.
///
/// A value type that only says where it is; the shared state is one object per decode.
public struct PlistModelDecoder: PlistValueDecoder {
    @usableFromInline let state: ModelDecodingState
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    @usableFromInline let depth: Int

    @inlinable
    init(state: ModelDecodingState, value: Int, step: ModelStep, depth: Int) {
        self.state = state
        self.value = value
        self.step = step
        self.depth = depth
    }

    /// The keys from the root to this value.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }
    /// The decoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    /// True for the string `$null`.
    public func decodeNil() throws(DecodingError) -> Bool { try state.isNull(value, depth, step) }

    /// The value as a Boolean.
    public func decode(_ type: Bool.Type) throws(DecodingError) -> Bool {
        try state.scalar(value, Bool.self, depth, step) { (value) throws(PlistError) in try state.source.bool(value) }
    }

    /// The value as a string.
    public func decode(_ type: String.Type) throws(DecodingError) -> String { try state.string(value, depth, step) }

    /// The value as `Int`.
    public func decode(_ type: Int.Type) throws(DecodingError) -> Int { try state.integer(value, type, depth, step) }
    /// The value as `Int8`.
    public func decode(_ type: Int8.Type) throws(DecodingError) -> Int8 { try state.integer(value, type, depth, step) }
    /// The value as `Int16`.
    public func decode(_ type: Int16.Type) throws(DecodingError) -> Int16 { try state.integer(value, type, depth, step) }
    /// The value as `Int32`.
    public func decode(_ type: Int32.Type) throws(DecodingError) -> Int32 { try state.integer(value, type, depth, step) }
    /// The value as `Int64`.
    public func decode(_ type: Int64.Type) throws(DecodingError) -> Int64 { try state.integer(value, type, depth, step) }
    /// The value as `UInt`.
    public func decode(_ type: UInt.Type) throws(DecodingError) -> UInt { try state.integer(value, type, depth, step) }
    /// The value as `UInt8`.
    public func decode(_ type: UInt8.Type) throws(DecodingError) -> UInt8 { try state.integer(value, type, depth, step) }
    /// The value as `UInt16`.
    public func decode(_ type: UInt16.Type) throws(DecodingError) -> UInt16 { try state.integer(value, type, depth, step) }
    /// The value as `UInt32`.
    public func decode(_ type: UInt32.Type) throws(DecodingError) -> UInt32 { try state.integer(value, type, depth, step) }
    /// The value as `UInt64`.
    public func decode(_ type: UInt64.Type) throws(DecodingError) -> UInt64 { try state.integer(value, type, depth, step) }
    /// The value as `Float`.
    public func decode(_ type: Float.Type) throws(DecodingError) -> Float { try state.float(value, type, depth, step) }
    /// The value as `Double`.
    public func decode(_ type: Double.Type) throws(DecodingError) -> Double { try state.float(value, type, depth, step) }

    /// The value as a date.
    public func decode(_ type: Date.Type) throws(DecodingError) -> Date {
        try state.scalar(value, Date.self, depth, step) { (value) throws(PlistError) in try state.source.date(value) }
    }

    /// The value as data.
    public func decode(_ type: Data.Type) throws(DecodingError) -> Data {
        try state.scalar(value, Data.self, depth, step) { (value) throws(PlistError) in try state.source.data(value) }
    }

    /// Opens the value as a dictionary with the fields `fields`.
    public func decodeFields(_ fields: PlistFields) throws(DecodingError) -> PlistModelFieldsDecoder {
        try state.enter(value, depth: depth, step: step)
        let keyed: (any PlistKeyedSource)?
        do {
            keyed = try state.source.keyed(value)
        } catch where error.code == .nonStringKey {
            // Foundation reports a key that is no string as a type mismatch at the dictionary.
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected to decode String but found a key that is not a string instead: \(error)", underlyingError: error))
        } catch {
            throw state.corrupted(error, depth, step)
        }
        guard let keyed else {
            throw state.mismatch([String: Any].self, value, depth, step)
        }
        return PlistModelFieldsDecoder(state: state, keyed: keyed, table: fields, value: value, step: step, depth: depth)
    }

    /// Opens the value as an array (or a binary set).
    public func decodeElements() throws(DecodingError) -> PlistModelElementsDecoder {
        try state.enter(value, depth: depth, step: step)
        let unkeyed: (any PlistUnkeyedSource)?
        do {
            unkeyed = try state.source.unkeyed(value)
        } catch {
            throw state.corrupted(error, depth, step)
        }
        guard let unkeyed else {
            throw state.mismatch([Any].self, value, depth, step)
        }
        return PlistModelElementsDecoder(state: state, unkeyed: unkeyed, value: value, step: step, depth: depth)
    }

    /// Decodes the value through `T`'s `Decodable` conformance.
    public func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T {
        try state.decodable(value, type, depth, step)
    }

    /// `dataCorrupted` at this value's coding path.
    public func dataCorrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}

/// The ``PlistFieldsDecoder`` of ``PlistModelDecoder``: the source's dictionary lookup,
/// which tries the entry after the last one found first.
public struct PlistModelFieldsDecoder: PlistFieldsDecoder {
    @usableFromInline let state: ModelDecodingState
    let keyed: any PlistKeyedSource
    @usableFromInline let table: PlistFields
    /// The dictionary.
    let value: Int
    let step: ModelStep
    /// The dictionary's depth; its values are one deeper.
    @usableFromInline let depth: Int

    init(state: ModelDecodingState, keyed: any PlistKeyedSource, table: PlistFields, value: Int, step: ModelStep, depth: Int) {
        self.state = state
        self.keyed = keyed
        self.table = table
        self.value = value
        self.step = step
        self.depth = depth
    }

    /// The keys from the root to the dictionary.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }

    /// The value under `key`, or nil.
    @inline(__always)
    private func lookup(_ key: String, _ childStep: @autoclosure () -> ModelStep) throws(DecodingError) -> Int? {
        do {
            return try keyed.value(forKey: key)
        } catch {
            throw state.corrupted(error, depth + 1, childStep())
        }
    }

    private func keyNotFound(_ key: String) -> DecodingError {
        .keyNotFound(PlistCodingKey(stringValue: key), DecodingError.Context(codingPath: codingPath, debugDescription: "No value associated with key \"\(key)\".\(state.position(value))"))
    }

    /// The value of field `field`; `keyNotFound` when absent.
    @usableFromInline
    func value(field: Int) throws(DecodingError) -> Int {
        let key = table.names[field]
        guard let child = try lookup(key, .field(table, field)) else { throw keyNotFound(key) }
        return child
    }

    /// The value of field `field`, or nil when absent or `$null`.
    @usableFromInline
    func presentValue(field: Int) throws(DecodingError) -> Int? {
        guard let child = try lookup(table.names[field], .field(table, field)),
              try !state.isNull(child, depth + 1, .field(table, field)) else { return nil }
        return child
    }

    /// The value under `key`; `keyNotFound` when absent.
    @usableFromInline
    func value(forKey key: String) throws(DecodingError) -> Int {
        guard let child = try lookup(key, .key(key)) else { throw keyNotFound(key) }
        return child
    }

    /// Field `field`'s value as `T`.
    @inlinable
    public func decode<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        var decoder = PlistModelDecoder(state: state, value: try value(field: field), step: .field(table, field), depth: depth + 1)
        return try T(plist: &decoder)
    }

    /// Field `field`'s value as `T`, or nil when absent or `$null`.
    @inlinable
    public func decodeIfPresent<T: PlistDecodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        guard let child = try presentValue(field: field) else { return nil }
        var decoder = PlistModelDecoder(state: state, value: child, step: .field(table, field), depth: depth + 1)
        return try T(plist: &decoder)
    }

    /// Field `field`'s value through `T`'s `Decodable` conformance.
    public func decodeDecodable<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T {
        try state.decodable(value(field: field), type, depth + 1, .field(table, field))
    }

    /// Field `field`'s value through `T`'s `Decodable` conformance, or nil when absent or `$null`.
    public func decodeDecodableIfPresent<T: Decodable>(_ type: T.Type, field: Int) throws(DecodingError) -> T? {
        guard let child = try presentValue(field: field) else { return nil }
        return try state.decodable(child, type, depth + 1, .field(table, field))
    }

    /// True when the dictionary has field `field`'s key.
    public func contains(field: Int) throws(DecodingError) -> Bool {
        try lookup(table.names[field], .field(table, field)) != nil
    }

    /// Field `field`'s dictionary, opened with `fields`.
    public func decodeNestedFields(_ fields: PlistFields, field: Int) throws(DecodingError) -> PlistModelFieldsDecoder {
        let key = table.names[field]
        guard let child = try lookup(key, .field(table, field)) else {
            throw DecodingError.keyNotFound(PlistCodingKey(stringValue: key), DecodingError.Context(codingPath: codingPath, debugDescription: "Cannot get nested keyed container -- no value found for key \"\(key)\".\(state.position(value))"))
        }
        return try PlistModelDecoder(state: state, value: child, step: .field(table, field), depth: depth + 1).decodeFields(fields)
    }

    /// The position of the one table key the dictionary holds.
    public func decodeCaseField(of type: Any.Type) throws(DecodingError) -> Int {
        let present = try keys().compactMap { table.names.firstIndex(of: $0) }
        guard present.count == 1 else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        return present[0]
    }

    /// Every key, in the input's order.
    public func keys() throws(DecodingError) -> [String] {
        do {
            return try keyed.keys()
        } catch {
            throw state.corrupted(error, depth, step)
        }
    }

    /// The value under `key` as `T`.
    @inlinable
    public func decode<T: PlistDecodable>(_ type: T.Type, forKey key: String) throws(DecodingError) -> T {
        var decoder = PlistModelDecoder(state: state, value: try value(forKey: key), step: .key(key), depth: depth + 1)
        return try T(plist: &decoder)
    }
}

/// The ``PlistElementsDecoder`` of ``PlistModelDecoder``.
public struct PlistModelElementsDecoder: PlistElementsDecoder {
    @usableFromInline let state: ModelDecodingState
    let unkeyed: any PlistUnkeyedSource
    /// The array.
    let value: Int
    let step: ModelStep
    @usableFromInline let depth: Int
    /// The number of elements.
    public let count: Int
    /// The next element's position.
    @usableFromInline var currentIndex = 0

    init(state: ModelDecodingState, unkeyed: any PlistUnkeyedSource, value: Int, step: ModelStep, depth: Int) {
        self.state = state
        self.unkeyed = unkeyed
        self.value = value
        self.step = step
        self.depth = depth
        count = unkeyed.count
    }

    /// The keys from the root to the array.
    public var codingPath: [any CodingKey] { state.path(depth: depth, step: step) }

    /// True when every element has been read.
    @inlinable
    public var isAtEnd: Bool { currentIndex >= count }

    /// The element at `currentIndex`; `valueNotFound` at the end.
    @usableFromInline
    func next(_ type: Any.Type) throws(DecodingError) -> Int {
        guard currentIndex < count else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: state.path(depth: depth + 1, step: .index(currentIndex)), debugDescription: "Unkeyed container is at end.\(state.position(value))"))
        }
        do {
            return try unkeyed.element(at: currentIndex)
        } catch {
            throw state.corrupted(error, depth + 1, .index(currentIndex))
        }
    }

    /// The next element as `T`.
    @inlinable
    public mutating func decode<T: PlistDecodable>(_ type: T.Type) throws(DecodingError) -> T {
        var decoder = PlistModelDecoder(state: state, value: try next(type), step: .index(currentIndex), depth: depth + 1)
        let element = try T(plist: &decoder)
        currentIndex += 1
        return element
    }

    /// The next element through `T`'s `Decodable` conformance.
    public mutating func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T {
        let element = try state.decodable(next(type), type, depth + 1, .index(currentIndex))
        currentIndex += 1
        return element
    }
}
