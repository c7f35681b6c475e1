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
        // A format with a sink (binary) is written as the encode goes, without a tree.
        let sink = options.outputFormat.native?.encodingSink()
        let tree = try Self.encodeToPlist(value, options: options, sink: sink, body)
        return try Self.file(top: tree, of: value, sink: sink, format: options.outputFormat)
    }

    /// The ``Plist`` `body` encodes at the root.
    @usableFromInline
    func withModelEncoderToPlist<Value>(_ value: Value, _ body: (inout PlistModelEncoder) throws(EncodingError) -> Void) throws(EncodingError) -> Plist {
        try Self.encodeToPlist(value, options: options.withLock { $0 }, sink: nil, body)
    }

    private static func encodeToPlist<Value>(_ value: Value, options: Options, sink: BinaryEncodingSink?, _ body: (inout PlistModelEncoder) throws(EncodingError) -> Void) throws(EncodingError) -> Plist {
        let state = ModelEncodingState(userInfo: options.userInfo, sortingKeys: options.outputFormatting.contains(.sortedKeys), sink: sink)
        var encoder = PlistModelEncoder(state: state, step: .root, depth: 0)
        try body(&encoder)
        guard let encoded = encoder.result else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return encoded
    }
}
