#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Encoder` that ``PlistEncoder`` hands to `encode(to:)`.
///
/// One instance serves a whole encode (plus one per `superEncoder`): encoding a nested
/// value swaps `path` and `result` for the duration of its `encode(to:)` (see
/// ``wrap(_:parent:step:)``). Scalars, dates and data are stored without calling their
/// `encode(to:)`. The instance is also its own single-value container.
final class PlistEncoderImpl: Encoder {
    let userInfo: [CodingUserInfoKey: Any]
    let assembler: PlistAssembler
    @exclusivity(unchecked) private(set) var path: CodingPathNode
    /// What the value at this level has encoded so far.
    @exclusivity(unchecked) private(set) var result: EncodedValue?

    init(userInfo: [CodingUserInfoKey: Any], assembler: PlistAssembler, path: CodingPathNode) {
        self.userInfo = userInfo
        self.assembler = assembler
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }

    /// Encodes a top-level value; nil when it encoded nothing at all. With a `sink`, its
    /// containers are written there, and a container at the top is the sink's stand-in.
    static func encodeTop<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: Any], sortingKeys: Bool, sink: BinaryEncodingSink? = nil) throws -> Plist? {
        if let scalar = scalar(value) { return scalar }
        let assembler = PlistAssembler(sortingKeys: sortingKeys, sink: sink)
        let impl = PlistEncoderImpl(userInfo: userInfo, assembler: assembler, path: .root)
        try value.encode(to: impl)
        return impl.result.map { assembler.plist($0, depth: 0) }
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // A second request merges with the first container; it replaces anything else.
        let dictionary: EncodedDictionary
        if let open = result?.openDictionary {
            dictionary = open
        } else {
            dictionary = assembler.dictionary(keyedBy: type)
            store(.dictionary(dictionary))
        }
        return KeyedEncodingContainer(PlistKeyedEncodingContainer<Key>(impl: self, dictionary: dictionary, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if let open = result?.openArray {
            array = open
        } else {
            array = EncodedArray()
            store(.array(array))
        }
        return PlistUnkeyedEncodingContainer(impl: self, array: array, path: path)
    }

    /// Makes `value` what this level has encoded, dropping what it held before.
    @inline(__always)
    private func store(_ value: EncodedValue?) {
        if result != nil { assembler.noteDropped() }
        result = value
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    // MARK: Nested values

    /// Encodes a nested value found at `step` below `parent`. Once its `encode(to:)` has
    /// returned, its containers are finished and become a ``Plist`` at once (unless a
    /// `superEncoder` handed out meanwhile may still be written to).
    func wrap<T: Encodable>(_ value: T, parent: CodingPathNode, step: PathStep) throws -> EncodedValue {
        if let scalar = PlistEncoderImpl.scalar(value) { return .value(scalar) }
        let savedPath = path, savedResult = result
        let deferredBefore = assembler.deferredCount
        path = step.applied(to: parent)
        result = nil
        defer {
            path = savedPath
            result = savedResult
        }
        do {
            try value.encode(to: self)
        } catch {
            // The caller may catch it and go on without what this value encoded so far.
            assembler.noteDropped()
            throw error
        }
        // A value that encoded nothing stands for an empty dictionary, as in Foundation.
        let encoded = result ?? .dictionary(EncodedDictionary())
        guard assembler.deferredCount == deferredBefore else { return encoded }
        return .value(assembler.plist(encoded, depth: path.depth))
    }

    /// The property-list value of a scalar, date or data, found by type without calling
    /// `encode(to:)`; nil for any other type.
    @inline(__always)
    static func scalar<T: Encodable>(_ value: T) -> Plist? {
        if T.self == String.self { return .string(sameTypeCast(value, to: String.self)) }
        if T.self == Int.self { return .integer(PlistInteger(sameTypeCast(value, to: Int.self))) }
        if T.self == Double.self { return .real(sameTypeCast(value, to: Double.self)) }
        if T.self == Bool.self { return .bool(sameTypeCast(value, to: Bool.self)) }
        if T.self == Date.self { return .date(sameTypeCast(value, to: Date.self)) }
        if T.self == Data.self { return .data(sameTypeCast(value, to: Data.self)) }
        if T.self == Float.self { return .real(Double(sameTypeCast(value, to: Float.self))) }
        if T.self == Int64.self { return .integer(PlistInteger(sameTypeCast(value, to: Int64.self))) }
        if T.self == UInt64.self { return .integer(PlistInteger(sameTypeCast(value, to: UInt64.self))) }
        // As `UUID`'s own `encode(to:)` (its `uuidString`), without Foundation's `snprintf`.
        if T.self == UUID.self { return .string(UUIDText.string(sameTypeCast(value, to: UUID.self))) }
        return nil
    }

    /// Encoder for `superEncoder`: a separate instance whose result the parent container
    /// reads when the tree is finished.
    func subencoder(path: CodingPathNode) -> PlistEncoderImpl {
        assembler.deferredCount += 1
        return PlistEncoderImpl(userInfo: userInfo, assembler: assembler, path: path)
    }
}

// MARK: - Single value container

extension PlistEncoderImpl: SingleValueEncodingContainer {
    func encodeNil() { store(.value(PlistNull.value)) }
    func encode(_ value: Bool) { store(.value(.bool(value))) }
    func encode(_ value: String) { store(.value(.string(value))) }
    func encode(_ value: Double) { store(.value(.real(value))) }
    func encode(_ value: Float) { store(.value(.real(Double(value)))) }
    func encode(_ value: Int) { store(.value(.integer(PlistInteger(value)))) }
    func encode(_ value: Int8) { store(.value(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int16) { store(.value(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int32) { store(.value(.integer(PlistInteger(Int64(value))))) }
    func encode(_ value: Int64) { store(.value(.integer(PlistInteger(value)))) }
    func encode(_ value: UInt) { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt8) { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt16) { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt32) { store(.value(.integer(PlistInteger(UInt64(value))))) }
    func encode(_ value: UInt64) { store(.value(.integer(PlistInteger(value)))) }

    func encode<T: Encodable>(_ value: T) throws {
        if let scalar = PlistEncoderImpl.scalar(value) {
            store(.value(scalar))
            return
        }
        // The value replaces whatever this level held; it encodes at the same path.
        store(nil)
        try value.encode(to: self)
        if case .none = result { result = .dictionary(EncodedDictionary()) }
    }
}

// MARK: - Keyed container

/// A struct: the standard library's `KeyedEncodingContainer` box keeps it in place and the
/// protocol's methods are `mutating`, so forwarding a call copies nothing, and making one
/// costs no allocation (as a class it ran 2–3% more instructions in Codable encodes).
struct PlistKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let impl: PlistEncoderImpl
    let dictionary: EncodedDictionary
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.path }

    func encodeNil(forKey key: Key) { dictionary.set(key.stringValue, finished: PlistNull.value) }
    func encode(_ value: Bool, forKey key: Key) { dictionary.set(key.stringValue, finished: .bool(value)) }
    func encode(_ value: String, forKey key: Key) { dictionary.set(key.stringValue, finished: .string(value)) }
    func encode(_ value: Double, forKey key: Key) { dictionary.set(key.stringValue, finished: .real(value)) }
    func encode(_ value: Float, forKey key: Key) { dictionary.set(key.stringValue, finished: .real(Double(value))) }
    func encode(_ value: Int, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(value))) }
    func encode(_ value: Int8, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(Int64(value)))) }
    func encode(_ value: Int16, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(Int64(value)))) }
    func encode(_ value: Int32, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(Int64(value)))) }
    func encode(_ value: Int64, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(value))) }
    func encode(_ value: UInt, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(UInt64(value)))) }
    func encode(_ value: UInt8, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(UInt64(value)))) }
    func encode(_ value: UInt16, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(UInt64(value)))) }
    func encode(_ value: UInt32, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(UInt64(value)))) }
    func encode(_ value: UInt64, forKey key: Key) { dictionary.set(key.stringValue, finished: .integer(PlistInteger(value))) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch try impl.wrap(value, parent: path, step: .key(key)) {
        case .value(let plist): dictionary.set(key.stringValue, finished: plist)
        case let encoded: dictionary.set(key.stringValue, encoded)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        // Asking twice for the same key continues the same dictionary, as in Foundation.
        let nested = dictionary.value(forKey: key.stringValue)?.openDictionary ?? impl.assembler.dictionary(keyedBy: keyType)
        dictionary.set(key.stringValue, .dictionary(nested))
        return KeyedEncodingContainer(PlistKeyedEncodingContainer<NestedKey>(impl: impl, dictionary: nested, path: path.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = dictionary.value(forKey: key.stringValue)?.openArray ?? EncodedArray()
        dictionary.set(key.stringValue, .array(nested))
        return PlistUnkeyedEncodingContainer(impl: impl, array: nested, path: path.appending(key))
    }

    func superEncoder() -> any Encoder {
        let encoder = impl.subencoder(path: path.appending(PlistCodingKey.super))
        dictionary.set(PlistCodingKey.super.stringValue, .deferred(encoder))
        return encoder
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        let encoder = impl.subencoder(path: path.appending(key))
        dictionary.set(key.stringValue, .deferred(encoder))
        return encoder
    }
}

// MARK: - Unkeyed container

struct PlistUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let impl: PlistEncoderImpl
    let array: EncodedArray
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.path }
    var count: Int { array.count }

    mutating func encodeNil() { array.append(.value(PlistNull.value)) }
    mutating func encode(_ value: Bool) { array.append(.value(.bool(value))) }
    mutating func encode(_ value: String) { array.append(.value(.string(value))) }
    mutating func encode(_ value: Double) { array.append(.value(.real(value))) }
    mutating func encode(_ value: Float) { array.append(.value(.real(Double(value)))) }
    mutating func encode(_ value: Int) { array.append(.value(.integer(PlistInteger(value)))) }
    mutating func encode(_ value: Int8) { array.append(.value(.integer(PlistInteger(Int64(value))))) }
    mutating func encode(_ value: Int16) { array.append(.value(.integer(PlistInteger(Int64(value))))) }
    mutating func encode(_ value: Int32) { array.append(.value(.integer(PlistInteger(Int64(value))))) }
    mutating func encode(_ value: Int64) { array.append(.value(.integer(PlistInteger(value)))) }
    mutating func encode(_ value: UInt) { array.append(.value(.integer(PlistInteger(UInt64(value))))) }
    mutating func encode(_ value: UInt8) { array.append(.value(.integer(PlistInteger(UInt64(value))))) }
    mutating func encode(_ value: UInt16) { array.append(.value(.integer(PlistInteger(UInt64(value))))) }
    mutating func encode(_ value: UInt32) { array.append(.value(.integer(PlistInteger(UInt64(value))))) }
    mutating func encode(_ value: UInt64) { array.append(.value(.integer(PlistInteger(value)))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.append(try impl.wrap(value, parent: path, step: .index(array.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = impl.assembler.dictionary(keyedBy: keyType)
        let nestedPath = path.appending(index: array.count)
        array.append(.dictionary(nested))
        return KeyedEncodingContainer(PlistKeyedEncodingContainer<NestedKey>(impl: impl, dictionary: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let nestedPath = path.appending(index: array.count)
        array.append(.array(nested))
        return PlistUnkeyedEncodingContainer(impl: impl, array: nested, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = impl.subencoder(path: path.appending(index: array.count))
        array.append(.deferred(encoder))
        return encoder
    }
}
