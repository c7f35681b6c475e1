#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
/// is read into a ``Plist`` first and decoded from that. ``decode(_:from:)-(_,Plist)`` decodes a value the program already holds.
///
/// ```swift
/// let settings = try PlistDecoder().decode(Settings.self, from: data)
/// ```
///
/// Errors are `DecodingError`s with the coding path; when the input itself is broken the
/// case is `dataCorrupted` and its `underlyingError` is the ``PlistError``.
open class PlistDecoder {
    /// Values for the types being decoded to read from `Decoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Limits applied to the input (the nesting depth).
    open var readingOptions: PlistReadingOptions = .default

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
            let error = PlistError(.unknownFormat, data.isEmpty ? "input is empty" : "input is not a property list in any known format", offset: 0)
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not a valid property list: \(error).", underlyingError: error))
        }
        let value: T
        switch detected {
        case .binary:
            value = try data.withUnsafeBytes { buffer in
                try decodeBinary(type, buffer)
            }
        case .xml:
            value = try data.withUnsafeBytes { buffer in
                try decodeXML(type, buffer)
            }
        case .json, .openStep:
            // JSON (and OpenStep, once read) still go through a tree that the decoder then
            // walks; only binary and XML are read without one.
            let tree: Plist
            do {
                tree = try Plist(decoding: data, format: detected, options: readingOptions)
            } catch {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not a valid property list: \(error).", underlyingError: error))
            }
            value = try decode(type, from: tree)
        }
        format = detected
        return value
    }

    /// Decodes a value of type `T` from a ``Plist`` value.
    ///
    /// Foundation's nearest equivalent decodes from `Data` only; this reads a value the
    /// program already has (one read with ``Plist/init(decoding:options:)``, say).
    open func decode<T: Decodable>(_ type: T.Type, from value: Plist) throws -> T {
        try PlistDecoderImpl.decodeTop(type, source: TreeDecodingSource(value), userInfo: userInfo, maximumDepth: readingOptions.maximumDepth)
    }

    /// XML: the scanner fills a flat node table (no ``Plist`` tree), which the decoder
    /// reads; errors name the line:column of the element.
    private func decodeXML<T: Decodable>(_ type: T.Type, _ buffer: UnsafeRawBufferPointer) throws -> T {
        let builder = XMLNodeTableBuilder(expectedInputSize: buffer.count)
        do {
            try XMLReader.scan(buffer, into: builder, options: readingOptions)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not a valid property list: \(error).", underlyingError: error))
        }
        return try PlistDecoderImpl.decodeTop(type, source: XMLDecodingSource(builder.table), userInfo: userInfo, maximumDepth: readingOptions.maximumDepth)
    }

    private func decodeBinary<T: Decodable>(_ type: T.Type, _ buffer: UnsafeRawBufferPointer) throws -> T {
        let table: BinaryObjectTable
        do {
            table = try BinaryObjectTable(buffer)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not a valid property list: \(error).", underlyingError: error))
        }
        let source = BinaryDecodingSource(table)
        defer { source.invalidate() }
        return try PlistDecoderImpl.decodeTop(type, source: source, userInfo: userInfo, maximumDepth: readingOptions.maximumDepth)
    }
}

extension PlistDecoder: @unchecked Sendable {}
