#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``PlistValueDecoder`` that ``PlistDecoder`` hands to ``PlistDecodable`` types for a
/// binary property list: it reads the file's object table in place, through the same checks
/// as the Codable path, with no existential call per read, and finds a type's fields by
/// comparing their bytes with the dictionary's keys where they lie.
///
/// Its methods are inlinable, so that a conformance specialized for it (in the caller's
/// module, from ``PlistDecoder``'s inlinable entry points) calls them directly.
public struct BinaryModelDecoder: PlistValueDecoder {
    @usableFromInline let state: BinaryModelDecodingState
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    @usableFromInline let depth: Int

    @inlinable
    init(state: BinaryModelDecodingState, value: Int, step: ModelStep, depth: Int) {
        self.state = state
        self.value = value
        self.step = step
        self.depth = depth
    }

    /// The keys from the root to this value.
    public var codingPath: [any CodingKey] { state.common.path(depth: depth, step: step) }
    /// The decoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] { state.common.userInfo }

    /// True for the string `$null`.
    @inlinable
    public func decodeNil() throws(DecodingError) -> Bool { try state.isNull(value, depth, step) }
    /// The value as a Boolean.
    @inlinable
    public func decode(_ type: Bool.Type) throws(DecodingError) -> Bool { try state.bool(value, depth, step) }
    /// The value as a string.
    @inlinable
    public func decode(_ type: String.Type) throws(DecodingError) -> String { try state.string(value, depth, step) }
    /// The value as `Int`.
    @inlinable
    public func decode(_ type: Int.Type) throws(DecodingError) -> Int { try state.integer(value, type, depth, step) }
    /// The value as `Int8`.
    @inlinable
    public func decode(_ type: Int8.Type) throws(DecodingError) -> Int8 { try state.integer(value, type, depth, step) }
    /// The value as `Int16`.
    @inlinable
    public func decode(_ type: Int16.Type) throws(DecodingError) -> Int16 { try state.integer(value, type, depth, step) }
    /// The value as `Int32`.
    @inlinable
    public func decode(_ type: Int32.Type) throws(DecodingError) -> Int32 { try state.integer(value, type, depth, step) }
    /// The value as `Int64`.
    @inlinable
    public func decode(_ type: Int64.Type) throws(DecodingError) -> Int64 { try state.integer(value, type, depth, step) }
    /// The value as `UInt`.
    @inlinable
    public func decode(_ type: UInt.Type) throws(DecodingError) -> UInt { try state.integer(value, type, depth, step) }
    /// The value as `UInt8`.
    @inlinable
    public func decode(_ type: UInt8.Type) throws(DecodingError) -> UInt8 { try state.integer(value, type, depth, step) }
    /// The value as `UInt16`.
    @inlinable
    public func decode(_ type: UInt16.Type) throws(DecodingError) -> UInt16 { try state.integer(value, type, depth, step) }
    /// The value as `UInt32`.
    @inlinable
    public func decode(_ type: UInt32.Type) throws(DecodingError) -> UInt32 { try state.integer(value, type, depth, step) }
    /// The value as `UInt64`.
    @inlinable
    public func decode(_ type: UInt64.Type) throws(DecodingError) -> UInt64 { try state.integer(value, type, depth, step) }
    /// The value as `Float`.
    @inlinable
    public func decode(_ type: Float.Type) throws(DecodingError) -> Float { try state.float(value, type, depth, step) }
    /// The value as `Double`.
    @inlinable
    public func decode(_ type: Double.Type) throws(DecodingError) -> Double { try state.float(value, type, depth, step) }
    /// The value as a date.
    @inlinable
    public func decode(_ type: Date.Type) throws(DecodingError) -> Date { try state.date(value, depth, step) }
    /// The value as data.
    @inlinable
    public func decode(_ type: Data.Type) throws(DecodingError) -> Data { try state.data(value, depth, step) }

    /// Opens the value as a dictionary with the fields `fields`.
    @inlinable
    public func decodeFields(_ fields: PlistFields) throws(DecodingError) -> BinaryModelFieldsDecoder {
        try BinaryModelFieldsDecoder(state: state, table: fields, value: value, step: step, depth: depth)
    }

    /// Opens the value as an array (or a set).
    @inlinable
    public func decodeElements() throws(DecodingError) -> BinaryModelElementsDecoder {
        try BinaryModelElementsDecoder(state: state, value: value, step: step, depth: depth)
    }

    /// Decodes the value through `T`'s `Decodable` conformance.
    public func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T {
        try state.common.decodable(value, type, depth, step)
    }

    /// `dataCorrupted` at this value's coding path.
    public func dataCorrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}

/// The ``PlistElementsDecoder`` of ``BinaryModelDecoder``: the references of an array or a
/// set object, read in place.
public struct BinaryModelElementsDecoder: PlistElementsDecoder {
    @usableFromInline let state: BinaryModelDecodingState
    /// The array.
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    @usableFromInline let depth: Int
    /// Where the element references start.
    @usableFromInline let start: Int
    /// The number of elements.
    public let count: Int
    /// The next element's position.
    @usableFromInline var currentIndex = 0

    @usableFromInline
    init(state: BinaryModelDecodingState, value: Int, step: ModelStep, depth: Int) throws(DecodingError) {
        let common = state.common
        try common.enter(value, depth: depth, step: step)
        let object: BinaryObject
        do {
            object = try state.source.object(value)
        } catch {
            throw common.corrupted(error, depth, step)
        }
        guard object.kind == .array || object.kind == .set else {
            throw common.mismatch([Any].self, value, depth, step)
        }
        self.state = state
        self.value = value
        self.step = step
        self.depth = depth
        start = object.start
        count = object.count
    }

    /// The keys from the root to the array.
    public var codingPath: [any CodingKey] { state.common.path(depth: depth, step: step) }

    /// True when every element has been read.
    @inlinable
    public var isAtEnd: Bool { currentIndex >= count }

    /// The element at `currentIndex`; `valueNotFound` at the end.
    @usableFromInline
    func next(_ type: Any.Type) throws(DecodingError) -> Int {
        guard currentIndex < count else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: state.common.path(depth: depth + 1, step: .index(currentIndex)), debugDescription: "Unkeyed container is at end.\(state.common.position(value))"))
        }
        do {
            try state.source.checkValid()
            return try state.checkedRef(at: start &+ currentIndex &* state.refSize)
        } catch {
            throw state.common.corrupted(error, depth + 1, .index(currentIndex))
        }
    }

    /// The next element as `T`.
    @inlinable
    public mutating func decode<T: PlistDecodable>(_ type: T.Type) throws(DecodingError) -> T {
        var decoder = BinaryModelDecoder(state: state, value: try next(type), step: .index(currentIndex), depth: depth + 1)
        let element = try T(plist: &decoder)
        currentIndex += 1
        return element
    }

    /// The next element through `T`'s `Decodable` conformance.
    public mutating func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T {
        let element = try state.common.decodable(next(type), type, depth + 1, .index(currentIndex))
        currentIndex += 1
        return element
    }
}
