#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Plist {
    // Called from other modules, a generic entry point runs unspecialized: a metadata lookup
    // for every generic type it touches, a few hundred instructions a call. `@_specialize`
    // makes it jump to a version compiled for the common inputs.

    /// Decodes a property list, detecting its format.
    ///
    /// Like `PropertyListSerialization.propertyList(from:options:format:)`.
    /// - Throws: ``PlistError`` naming the problem and its position.
    @_specialize(where Bytes == Data)
    @_specialize(where Bytes == [UInt8])
    public init<Bytes: Collection<UInt8>>(decoding bytes: Bytes, options: PlistReadingOptions = .default) throws(PlistError) {
        let storage = bytes as? Data
        self = try Plist.withContiguousBytes(bytes) { (buffer) throws(PlistError) in
            // The two openings that settle the format are read without a ``PlistFormat``.
            switch PlistFormat.opening(buffer) {
            case .binary:
                return try Plist.read(buffer, with: BinaryFormat(), detected: .binary, storage: storage, options: options)
            case .xml:
                return try Plist.read(buffer, with: XMLFormat(), detected: .xml, storage: storage, options: options)
            case nil:
                return try Plist.decoded(buffer, storage: storage, options: options).value
            }
        }
    }

    /// Decodes a property list stored in a known format.
    @_specialize(where Bytes == Data)
    @_specialize(where Bytes == [UInt8])
    public init<Bytes: Collection<UInt8>>(decoding bytes: Bytes, format: PlistFormat, options: PlistReadingOptions = .default) throws(PlistError) {
        self = try Plist.withContiguousBytes(bytes) { (buffer) throws(PlistError) in
            try format.read(buffer, storage: bytes as? Data, options: options)
        }
    }

    /// Decodes a property list, detecting its format, and returns the format found too.
    @_specialize(where Bytes == Data)
    @_specialize(where Bytes == [UInt8])
    public static func decodedWithFormat<Bytes: Collection<UInt8>>(_ bytes: Bytes, options: PlistReadingOptions = .default) throws(PlistError) -> (value: Plist, format: PlistFormat) {
        try withContiguousBytes(bytes) { (buffer) throws(PlistError) in
            try decoded(buffer, storage: bytes as? Data, options: options)
        }
    }

    /// The value in `buffer` and the format detection found; `storage` is the `Data` the
    /// bytes belong to, if they do.
    private static func decoded(_ buffer: ByteView, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> (value: Plist, format: PlistFormat) {
        guard let format = PlistFormat.detect(buffer) else {
            throw PlistError.undetectedFormat(buffer)
        }
        do throws(PlistError) {
            return (try format.read(buffer, storage: storage, options: options), format)
        } catch {
            throw PlistError.fromDetectedFormat(format, error, headLooksBinary: FormatSniffer.looksBinary(buffer))
        }
    }

    /// `codec`'s reading of `buffer`, whose format detection would find to be `detected`,
    /// with the errors that detection gives.
    @inline(__always)
    private static func read(_ buffer: ByteView, with codec: some NativePlistFormat, detected: @autoclosure () -> PlistFormat, storage: Data?, options: PlistReadingOptions) throws(PlistError) -> Plist {
        do throws(PlistError) {
            return try codec.read(buffer, storage: storage, options: options)
        } catch {
            throw PlistError.fromDetectedFormat(detected(), error, headLooksBinary: FormatSniffer.looksBinary(buffer))
        }
    }

    /// Encodes the value in `format`.
    ///
    /// Like `PropertyListSerialization.data(fromPropertyList:format:options:)`.
    /// - Throws: ``PlistError`` when the value cannot be stored in that format (a date in
    ///   JSON, say) or nests deeper than the default depth limit.
    public func encoded(as format: PlistFormat) throws(PlistError) -> Data {
        try encoded(as: format, options: .default)
    }

    /// Encodes the value in `format` with writing options: sorted keys, human-readable JSON.
    ///
    /// `encoded(as: .xml, options: .plutil)` gives the bytes of `plutil -convert xml1`;
    /// `encoded(as: .json, options: .plutil)` those of `plutil -convert json -r`.
    /// - Throws: ``PlistError`` when the value cannot be stored in that format (a date in
    ///   JSON, say) or nests deeper than `options.maximumDepth`.
    public func encoded(as format: PlistFormat, options: PlistWritingOptions) throws(PlistError) -> Data {
        try format.codec.write(self, options: options)
    }

    /// Runs `body` over the bytes of `bytes` as one contiguous buffer, copying only when the
    /// collection has no contiguous storage of its own.
    static func withContiguousBytes<R>(_ bytes: some Collection<UInt8>, _ body: (ByteView) throws(PlistError) -> R) throws(PlistError) -> R {
        let result: Result<R, PlistError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(PlistError) -> R in try body(ByteView(buffer)) }
        }
        if let result { return try result.get() }
        return try ByteView.with(Array(bytes), body)
    }
}

/// How writers lay out what they write.
///
/// Like the options of `PropertyListSerialization` and `JSONSerialization`, with plutil's
/// choices spelled out.
public struct PlistWritingOptions: Sendable, Hashable {
    /// Sort dictionary keys the way plutil does for the format: XML and OpenStep by UTF-16
    /// code units (`CFStringCompare`), JSON like `JSONSerialization.WritingOptions.sortedKeys`
    /// (``PlutilKeyOrder``: numeric, case-insensitive). Binary ignores it. Default false: keys keep their order.
    public var sortedKeys: Bool
    /// JSON only: the indented layout of `plutil -convert json -r` (two spaces, `" : "`).
    /// Default false: compact, as `plutil -convert json` writes.
    public var humanReadable: Bool
    /// The deepest nesting of arrays and dictionaries written. Default 512.
    public var maximumDepth: Int
    /// OpenStep only: write integers, reals, booleans and dates as GNUstep's typed values
    /// (`<*I12>`, `<*R1.5>`, `<*BY>`, `<*D2020-01-01 12:00:00 +0000>`), as GNUstep's
    /// `NSPropertyListGNUstepFormat` does. Default false: OpenStep text holds only strings,
    /// data, arrays and dictionaries, and anything else is an `.unrepresentable` error naming
    /// its key path (CF and plutil cannot read the typed forms).
    public var gnustepTypedValues: Bool
    /// OpenStep only: write the root, which must be a dictionary of strings, as a `.strings`
    /// file (`"key" = "value";` lines, no braces). Default false.
    public var stringsFile: Bool

    /// Creates options; the defaults keep key order and write compact JSON.
    public init(sortedKeys: Bool = false, humanReadable: Bool = false, maximumDepth: Int = 512, gnustepTypedValues: Bool = false, stringsFile: Bool = false) {
        self.sortedKeys = sortedKeys
        self.humanReadable = humanReadable
        self.maximumDepth = maximumDepth
        self.gnustepTypedValues = gnustepTypedValues
        self.stringsFile = stringsFile
    }

    /// The defaults: keys in the value's order, compact JSON.
    public static let `default` = PlistWritingOptions()

    /// What plutil writes: sorted keys and, for JSON, the `-r` layout.
    public static let plutil = PlistWritingOptions(sortedKeys: true, humanReadable: true)
}
