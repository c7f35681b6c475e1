#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last step of a nested value's coding path, kept apart from the path so that a value
/// read directly (a scalar, a date, data) builds no path node unless it fails.
enum PathStep {
    case none
    case key(any CodingKey)
    case index(Int)

    func applied(to path: CodingPathNode) -> CodingPathNode {
        switch self {
        case .none: path
        case .key(let key): path.appending(key)
        case .index(let index): path.appending(index: index)
        }
    }
}

/// Where a decoder is: the value it decodes, that value's coding path, and how many
/// containers the value is nested in.
struct DecodingSite {
    let value: Int
    let path: CodingPathNode
    let depth: Int
}

/// The `Decoder` that ``PlistDecoder`` hands to `init(from:)`, reading from any
/// `PlistDecodingSource` (a binary object table, an XML node table or a ``Plist`` tree).
///
/// One instance serves a whole decode: decoding a nested value swaps its ``DecodingSite``
/// for the duration of the nested `init(from:)` (see ``with(_:path:depth:_:)``),
/// so no decoder is allocated per value. The instance is also its own single-value
/// container (its swapped state skips dynamic exclusivity checks: it is never accessed
/// across a call that could reach it again). Errors from the source (corrupt input) become `DecodingError.dataCorrupted`
/// with the coding path and the input position.
final class PlistDecoderImpl: Decoder {
    let source: any PlistDecodingSource
    let userInfo: [CodingUserInfoKey: Any]
    let maximumDepth: Int
    /// The value being decoded, with its coding path and depth.
    @exclusivity(unchecked) private(set) var site: DecodingSite
    /// The types met so far that are arrays, and those that are not.
    @exclusivity(unchecked) var arrayTypes = ArrayTypeCache()

    init(source: any PlistDecodingSource, site: DecodingSite, userInfo: [CodingUserInfoKey: Any], maximumDepth: Int) {
        self.source = source
        self.site = site
        self.userInfo = userInfo
        self.maximumDepth = maximumDepth
    }

    var value: Int { site.value }
    var path: CodingPathNode { site.path }
    var depth: Int { site.depth }
    var codingPath: [any CodingKey] { site.path.path }

    /// Decodes the source's root value as `T`.
    static func decodeTop<T: Decodable>(_ type: T.Type, source: any PlistDecodingSource, userInfo: [CodingUserInfoKey: Any], maximumDepth: Int) throws -> T {
        let impl = PlistDecoderImpl(source: source, site: DecodingSite(value: source.top, path: .root, depth: 0), userInfo: userInfo, maximumDepth: maximumDepth)
        return try impl.unwrap(source.top, as: T.self, path: .root, step: .none, depth: 0)
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(keyedBy: type, for: value, path: path, depth: depth)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(for: value, path: path, depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, for value: Int, path: CodingPathNode, depth: Int) throws -> KeyedDecodingContainer<Key> {
        let keyed: (any PlistKeyedSource)?
        do {
            try checkDepth(depth, of: value)
            keyed = try source.keyed(value)
        } catch where error.code == .nonStringKey {
            // Foundation reports a key that is no string as a type mismatch at the dictionary.
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(codingPath: path.path, debugDescription: "Expected to decode String but found a key that is not a string instead: \(error)", underlyingError: error))
        } catch {
            throw corrupted(error, path)
        }
        guard let keyed else {
            throw mismatch([String: Any].self, value, path)
        }
        return KeyedDecodingContainer(PlistKeyedDecodingContainer<Key>(impl: self, keyed: keyed, value: value, path: path, depth: depth))
    }

    func unkeyedContainer(for value: Int, path: CodingPathNode, depth: Int) throws -> PlistUnkeyedDecodingContainer {
        let unkeyed: (any PlistUnkeyedSource)?
        do {
            try checkDepth(depth, of: value)
            unkeyed = try source.unkeyed(value)
        } catch {
            throw corrupted(error, path)
        }
        guard let unkeyed else {
            throw mismatch([Any].self, value, path)
        }
        return PlistUnkeyedDecodingContainer(impl: self, unkeyed: unkeyed, value: value, path: path, depth: depth)
    }

    private func checkDepth(_ depth: Int, of value: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", at: source.location(value))
        }
    }

    /// A decoder of its own for `value` (what `superDecoder` returns), or for `nil` when
    /// the value is absent, as Foundation does.
    func subdecoder(for value: Int?, path: CodingPathNode, depth: Int) -> any Decoder {
        guard let value else {
            let null = TreeDecodingSource(PlistNull.value)
            return PlistDecoderImpl(source: null, site: DecodingSite(value: null.top, path: path, depth: depth), userInfo: userInfo, maximumDepth: maximumDepth)
        }
        return PlistDecoderImpl(source: source, site: DecodingSite(value: value, path: path, depth: depth), userInfo: userInfo, maximumDepth: maximumDepth)
    }

    // MARK: Nested values

    /// Runs `body` (an `init(from:)` given this decoder) with `child` as the value being
    /// decoded, then restores the current one.
    @inline(__always)
    func with<T>(_ child: Int, path childPath: CodingPathNode, depth childDepth: Int, _ body: () throws -> T) throws -> T {
        let entered: Bool
        do {
            entered = try source.enter(child, from: value)
        } catch {
            throw corrupted(error, childPath)
        }
        let saved = site
        site = DecodingSite(value: child, path: childPath, depth: childDepth)
        defer {
            site = saved
            if entered { source.leave(child) }
        }
        return try body()
    }

    /// Decodes `value` as `T`: property-list types and the standard scalars directly, arrays
    /// by a loop of the decoder's own (see `PlistDecodableArray`), anything else through its
    /// `init(from:)`.
    func unwrap<T: Decodable>(_ value: Int, as type: T.Type, path: CodingPathNode, step: PathStep, depth: Int) throws -> T {
        // Property-list types and the standard scalars are read directly, without a nested
        // `init(from:)`: the containers' `decode(_:)` of a standard scalar type is the generic
        // method, so reading one through its `init(from:)` would come back here.
        if T.self == String.self { return sameTypeCast(try unwrapString(value) { step.applied(to: path) }, to: T.self) }
        if T.self == Int.self { return sameTypeCast(try unwrapInteger(value, Int.self) { step.applied(to: path) }, to: T.self) }
        if T.self == Double.self { return sameTypeCast(try unwrapFloat(value, Double.self) { step.applied(to: path) }, to: T.self) }
        if T.self == Bool.self { return sameTypeCast(try unwrapBool(value) { step.applied(to: path) }, to: T.self) }
        if T.self == Date.self { return sameTypeCast(try unwrapDate(value) { step.applied(to: path) }, to: T.self) }
        if T.self == Data.self { return sameTypeCast(try unwrapData(value) { step.applied(to: path) }, to: T.self) }
        if T.self == Float.self { return sameTypeCast(try unwrapFloat(value, Float.self) { step.applied(to: path) }, to: T.self) }
        if T.self == Int64.self { return sameTypeCast(try unwrapInteger(value, Int64.self) { step.applied(to: path) }, to: T.self) }
        if T.self == UInt64.self { return sameTypeCast(try unwrapInteger(value, UInt64.self) { step.applied(to: path) }, to: T.self) }
        if T.self == UUID.self { return sameTypeCast(try unwrapUUID(value) { step.applied(to: path) }, to: T.self) }
        if T.self == Int32.self { return sameTypeCast(try unwrapInteger(value, Int32.self) { step.applied(to: path) }, to: T.self) }
        if T.self == Int16.self { return sameTypeCast(try unwrapInteger(value, Int16.self) { step.applied(to: path) }, to: T.self) }
        if T.self == Int8.self { return sameTypeCast(try unwrapInteger(value, Int8.self) { step.applied(to: path) }, to: T.self) }
        if T.self == UInt.self { return sameTypeCast(try unwrapInteger(value, UInt.self) { step.applied(to: path) }, to: T.self) }
        if T.self == UInt32.self { return sameTypeCast(try unwrapInteger(value, UInt32.self) { step.applied(to: path) }, to: T.self) }
        if T.self == UInt16.self { return sameTypeCast(try unwrapInteger(value, UInt16.self) { step.applied(to: path) }, to: T.self) }
        if T.self == UInt8.self { return sameTypeCast(try unwrapInteger(value, UInt8.self) { step.applied(to: path) }, to: T.self) }
        if let arrayType = arrayTypes.arrayType(of: T.self) {
            return try unwrapArray(value, as: arrayType, T.self, path: step.applied(to: path), depth: depth)
        }
        return try with(value, path: step.applied(to: path), depth: depth) {
            try T(from: self)
        }
    }

    // MARK: Scalars
    //
    // Each takes the value's coding path as a closure, called only when reading fails: the
    // common case builds neither a path node nor an existential of the caller's key.

    /// The scalar `read` finds at `value`, to become a `type`: a read failure is
    /// `dataCorrupted`, a value of another kind a type mismatch naming `type` (or
    /// `valueNotFound` for Foundation's null marker).
    @inline(__always)
    private func unwrapScalar<T>(_ value: Int, _ type: Any.Type, _ path: () -> CodingPathNode, _ read: (Int) throws(PlistError) -> T?) throws -> T {
        let scalar: T?
        do { scalar = try read(value) } catch { throw corrupted(error, path()) }
        guard let scalar else { throw mismatch(type, value, path()) }
        return scalar
    }

    func unwrapBool(_ value: Int, at path: () -> CodingPathNode) throws -> Bool {
        try unwrapScalar(value, Bool.self, path) { (value) throws(PlistError) in try source.bool(value) }
    }

    func unwrapString(_ value: Int, at path: () -> CodingPathNode) throws -> String {
        let string = try unwrapScalar(value, String.self, path) { (value) throws(PlistError) in try source.string(value) }
        if string == PlistNull.marker {
            throw null(String.self, value, path())
        }
        return string
    }

    func unwrapInteger<T: FixedWidthInteger>(_ value: Int, _ type: T.Type, at path: () -> CodingPathNode) throws -> T {
        switch try unwrapScalar(value, T.self, path, { (value) throws(PlistError) in try source.number(value) }) {
        case .integer(let integer):
            if let result = integer.exactly(T.self) { return result }
            throw doesNotFit("\(integer)", T.self, value, path())
        case .real(let real):
            if let result = T(exactly: real) { return result }
            throw doesNotFit("\(real)", T.self, value, path())
        }
    }

    /// Reals narrow to `Float` as Foundation does: to the nearest value, but a finite real
    /// beyond `Float`'s range is `dataCorrupted` ("does not fit in Float"), not infinity.
    /// Integers convert to the nearest value.
    func unwrapFloat<T: BinaryFloatingPoint>(_ value: Int, _ type: T.Type, at path: () -> CodingPathNode) throws -> T {
        switch try unwrapScalar(value, T.self, path, { (value) throws(PlistError) in try source.number(value) }) {
        case .real(let real):
            let narrowed = T(real)
            if real.isFinite && !narrowed.isFinite {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path().path, debugDescription: "Property list number <\(real)> does not fit in \(type).\(position(value))"))
            }
            return narrowed
        case .integer(let integer):
            if let signed = integer.int64Value { return T(signed) }
            return T(integer.uint64Value!)
        }
    }

    func unwrapDate(_ value: Int, at path: () -> CodingPathNode) throws -> Date {
        try unwrapScalar(value, Date.self, path) { (value) throws(PlistError) in try source.date(value) }
    }

    func unwrapData(_ value: Int, at path: () -> CodingPathNode) throws -> Data {
        try unwrapScalar(value, Data.self, path) { (value) throws(PlistError) in try source.data(value) }
    }

    /// What `UUID`'s own `init(from:)` does (a string, then `UUID(uuidString:)`, with its
    /// error), without Foundation's `sscanf`.
    func unwrapUUID(_ value: Int, at path: () -> CodingPathNode) throws -> UUID {
        let string = try unwrapString(value, at: path)
        guard let uuid = UUIDText.uuid(string) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path().path, debugDescription: UUIDText.invalidText))
        }
        return uuid
    }

    func isNull(_ value: Int, at path: () -> CodingPathNode) throws -> Bool {
        do { return try source.isNull(value) } catch { throw corrupted(error, path()) }
    }

    // MARK: Errors

    /// " (at offset 123)" or " (at 4:17)", or nothing when the source has no positions.
    func position(_ value: Int) -> String {
        source.location(value).map { " (at \($0))" } ?? ""
    }

    func corrupted(_ error: PlistError, _ path: CodingPathNode) -> DecodingError {
        PlistDecoder.corrupted(error, at: path.path)
    }

    /// A type mismatch, or `valueNotFound` when the value is Foundation's `nil` marker.
    func mismatch(_ type: Any.Type, _ value: Int, _ path: CodingPathNode) -> DecodingError {
        if (try? source.isNull(value)) == true {
            return null(type, value, path)
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: path.path, debugDescription: "Expected to decode \(type) but found \(source.typeDescription(value)) instead.\(position(value))"))
    }

    func null(_ type: Any.Type, _ value: Int, _ path: CodingPathNode) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: path.path, debugDescription: "Cannot get value of \(type) -- found null value instead.\(position(value))"))
    }

    private func doesNotFit(_ number: String, _ type: Any.Type, _ value: Int, _ path: CodingPathNode) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path.path, debugDescription: "Parsed property list number <\(number)> does not fit in \(type).\(position(value))"))
    }
}

// MARK: - Single value container

extension PlistDecoderImpl: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        (try? source.isNull(value)) ?? false
    }

    /// Decodes the value as `T`. This one generic method also stands for the protocol's
    /// `decode(_:)` of each standard scalar type, which ``unwrap(_:as:path:step:depth:)``
    /// reads directly.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try unwrap(value, as: type, path: path, step: .none, depth: depth)
    }
}

// MARK: - Keyed container

/// A class, not a struct: the standard library's `KeyedDecodingContainer` box copies the
/// container out of itself for every call it forwards, and copying a class reference is one
/// retain where copying these fields was three retains and releases (a tenth of the time
/// of decoding a record).
final class PlistKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let impl: PlistDecoderImpl
    let keyed: any PlistKeyedSource
    /// The dictionary itself, for positions in errors.
    let value: Int
    let path: CodingPathNode
    /// The depth of this container; its values are one deeper.
    let depth: Int

    init(impl: PlistDecoderImpl, keyed: any PlistKeyedSource, value: Int, path: CodingPathNode, depth: Int) {
        self.impl = impl
        self.keyed = keyed
        self.value = value
        self.path = path
        self.depth = depth
    }

    var codingPath: [any CodingKey] { path.path }

    var allKeys: [Key] {
        ((try? keyed.keys()) ?? []).compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        ((try? keyed.value(forKey: key.stringValue)) ?? nil) != nil
    }

    /// The value under `key`, or nil.
    @inline(__always)
    private func lookup(_ key: Key) throws -> Int? {
        do {
            return try keyed.value(forKey: key.stringValue)
        } catch {
            throw impl.corrupted(error, path.appending(key))
        }
    }

    /// The value under `key`; throws `keyNotFound` when there is none.
    @inline(__always)
    private func value(_ key: Key) throws -> Int {
        guard let value = try lookup(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: path.path, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\").\(impl.position(self.value))"))
        }
        return value
    }

    /// The value under `key` unless it is absent or Foundation's `nil` marker.
    @inline(__always)
    private func presentValue(_ key: Key) throws -> Int? {
        guard let value = try lookup(key), try !impl.isNull(value, at: { self.path.appending(key) }) else { return nil }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try impl.isNull(value(key)) { self.path.appending(key) }
    }

    // The scalar types models use most have overloads of their own, which run a tenth faster
    // (`records`' Codable decode, in instructions) than the generic method below, which
    // serves the narrower integer types.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try impl.unwrapBool(value(key)) { self.path.appending(key) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try impl.unwrapString(value(key)) { self.path.appending(key) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try impl.unwrapFloat(value(key), type) { self.path.appending(key) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try impl.unwrapFloat(value(key), type) { self.path.appending(key) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try impl.unwrapInteger(value(key), type) { self.path.appending(key) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try impl.unwrapInteger(value(key), type) { self.path.appending(key) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try impl.unwrapInteger(value(key), type) { self.path.appending(key) } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try impl.unwrap(value(key), as: type, path: path, step: .key(key), depth: depth + 1)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try presentValue(key).map { try impl.unwrapBool($0) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try presentValue(key).map { try impl.unwrapString($0) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try presentValue(key).map { try impl.unwrapFloat($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try presentValue(key).map { try impl.unwrapFloat($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try presentValue(key).map { try impl.unwrapInteger($0, type) { self.path.appending(key) } }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentValue(key).map { try impl.unwrap($0, as: type, path: path, step: .key(key), depth: depth + 1) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let value = try lookup(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: path.path, debugDescription: "Cannot get nested keyed container -- no value found for key \(key) (\"\(key.stringValue)\").\(impl.position(self.value))"))
        }
        return try impl.keyedContainer(keyedBy: type, for: value, path: path.appending(key), depth: depth + 1)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let value = try lookup(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: path.path, debugDescription: "Cannot get nested unkeyed container -- no value found for key \(key) (\"\(key.stringValue)\").\(impl.position(self.value))"))
        }
        return try impl.unkeyedContainer(for: value, path: path.appending(key), depth: depth + 1)
    }

    func superDecoder() throws -> any Decoder {
        let key = PlistCodingKey.super
        let value: Int?
        do { value = try keyed.value(forKey: key.stringValue) } catch { throw impl.corrupted(error, path.appending(key)) }
        return impl.subdecoder(for: value, path: path.appending(key), depth: depth + 1)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        impl.subdecoder(for: try lookup(key), path: path.appending(key), depth: depth + 1)
    }
}

// MARK: - Unkeyed container

struct PlistUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let impl: PlistDecoderImpl
    let unkeyed: any PlistUnkeyedSource
    /// The array itself, for positions in errors.
    let value: Int
    let path: CodingPathNode
    let depth: Int
    var currentIndex = 0

    var codingPath: [any CodingKey] { path.path }
    var count: Int? { unkeyed.count }
    var isAtEnd: Bool { currentIndex >= unkeyed.count }

    /// The element at `currentIndex`; throws `valueNotFound` at the end.
    @inline(__always)
    private func next(_ type: Any.Type) throws -> Int {
        guard currentIndex < unkeyed.count else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: path.appending(index: currentIndex).path, debugDescription: "Unkeyed container is at end.\(impl.position(value))"))
        }
        do {
            return try unkeyed.element(at: currentIndex)
        } catch {
            throw impl.corrupted(error, path.appending(index: currentIndex))
        }
    }

    mutating func decodeNil() throws -> Bool {
        let value = try next(Optional<Any>.self)
        guard try impl.isNull(value, at: { path.appending(index: currentIndex) }) else { return false }
        currentIndex += 1
        return true
    }

    @inline(__always)
    private mutating func advance<T>(_ result: T) -> T {
        currentIndex += 1
        return result
    }

    /// Decodes the next element as `T`; like the single-value container's, it also stands
    /// for the protocol's `decode(_:)` of each standard scalar type.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        advance(try impl.unwrap(next(type), as: type, path: path, step: .index(currentIndex), depth: depth + 1))
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        // As Foundation: nil at the end, or for the nil marker (which is consumed).
        guard !isAtEnd else { return nil }
        if try decodeNil() { return nil }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try next(KeyedDecodingContainer<NestedKey>.self)
        return advance(try impl.keyedContainer(keyedBy: type, for: value, path: path.appending(index: currentIndex), depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try next((any UnkeyedDecodingContainer).self)
        return advance(try impl.unkeyedContainer(for: value, path: path.appending(index: currentIndex), depth: depth + 1))
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try next((any Decoder).self)
        return advance(impl.subdecoder(for: value, path: path.appending(index: currentIndex), depth: depth + 1))
    }
}
