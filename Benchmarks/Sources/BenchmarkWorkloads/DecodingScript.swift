import Foundation

/// The floor under any Codable decoder of a model: `init(from:)` run against answers that are
/// already there.
///
/// `DecodingScript.record(_:from:)` decodes a value once through a real decoder and writes down
/// every answer it gave, in order (each scalar, each key list, each count, each "is it
/// there"); `ReplayDecoder.decode(_:from:)` then decodes the same type again, answering each
/// call with the next answer written down: no bytes read, no key looked up. What it costs is
/// what the Codable protocol and the model's own `init(from:)` cost any decoder (the
/// synthesized code, a `KeyedDecodingContainer` box and its generic metadata per container,
/// the box's dynamic dispatch, the standard library's `Array` and `Dictionary` conformances,
/// `URL`'s), plus one array read per answer. Optional values are answered in one call, as
/// `PlistDecoder` answers them. `compare.sh` reports it as the floor of `codable-decode`.
public final class DecodingScript {
    var flags: [Bool] = []
    var counts: [Int] = []
    var keyLists: [[String]] = []
    var strings: [String] = []
    var integers: [Int64] = []
    var unsigned: [UInt64] = []
    var reals: [Double] = []
    var dates: [Date] = []
    var datas: [Data] = []
    var uuids: [UUID] = []

    /// Decodes `type` from `decoder`'s value, writing down every answer.
    public static func record<T: Decodable>(_ type: T.Type, from decoder: any Decoder) throws -> DecodingScript {
        let script = DecodingScript()
        _ = try T(from: RecordingDecoder(decoder, script))
        return script
    }

    /// Whether `T` is a leaf: a standard scalar or a property-list type, answered as one value.
    static func isLeaf<T>(_ type: T.Type) -> Bool {
        T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
            || T.self == Date.self || T.self == Data.self || T.self == UUID.self || T.self == Float.self
            || T.self == Int64.self || T.self == UInt64.self || T.self == Int32.self || T.self == Int16.self
            || T.self == Int8.self || T.self == UInt.self || T.self == UInt32.self || T.self == UInt16.self
            || T.self == UInt8.self
    }

    /// Writes down a leaf value.
    func write<T>(_ value: T) {
        switch value {
        case let value as String: strings.append(value)
        case let value as Bool: flags.append(value)
        case let value as Double: reals.append(value)
        case let value as Float: reals.append(Double(value))
        case let value as Date: dates.append(value)
        case let value as Data: datas.append(value)
        case let value as UUID: uuids.append(value)
        case let value as UInt64: unsigned.append(value)
        case let value as UInt: unsigned.append(UInt64(value))
        case let value as any BinaryInteger: integers.append(Int64(value))
        default: preconditionFailure("\(T.self) is not a leaf")
        }
    }
}

/// Decodes through another decoder, writing every answer into a ``DecodingScript``.
private struct RecordingDecoder: Decoder, SingleValueDecodingContainer {
    let inner: any Decoder
    let script: DecodingScript
    init(_ inner: any Decoder, _ script: DecodingScript) { (self.inner, self.script) = (inner, script) }

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { inner.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed(inner: try inner.container(keyedBy: type), script: script))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let unkeyed = try inner.unkeyedContainer()
        script.counts.append(unkeyed.count!)
        return Unkeyed(inner: unkeyed, script: script)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool {
        let isNil = (try? inner.singleValueContainer().decodeNil()) ?? false
        script.flags.append(isNil)
        return isNil
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard DecodingScript.isLeaf(type) else { return try T(from: self) }
        let value = try inner.singleValueContainer().decode(type)
        script.write(value)
        return value
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let inner: KeyedDecodingContainer<Key>
        let script: DecodingScript
        var codingPath: [any CodingKey] { inner.codingPath }

        var allKeys: [Key] {
            let keys = inner.allKeys
            script.keyLists.append(keys.map(\.stringValue))
            return keys
        }
        func contains(_ key: Key) -> Bool {
            let contains = inner.contains(key)
            script.flags.append(contains)
            return contains
        }
        func decodeNil(forKey key: Key) throws -> Bool {
            let isNil = try inner.decodeNil(forKey: key)
            script.flags.append(isNil)
            return isNil
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard DecodingScript.isLeaf(type) else { return try T(from: RecordingDecoder(inner.superDecoder(forKey: key), script)) }
            let value = try inner.decode(type, forKey: key)
            script.write(value)
            return value
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard inner.contains(key), try !inner.decodeNil(forKey: key) else {
                script.flags.append(false)
                return nil
            }
            script.flags.append(true)
            return try decode(type, forKey: key)
        }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(Wrapped<Bool>.self, forKey: key)?.value }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(Wrapped<String>.self, forKey: key)?.value }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(Wrapped<Double>.self, forKey: key)?.value }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(Wrapped<Int>.self, forKey: key)?.value }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(Keyed<NestedKey>(inner: try inner.nestedContainer(keyedBy: type, forKey: key), script: script))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            let unkeyed = try inner.nestedUnkeyedContainer(forKey: key)
            script.counts.append(unkeyed.count!)
            return Unkeyed(inner: unkeyed, script: script)
        }
        func superDecoder() throws -> any Decoder { RecordingDecoder(try inner.superDecoder(), script) }
        func superDecoder(forKey key: Key) throws -> any Decoder { RecordingDecoder(try inner.superDecoder(forKey: key), script) }
    }

    /// A leaf decoded as itself, so that the scalar `decodeIfPresent` overloads share the
    /// generic one.
    struct Wrapped<Value: Decodable>: Decodable {
        let value: Value
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Value.self) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        var inner: any UnkeyedDecodingContainer
        let script: DecodingScript
        var codingPath: [any CodingKey] { inner.codingPath }
        var count: Int? { inner.count }
        var isAtEnd: Bool { inner.isAtEnd }
        var currentIndex: Int { inner.currentIndex }

        mutating func decodeNil() throws -> Bool {
            let isNil = try inner.decodeNil()
            script.flags.append(isNil)
            return isNil
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard DecodingScript.isLeaf(type) else { return try T(from: RecordingDecoder(inner.superDecoder(), script)) }
            let value = try inner.decode(type)
            script.write(value)
            return value
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(Keyed<NestedKey>(inner: try inner.nestedContainer(keyedBy: type), script: script))
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let unkeyed = try inner.nestedUnkeyedContainer()
            script.counts.append(unkeyed.count!)
            return Unkeyed(inner: unkeyed, script: script)
        }
        mutating func superDecoder() throws -> any Decoder { RecordingDecoder(try inner.superDecoder(), script) }
    }
}

/// A `Decodable` that decodes `Value` through a recording of the decoder it is given, for
/// getting a ``DecodingScript`` out of a real decoder's `decode(_:from:)`.
public struct ScriptRecorder<Value: Decodable>: Decodable {
    public let script: DecodingScript
    public init(from decoder: any Decoder) throws {
        script = try DecodingScript.record(Value.self, from: decoder)
    }
}
