#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `PlistEncoder` takes the `PlistEncodable` path by overload (the last ones decide for a
// type that is also `Encodable`), inlinable so that the caller's module specializes the
// model's `encode(plist:)` for ``PlistModelEncoder``.

extension PlistEncoder {
    /// Encodes a ``PlistEncodable`` value as a property list in ``outputFormat``, writing the
    /// bytes its `Encodable` conformance would.
    /// - Throws: `EncodingError.invalidValue`, as ``encode(_:)-3tobw``.
    @inlinable
    public func encode<Value: PlistEncodable>(_ value: Value) throws -> Data {
        try withModelEncoder(value) { (encoder) throws(EncodingError) in try value.encode(plist: &encoder) }
    }

    /// Encodes a value that is both `Encodable` and ``PlistEncodable`` by the latter.
    @inlinable
    public func encode<Value: Encodable & PlistEncodable>(_ value: Value) throws -> Data {
        try withModelEncoder(value) { (encoder) throws(EncodingError) in try value.encode(plist: &encoder) }
    }

    /// Encodes a ``PlistEncodable`` value as a ``Plist`` value, which may be a scalar.
    @inlinable
    public func encodeToPlist<Value: PlistEncodable>(_ value: Value) throws -> Plist {
        try withModelEncoderToPlist(value) { (encoder) throws(EncodingError) in try value.encode(plist: &encoder) }
    }

    /// Encodes a value that is both `Encodable` and ``PlistEncodable`` as a ``Plist`` by the latter.
    @inlinable
    public func encodeToPlist<Value: Encodable & PlistEncodable>(_ value: Value) throws -> Plist {
        try withModelEncoderToPlist(value) { (encoder) throws(EncodingError) in try value.encode(plist: &encoder) }
    }

    /// The file `body` encodes at the root, checked as ``encode(_:)-3tobw`` checks it.
    @usableFromInline
    func withModelEncoder<Value>(_ value: Value, _ body: (inout PlistModelEncoder) throws(EncodingError) -> Void) throws(EncodingError) -> Data {
        let options = options.withLock { $0 }
        // Binary goes into the writer's table and XML into the document as the encode goes;
        // other formats are written from the tree the encode builds.
        let sink = options.outputFormat.native?.encodingSink()
        let output: ModelEncodingState.Output = sink != nil ? .binary : options.outputFormat == .xml ? .xml : .tree
        let state = try Self.encode(value, output: output, options: options, sink: sink, body)
        return try state.file(of: value, format: options.outputFormat)
    }

    /// The ``Plist`` `body` encodes at the root.
    @usableFromInline
    func withModelEncoderToPlist<Value>(_ value: Value, _ body: (inout PlistModelEncoder) throws(EncodingError) -> Void) throws(EncodingError) -> Plist {
        let state = try Self.encode(value, output: .tree, options: options.withLock { $0 }, sink: nil, body)
        guard let top = state.top else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return top
    }

    private static func encode<Value>(_ value: Value, output: ModelEncodingState.Output, options: Options, sink: BinaryEncodingSink?, _ body: (inout PlistModelEncoder) throws(EncodingError) -> Void) throws(EncodingError) -> ModelEncodingState {
        let state = ModelEncodingState(output: output, userInfo: options.userInfo, sortingKeys: options.outputFormatting.contains(.sortedKeys), sink: sink)
        var encoder = PlistModelEncoder(state: state, step: .root, depth: 0, mark: state.position)
        try body(&encoder)
        return state
    }
}
