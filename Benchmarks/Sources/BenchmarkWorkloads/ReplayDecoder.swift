import Foundation

/// Decodes a value by answering every call with the next answer of a ``DecodingScript``.
public final class ReplayDecoder: Decoder, SingleValueDecodingContainer {
    private let script: DecodingScript
    // The cursors into the script's answers; touched only here, never across a call that could
    // reach them again, so they skip dynamic exclusivity checks (as the decoder's state does).
    @exclusivity(unchecked) private var flag = 0
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var keyList = 0
    @exclusivity(unchecked) private var string = 0
    @exclusivity(unchecked) private var integer = 0
    @exclusivity(unchecked) private var unsignedInteger = 0
    @exclusivity(unchecked) private var real = 0
    @exclusivity(unchecked) private var date = 0
    @exclusivity(unchecked) private var data = 0
    @exclusivity(unchecked) private var uuid = 0

    private init(_ script: DecodingScript) { self.script = script }

    /// Decodes `type` from the answers `script` wrote down for it.
    public static func decode<T: Decodable>(_ type: T.Type, from script: DecodingScript) throws -> T {
        try T(from: ReplayDecoder(script))
    }

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }
    public func unkeyedContainer() -> any UnkeyedDecodingContainer {
        Unkeyed(decoder: self, count: nextCount())
    }
    public func singleValueContainer() -> any SingleValueDecodingContainer { self }

    public func decodeNil() -> Bool { nextFlag() }
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        DecodingScript.isLeaf(type) ? nextLeaf(type) : try T(from: self)
    }

    fileprivate func nextFlag() -> Bool {
        defer { flag += 1 }
        return script.flags[flag]
    }
    fileprivate func nextCount() -> Int {
        defer { count += 1 }
        return script.counts[count]
    }
    fileprivate func nextKeys() -> [String] {
        defer { keyList += 1 }
        return script.keyLists[keyList]
    }
    fileprivate func nextString() -> String {
        defer { string += 1 }
        return script.strings[string]
    }
    fileprivate func nextInt() -> Int {
        defer { integer += 1 }
        return Int(script.integers[integer])
    }
    fileprivate func nextDouble() -> Double {
        defer { real += 1 }
        return script.reals[real]
    }

    /// The next value of leaf type `T`.
    fileprivate func nextLeaf<T>(_ type: T.Type) -> T {
        if T.self == String.self { defer { string += 1 }; return unsafeBitCast(script.strings[string], to: T.self) }
        if T.self == Int.self { defer { integer += 1 }; return unsafeBitCast(Int(script.integers[integer]), to: T.self) }
        if T.self == Double.self { defer { real += 1 }; return unsafeBitCast(script.reals[real], to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(nextFlag(), to: T.self) }
        if T.self == Date.self { defer { date += 1 }; return unsafeBitCast(script.dates[date], to: T.self) }
        if T.self == Data.self { defer { data += 1 }; return unsafeBitCast(script.datas[data], to: T.self) }
        if T.self == UUID.self { defer { uuid += 1 }; return unsafeBitCast(script.uuids[uuid], to: T.self) }
        if T.self == Float.self { defer { real += 1 }; return unsafeBitCast(Float(script.reals[real]), to: T.self) }
        if T.self == UInt64.self { defer { unsignedInteger += 1 }; return unsafeBitCast(script.unsigned[unsignedInteger], to: T.self) }
        if T.self == UInt.self { defer { unsignedInteger += 1 }; return unsafeBitCast(UInt(script.unsigned[unsignedInteger]), to: T.self) }
        defer { integer += 1 }
        let value = script.integers[integer]
        if T.self == Int64.self { return unsafeBitCast(value, to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(Int32(value), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(Int16(value), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(Int8(value), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(UInt32(value), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(UInt16(value), to: T.self) }
        return unsafeBitCast(UInt8(value), to: T.self)
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ReplayDecoder
        var codingPath: [any CodingKey] { [] }

        var allKeys: [Key] { decoder.nextKeys().compactMap(Key.init(stringValue:)) }
        func contains(_ key: Key) -> Bool { decoder.nextFlag() }
        func decodeNil(forKey key: Key) throws -> Bool { decoder.nextFlag() }
        // The scalars models use most are answered directly, as PlistDecoder's keyed
        // container has overloads of its own for them; the rest through the generic method.
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { decoder.nextFlag() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { decoder.nextString() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { decoder.nextDouble() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { decoder.nextInt() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            DecodingScript.isLeaf(type) ? decoder.nextLeaf(type) : try T(from: decoder)
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            decoder.nextFlag() ? try decode(type, forKey: key) : nil
        }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { decoder.nextFlag() ? decoder.nextFlag() : nil }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { decoder.nextFlag() ? decoder.nextString() : nil }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { decoder.nextFlag() ? decoder.nextDouble() : nil }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { decoder.nextFlag() ? decoder.nextInt() : nil }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey> {
            decoder.container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer { decoder.unkeyedContainer() }
        func superDecoder() -> any Decoder { decoder }
        func superDecoder(forKey key: Key) -> any Decoder { decoder }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: ReplayDecoder
        let total: Int
        var currentIndex = 0
        init(decoder: ReplayDecoder, count: Int) { (self.decoder, total) = (decoder, count) }

        var codingPath: [any CodingKey] { [] }
        var count: Int? { total }
        var isAtEnd: Bool { currentIndex >= total }

        mutating func decodeNil() throws -> Bool {
            let isNil = decoder.nextFlag()
            if isNil { currentIndex += 1 }
            return isNil
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            return DecodingScript.isLeaf(type) ? decoder.nextLeaf(type) : try T(from: decoder)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
            currentIndex += 1
            return decoder.container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
            currentIndex += 1
            return decoder.unkeyedContainer()
        }
        mutating func superDecoder() -> any Decoder {
            currentIndex += 1
            return decoder
        }
    }
}
