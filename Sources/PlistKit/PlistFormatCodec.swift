#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything PlistKit needs of one property-list format: how to recognise it, and how to
/// read and write a whole value.
///
/// PlistKit's formats (``PlistFormat/binary``, ``PlistFormat/xml``, ``PlistFormat/json``,
/// ``PlistFormat/openStep``) are codecs of this protocol; ``PlistFormat/register(_:)`` adds
/// another, which every API that takes a ``PlistFormat`` then reads and writes:
/// `Plist(decoding:)` and ``Plist/encoded(as:options:)``, ``PlistEventReader`` and
/// ``PlistEventWriter``, ``PlistDecoder`` and ``PlistEncoder``. PlistKit's own formats also
/// stream events in bounded memory and feed the coders without building a ``Plist``; a
/// registered format's events and coders go through a whole ``Plist`` value instead.
///
/// ```swift
/// struct LinesFormat: PlistFormatCodec {          // an array of strings, one a line
///     var name: String { "lines" }
///     func detect(_ head: [UInt8], isComplete: Bool) -> PlistFormatMatch? {
///         head.starts(with: Array("LINES\n".utf8)) ? .certain : nil
///     }
///     func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist { … }
///     func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data { … }
/// }
/// let lines = PlistFormat.register(LinesFormat())
/// ```
public protocol PlistFormatCodec: Sendable {
    /// The format's name, unique among registered formats: ``PlistFormat``'s `rawValue`.
    var name: String { get }

    /// Whether `head`, the first bytes of an input (up to 512), starts a document in this
    /// format.
    ///
    /// - Parameters:
    ///   - head: The first bytes of the input.
    ///   - isComplete: True when `head` is the whole input.
    /// - Returns: ``PlistFormatMatch/certain`` when the bytes can only be this format,
    ///   ``PlistFormatMatch/fallback`` when they could be (a catch-all such as OpenStep
    ///   text), nil when they are not.
    func detect(_ head: [UInt8], isComplete: Bool) -> PlistFormatMatch?

    /// Reads the whole value of a document in this format.
    ///
    /// `bytes` are valid only during the call. The requirement takes raw memory because a
    /// registered format is written outside PlistKit and can only be handed what a public
    /// API can name; PlistKit's own formats read a bounds-checked view instead, and this
    /// file is where a view is lent to a registered one.
    ///
    /// - Throws: ``PlistError`` naming the problem and its position.
    func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist

    /// Writes a whole value in this format.
    ///
    /// - Throws: ``PlistError`` when the format cannot hold the value (code
    ///   ``PlistError/Code/unrepresentable``) or it nests deeper than
    ///   `options.maximumDepth`.
    func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data
}

/// How sure a ``PlistFormatCodec`` is that an input is in its format.
public enum PlistFormatMatch: Sendable, Hashable {
    /// The input can only be this format (a magic number, a distinctive opening).
    case certain
    /// The input could be this format, if no other is certain of it.
    case fallback
}

extension PlistFormatCodec {
    /// ``read(_:options:)`` of the bytes `bytes` shows: how PlistKit hands an input to a
    /// registered format.
    func read(_ bytes: ByteView, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try bytes.withUnsafeBufferPointer { (buffer) throws(PlistError) in try read(UnsafeRawBufferPointer(buffer), options: options) }
    }
}

extension NativePlistFormat {
    /// The ``PlistFormatCodec`` requirement, for a native format used as a plain codec.
    func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        try read(ByteView(bytes), storage: nil, options: options)
    }
}
