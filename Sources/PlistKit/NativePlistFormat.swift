#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What PlistKit's own formats add to ``PlistFormatCodec``: reads that may share the input's
/// storage, event streams in bounded memory, and the coders' routes that build no ``Plist``.
///
/// ``PlistFormat`` finds this conformance once, when the format is made (`native`); a format
/// registered by a program has none and goes through whole values (``TreeEventSource``,
/// ``TreeEventEmitter``, the coders' tree route).
protocol NativePlistFormat: PlistFormatCodec {
    /// Whether the input whose head is `head` starts a document in this format (see
    /// ``PlistFormatCodec/detect(_:isComplete:)``).
    func detect(_ head: FormatHead) -> PlistFormatMatch?

    /// Reads a whole value; binary data values may share `storage`, the `Data` that
    /// `bytes` belong to (``PlistReadingOptions/sharesLargeData``).
    func read(_ bytes: ByteView, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> Plist

    /// The events of a document in memory.
    func eventSource(bytes: Data, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource

    /// The events of a document read from a file descriptor: `input` reads it a chunk at a
    /// time (its head may already be buffered, for detection); `extent` is where the document
    /// lies, for formats that map the file instead.
    func eventSource(descriptor: Int32, extent: Syscalls.Result<(offset: Int, size: Int)>, input: EventInput, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource

    /// The format's half of a ``PlistEventWriter`` writing to `output`.
    func eventEmitter(output: EventOutput) -> any PlistEventEmitter

    /// Decodes `type` straight from the bytes, for ``PlistDecoder``. The default reads a
    /// ``Plist`` and decodes from that.
    func decode<T: Decodable>(_ type: T.Type, from bytes: ByteView, storage: Data, options: PlistReadingOptions, userInfo: [CodingUserInfoKey: any Sendable]) throws -> T

    /// Runs `body` (a ``PlistDecodable`` decode) with the source the Codable path would read
    /// the bytes through. The default reads a ``Plist`` and hands over a tree source.
    func withDecodingSource<R>(_ bytes: ByteView, storage: Data, options: PlistReadingOptions, _ body: (any PlistDecodingSource) throws(DecodingError) -> R) throws(DecodingError) -> R

    /// Where ``PlistEncoder`` writes as the encode goes, or nil to write the tree the encode
    /// returns.
    func encodingSink() -> BinaryEncodingSink?

    /// The error to report when reading input whose format was detected (not given) failed
    /// with `error`: the format's own, or one saying the input is in no format at all.
    func detectedInputError(_ error: PlistError, headLooksBinary: () -> Bool) -> PlistError
}

extension NativePlistFormat {
    func detect(_ head: [UInt8], isComplete: Bool) -> PlistFormatMatch? {
        detect(FormatHead(head, isComplete: isComplete))
    }

    func decode<T: Decodable>(_ type: T.Type, from bytes: ByteView, storage: Data, options: PlistReadingOptions, userInfo: [CodingUserInfoKey: any Sendable]) throws -> T {
        let tree: Plist
        do {
            tree = try read(bytes, storage: storage, options: options)
        } catch {
            throw PlistDecoder.corrupted(detectedInputError(error) { FormatSniffer.looksBinary(bytes) })
        }
        return try PlistDecoderImpl.decodeTop(type, source: TreeDecodingSource(tree), userInfo: userInfo, maximumDepth: options.maximumDepth)
    }

    func withDecodingSource<R>(_ bytes: ByteView, storage: Data, options: PlistReadingOptions, _ body: (any PlistDecodingSource) throws(DecodingError) -> R) throws(DecodingError) -> R {
        let tree: Plist
        do {
            tree = try read(bytes, storage: storage, options: options)
        } catch {
            throw PlistDecoder.corrupted(detectedInputError(error) { FormatSniffer.looksBinary(bytes) })
        }
        return try body(TreeDecodingSource(tree))
    }

    func encodingSink() -> BinaryEncodingSink? { nil }

    func detectedInputError(_ error: PlistError, headLooksBinary: () -> Bool) -> PlistError { error }
}

/// A native text format: its events come from a tokenizer over ``EventInput``, whether the
/// document is in memory or read from a descriptor a chunk at a time.
protocol NativeTextFormat: NativePlistFormat {
    /// The events of the document `input` reads.
    func eventSource(_ input: EventInput, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource
}

extension NativeTextFormat {
    func eventSource(bytes: Data, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        try eventSource(EventInput(bytes), options: options)
    }

    func eventSource(descriptor: Int32, extent: Syscalls.Result<(offset: Int, size: Int)>, input: EventInput, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        try eventSource(input, options: options)
    }
}
