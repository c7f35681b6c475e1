#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Decodes `Decodable` values from property lists.
///
/// Like Foundation's `PropertyListDecoder`, with the same API shape, so a program switches
/// by renaming the type, and it reads what `PropertyListEncoder` (or ``PlistEncoder``)
/// writes. The format is detected: binary, XML, and JSON in plutil's dialect.
///
/// Binary input is decoded straight from the file's object table: no ``Plist`` tree is
/// built, each object the types ask for is validated as it is read, and errors name the
/// byte offset. XML input is scanned once into a flat node table that the decoder reads
/// (again no ``Plist`` tree), and errors name the line:column of the element. JSON input
/// is read into a ``Plist`` first and decoded from that. ``decode(_:from:)-4k97p`` decodes a value the program already holds.
///
/// ```swift
/// let settings = try PlistDecoder().decode(Settings.self, from: data)
/// ```
///
/// Errors are `DecodingError`s with the coding path; when the input itself is broken the
/// case is `dataCorrupted` and its `underlyingError` is the ``PlistError``.
open class PlistDecoder {
    /// Values for the types being decoded to read from `Decoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.withLock { $0.userInfo } }
        set { options.withLock { $0.userInfo = newValue } }
    }

    /// Limits applied to the input (the nesting depth).
    open var readingOptions: PlistReadingOptions {
        get { options.withLock { $0.readingOptions } }
        set { options.withLock { $0.readingOptions = newValue } }
    }

    /// The options, behind a lock so that one decoder can be shared by many tasks; each
    /// `decode` call copies them once, as swift-foundation's decoder does.
    let options = Mutex(Options())

    struct Options: Sendable {
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var readingOptions: PlistReadingOptions = .default
    }

    /// Creates a decoder.
    public init() {}

    /// Decodes a value of type `T` from a property list in any supported format.
    ///
    /// Like `PropertyListDecoder.decode(_:from:)`.
    /// - Throws: `DecodingError` (`dataCorrupted` for input that is not a property list,
    ///   `typeMismatch`, `keyNotFound` or `valueNotFound` when it does not fit `T`), or any
    ///   error `T`'s `init(from:)` throws.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        var format = PlistFormat.binary
        return try decode(type, from: data, format: &format)
    }

    /// Decodes a value of type `T` from a property list and reports the format found.
    ///
    /// Like `PropertyListDecoder.decode(_:from:format:)`.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data, format: inout PlistFormat) throws -> T {
        guard let detected = PlistFormat.detect(data) else {
            throw Self.corrupted(PlistError.undetectedFormat(data))
        }
        let options = options.withLock { $0 }
        let value: T
        if let native = detected.native {
            value = try ByteView.with(data) { bytes in
                try native.decode(type, from: bytes, storage: data, options: options.readingOptions, userInfo: options.userInfo)
            }
        } else {
            let tree: Plist
            do {
                tree = try Plist(decoding: data, format: detected, options: options.readingOptions)
            } catch {
                throw Self.corrupted(error)
            }
            value = try Self.decode(type, from: tree, options)
        }
        format = detected
        return value
    }

    /// Decodes a value of type `T` from a ``Plist`` value.
    ///
    /// Foundation's nearest equivalent decodes from `Data` only; this reads a value the
    /// program already has (one read with ``Plist/init(decoding:options:)``, say).
    open func decode<T: Decodable>(_ type: T.Type, from value: Plist) throws -> T {
        try Self.decode(type, from: value, options.withLock { $0 })
    }

    private static func decode<T: Decodable>(_ type: T.Type, from value: Plist, _ options: Options) throws -> T {
        try PlistDecoderImpl.decodeTop(type, source: TreeDecodingSource(value), userInfo: options.userInfo, maximumDepth: options.readingOptions.maximumDepth)
    }

    /// How input that is not a property list is reported, at `path` (the root when the
    /// whole input is bad), as Foundation's decoder reports it.
    static func corrupted(_ error: PlistError, at path: [any CodingKey] = []) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "The given data was not a valid property list: \(error).", underlyingError: error))
    }
}

/// Safe to share between tasks: the options are behind a lock and copied once per call, and
/// each call decodes with state of its own. (`@unchecked` because the class is `open`.)
extension PlistDecoder: @unchecked Sendable {}
