#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Plist {
    /// Decodes a property list, detecting its format.
    ///
    /// Like `PropertyListSerialization.propertyList(from:options:format:)`.
    /// - Throws: ``PlistError`` naming the problem and its position.
    public init(decoding bytes: some Collection<UInt8>, options: PlistReadingOptions = .default) throws(PlistError) {
        self = try Plist.decodedWithFormat(bytes, options: options).value
    }

    /// Decodes a property list stored in a known format.
    public init(decoding bytes: some Collection<UInt8>, format: PlistFormat, options: PlistReadingOptions = .default) throws(PlistError) {
        self = try Plist.withContiguousBytes(bytes) { (buffer) throws(PlistError) in
            try Plist.decode(buffer, format: format, options: options)
        }
    }

    /// Decodes a property list, detecting its format, and returns the format found too.
    public static func decodedWithFormat(_ bytes: some Collection<UInt8>, options: PlistReadingOptions = .default) throws(PlistError) -> (value: Plist, format: PlistFormat) {
        try withContiguousBytes(bytes) { (buffer) throws(PlistError) in
            guard let format = PlistFormat.detect(buffer) else {
                throw PlistError(.unknownFormat, buffer.isEmpty ? "input is empty" : "input is not a property list in any known format", offset: 0)
            }
            return (try decode(buffer, format: format, options: options), format)
        }
    }

    /// Encodes the value in `format`.
    ///
    /// Like `PropertyListSerialization.data(fromPropertyList:format:options:)`.
    /// - Throws: ``PlistError`` when the value cannot be stored in that format (a date in
    ///   JSON, say) or nests deeper than the default depth limit.
    public func encoded(as format: PlistFormat) throws(PlistError) -> Data {
        switch format {
        case .binary:
            return try BinaryWriter.write(self)
        case .xml, .json, .openStep:
            throw PlistError(.unsupportedFormat, "writing \(format.rawValue) is not supported yet")
        }
    }

    private static func decode(_ buffer: UnsafeRawBufferPointer, format: PlistFormat, options: PlistReadingOptions) throws(PlistError) -> Plist {
        switch format {
        case .binary:
            return try BinaryReader.read(buffer, options: options)
        case .xml, .json, .openStep:
            throw PlistError(.unsupportedFormat, "reading \(format.rawValue) is not supported yet", offset: 0)
        }
    }

    /// Runs `body` over the bytes of `bytes` as one contiguous buffer, copying only when the
    /// collection has no contiguous storage of its own.
    static func withContiguousBytes<R>(_ bytes: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws(PlistError) -> R) throws(PlistError) -> R {
        let result: Result<R, PlistError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(PlistError) -> R in try body(UnsafeRawBufferPointer(buffer)) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBytes { buffer in
            Result { () throws(PlistError) -> R in try body(buffer) }
        }.get()
    }
}
