#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `PlistDecoder` takes the `PlistDecodable` path by overload: for a conforming type these
// are more specific than the `Decodable` methods (the last ones decide for a type that is
// both). They are inlinable so that the caller's module specializes `T.init(plist:)` for
// ``ModelDecoder`` over each source: ``BinaryModelSource`` (binary input), ``XMLModelSource``
// (XML) and ``TreeModelSource`` (the rest, from a tree): the model's field reads become
// direct calls.

extension PlistDecoder {
    /// Decodes a ``PlistDecodable`` value from a property list in any supported format, with
    /// the decoder's `userInfo` and ``readingOptions``.
    /// - Throws: `DecodingError`, as ``decode(_:from:)-3d3ir``.
    @inlinable
    public func decode<T: PlistDecodable>(_ type: T.Type, from data: Data) throws -> T {
        var format = PlistFormat.binary
        return try decode(type, from: data, format: &format)
    }

    /// Decodes a ``PlistDecodable`` value and reports the format found.
    @inlinable
    public func decode<T: PlistDecodable>(_ type: T.Type, from data: Data, format: inout PlistFormat) throws -> T {
        var result: T?
        try withModelDecoder(from: data, format: &format, binary: { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        }, xml: { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        }, other: { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        })
        return result!
    }

    /// Decodes a ``PlistDecodable`` value from a ``Plist`` value.
    @inlinable
    public func decode<T: PlistDecodable>(_ type: T.Type, from value: Plist) throws -> T {
        var result: T?
        try withModelDecoder(from: value) { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        }
        return result!
    }

    /// Decodes a value that is both `Decodable` and ``PlistDecodable`` by the latter.
    @inlinable
    public func decode<T: Decodable & PlistDecodable>(_ type: T.Type, from data: Data) throws -> T {
        var format = PlistFormat.binary
        return try decode(type, from: data, format: &format)
    }

    /// Decodes a value that is both `Decodable` and ``PlistDecodable`` by the latter, and
    /// reports the format found.
    @inlinable
    public func decode<T: Decodable & PlistDecodable>(_ type: T.Type, from data: Data, format: inout PlistFormat) throws -> T {
        var result: T?
        try withModelDecoder(from: data, format: &format, binary: { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        }, xml: { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        }, other: { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        })
        return result!
    }

    /// Decodes a value that is both `Decodable` and ``PlistDecodable`` from a ``Plist`` by the latter.
    @inlinable
    public func decode<T: Decodable & PlistDecodable>(_ type: T.Type, from value: Plist) throws -> T {
        var result: T?
        try withModelDecoder(from: value) { (decoder) throws(DecodingError) in
            result = try T(plist: &decoder)
        }
        return result!
    }

    /// Runs `binary` or `xml` with a decoder at the root of `data` when it is a binary or an
    /// XML property list, `other` with one over its tree otherwise.
    @usableFromInline
    func withModelDecoder(from data: Data, format: inout PlistFormat, binary: (inout ModelDecoder<BinaryModelSource>) throws(DecodingError) -> Void, xml: (inout ModelDecoder<XMLModelSource>) throws(DecodingError) -> Void, other: (inout ModelDecoder<TreeModelSource>) throws(DecodingError) -> Void) throws(DecodingError) {
        guard let detected = PlistFormat.detect(data) else {
            throw Self.corrupted(PlistError.undetectedFormat(data))
        }
        let options = options.withLock { $0 }
        if let native = detected.native {
            try ByteView.with(data) { (bytes) throws(DecodingError) in
                try native.withDecodingSource(bytes, storage: data, options: options.readingOptions) { (source) throws(DecodingError) in
                    if let source = source as? BinaryDecodingSource {
                        try Self.run(binary, source: source, options)
                    } else if let source = source as? XMLDecodingSource {
                        try Self.run(xml, source: source, options)
                    } else {
                        try Self.run(other, source: source, options)
                    }
                }
            }
        } else {
            let tree: Plist
            do {
                tree = try Plist(decoding: data, format: detected, options: options.readingOptions)
            } catch {
                throw Self.corrupted(error)
            }
            try Self.run(other, source: TreeDecodingSource(tree), options)
        }
        format = detected
    }

    /// Runs `body` with a decoder at the root of `value`.
    @usableFromInline
    func withModelDecoder(from value: Plist, _ body: (inout ModelDecoder<TreeModelSource>) throws(DecodingError) -> Void) throws(DecodingError) {
        try Self.run(body, source: TreeDecodingSource(value), options.withLock { $0 })
    }

    private static func run(_ body: (inout ModelDecoder<BinaryModelSource>) throws(DecodingError) -> Void, source: BinaryDecodingSource, _ options: Options) throws(DecodingError) {
        try run(body, BinaryModelSource(common: common(source, options), source: source), top: source.top)
    }

    private static func run(_ body: (inout ModelDecoder<XMLModelSource>) throws(DecodingError) -> Void, source: XMLDecodingSource, _ options: Options) throws(DecodingError) {
        try run(body, XMLModelSource(common: common(source, options), source: source), top: source.top)
    }

    private static func run(_ body: (inout ModelDecoder<TreeModelSource>) throws(DecodingError) -> Void, source: any PlistDecodingSource, _ options: Options) throws(DecodingError) {
        try run(body, TreeModelSource(common: common(source, options)), top: source.top)
    }

    private static func common(_ source: any PlistDecodingSource, _ options: Options) -> ModelDecodingState {
        ModelDecodingState(source: source, userInfo: options.userInfo, maximumDepth: options.readingOptions.maximumDepth)
    }

    private static func run<Source: ModelSource>(_ body: (inout ModelDecoder<Source>) throws(DecodingError) -> Void, _ source: Source, top: Int) throws(DecodingError) {
        var decoder = ModelDecoder(state: source, value: top, step: .root, depth: 0)
        try body(&decoder)
    }
}
