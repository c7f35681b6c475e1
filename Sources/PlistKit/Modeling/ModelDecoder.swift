#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``PlistValueDecoder`` that ``PlistDecoder`` hands to ``PlistDecodable`` types, over
/// one format's ``ModelSource``: a value that only says where it is (value, step, depth);
/// what a decode shares is the source, one object per decode.
///
/// Its methods are inlinable, so that a conformance specialized for it (in the caller's
/// module, from ``PlistDecoder``'s inlinable entry points) calls the source directly.
@usableFromInline
struct ModelDecoder<Source: ModelSource>: PlistValueDecoder {
    @usableFromInline let state: Source
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    @usableFromInline let depth: Int

    @inlinable
    init(state: Source, value: Int, step: ModelStep, depth: Int) {
        self.state = state
        self.value = value
        self.step = step
        self.depth = depth
    }

    @usableFromInline
    var codingPath: [any CodingKey] { state.common.path(depth: depth, step: step) }
    @usableFromInline
    var userInfo: [CodingUserInfoKey: Any] { state.common.userInfo }

    @inlinable
    func decodeNil() throws(DecodingError) -> Bool { try state.isNull(value, depth, step) }
    @inlinable
    func decode(_ type: Bool.Type) throws(DecodingError) -> Bool { try state.bool(value, depth, step) }
    @inlinable
    func decode(_ type: String.Type) throws(DecodingError) -> String { try state.string(value, depth, step) }
    @inlinable
    func decode(_ type: Int.Type) throws(DecodingError) -> Int { try state.int(value, depth, step) }
    @inlinable
    func decode(_ type: Int8.Type) throws(DecodingError) -> Int8 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: Int16.Type) throws(DecodingError) -> Int16 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: Int32.Type) throws(DecodingError) -> Int32 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: Int64.Type) throws(DecodingError) -> Int64 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: UInt.Type) throws(DecodingError) -> UInt { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: UInt8.Type) throws(DecodingError) -> UInt8 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: UInt16.Type) throws(DecodingError) -> UInt16 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: UInt32.Type) throws(DecodingError) -> UInt32 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: UInt64.Type) throws(DecodingError) -> UInt64 { try state.integer(value, type, depth, step) }
    @inlinable
    func decode(_ type: Float.Type) throws(DecodingError) -> Float { try state.float(value, type, depth, step) }
    @inlinable
    func decode(_ type: Double.Type) throws(DecodingError) -> Double { try state.double(value, depth, step) }
    @inlinable
    func decode(_ type: Date.Type) throws(DecodingError) -> Date { try state.date(value, depth, step) }
    @inlinable
    func decode(_ type: Data.Type) throws(DecodingError) -> Data { try state.data(value, depth, step) }
    @inlinable
    func decode(_ type: UUID.Type) throws(DecodingError) -> UUID { try state.uuid(value, depth, step) }

    @inlinable
    func decodeFields(_ fields: PlistFields) throws(DecodingError) -> ModelFieldsDecoder<Source> {
        try ModelFieldsDecoder(state: state, table: fields, value: value, step: step, depth: depth)
    }

    @inlinable
    func decodeElements() throws(DecodingError) -> ModelElementsDecoder<Source> {
        try ModelElementsDecoder(state: state, value: value, step: step, depth: depth)
    }

    @inlinable
    func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T {
        try state.common.decodable(value, type, depth, step)
    }

    @usableFromInline
    func dataCorrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}

/// The ``PlistElementsDecoder`` of ``ModelDecoder``: an array's elements, read in order.
@usableFromInline
struct ModelElementsDecoder<Source: ModelSource>: PlistElementsDecoder {
    @usableFromInline let state: Source
    /// The array.
    @usableFromInline let value: Int
    @usableFromInline let step: ModelStep
    @usableFromInline let depth: Int
    @usableFromInline var array: Source.Array
    @usableFromInline let count: Int
    /// The next element's position.
    @usableFromInline var currentIndex = 0

    @inlinable
    init(state: Source, value: Int, step: ModelStep, depth: Int) throws(DecodingError) {
        (array, count) = try state.openArray(value, depth: depth, step: step)
        self.state = state
        self.value = value
        self.step = step
        self.depth = depth
    }

    @usableFromInline
    var codingPath: [any CodingKey] { state.common.path(depth: depth, step: step) }

    @inlinable
    var isAtEnd: Bool { currentIndex >= count }

    /// The element at `currentIndex`; `valueNotFound` at the end.
    @inlinable
    mutating func next(_ type: Any.Type) throws(DecodingError) -> Int {
        guard currentIndex < count else { throw state.common.atEnd(type, value, depth, currentIndex) }
        return try state.element(currentIndex, in: &array, depth: depth)
    }

    @inlinable
    mutating func decode<T: PlistDecodable>(_ type: T.Type) throws(DecodingError) -> T {
        let element = try state.decodeValue(type, next(type), depth + 1, .index(currentIndex))
        currentIndex += 1
        return element
    }

    @inlinable
    mutating func decodeDecodable<T: Decodable>(_ type: T.Type) throws(DecodingError) -> T {
        let element = try state.common.decodable(next(type), type, depth + 1, .index(currentIndex))
        currentIndex += 1
        return element
    }
}
