import Foundation

/// An `Encoder` that keeps nothing: the floor under any Codable encoder of a model.
///
/// It walks a value exactly as `PlistEncoder` does (every nested value's `encode(to:)` runs,
/// every container is made, standard scalars, `String`, `Date`, `Data` and `UUID` are
/// leaves) but stores no value and writes no byte. What it costs is what the Codable protocol
/// and the model's own `encode(to:)` cost any encoder: the synthesized code, a
/// `KeyedEncodingContainer` box and its generic metadata per container, the box's dynamic
/// dispatch, and the work of the standard library's and Foundation's own conformances
/// (`Dictionary`'s keys turned into coding keys, `URL`'s fields). `compare.sh` reports it as
/// the floor of `codable-encode`.
public final class NullEncoder: Encoder, SingleValueEncodingContainer {
    public init() {}

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes `value` into nothing; returns how many values were visited.
    public static func encode(_ value: some Encodable) throws -> Int {
        let encoder = NullEncoder()
        try encoder.visit(value)
        return encoder.visited
    }

    /// How many values were visited (so that the walk cannot be optimised away). Touched
    /// only here, never across a call that could reach it again, so it skips dynamic
    /// exclusivity checks (as the encoder's state does).
    @exclusivity(unchecked) private(set) var visited = 0

    /// A leaf for a standard scalar or a property-list type (as `PlistEncoder` has them; a
    /// scalar's own `encode(to:)` would come back here), anything else through its
    /// `encode(to:)`.
    func visit<T: Encodable>(_ value: T) throws {
        visited += 1
        if T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
            || T.self == Date.self || T.self == Data.self || T.self == UUID.self || T.self == Float.self
            || T.self == Int64.self || T.self == UInt64.self || T.self == Int32.self || T.self == Int16.self
            || T.self == Int8.self || T.self == UInt.self || T.self == UInt32.self || T.self == UInt16.self
            || T.self == UInt8.self {
            return
        }
        try value.encode(to: self)
    }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Unkeyed(encoder: self)
    }

    public func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    // The protocol's scalar overloads are all served by this generic method.
    public func encodeNil() throws { visited += 1 }
    public func encode<T: Encodable>(_ value: T) throws { try visit(value) }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: NullEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { encoder.visited += 1 }
        // The scalars models use most are taken directly, as PlistEncoder's keyed container
        // has overloads of its own for them; the rest through the generic method.
        mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.visited += 1 }
        mutating func encode(_ value: String, forKey key: Key) throws { encoder.visited += 1 }
        mutating func encode(_ value: Double, forKey key: Key) throws { encoder.visited += 1 }
        mutating func encode(_ value: Int, forKey key: Key) throws { encoder.visited += 1 }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.visit(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: NullEncoder
        var codingPath: [any CodingKey] { [] }
        var count = 0

        /// Counts one more element and returns `element`.
        private mutating func counted<Element>(_ element: Element) -> Element {
            count += 1
            return element
        }

        mutating func encodeNil() throws { try counted(encoder.encodeNil()) }
        mutating func encode<T: Encodable>(_ value: T) throws { try counted(encoder.visit(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            counted(encoder.container(keyedBy: keyType))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { counted(encoder.unkeyedContainer()) }
        mutating func superEncoder() -> any Encoder { counted(encoder) }
    }
}
