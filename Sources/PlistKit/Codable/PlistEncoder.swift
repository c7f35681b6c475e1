#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Encodes `Encodable` values as property lists.
///
/// Like Foundation's `PropertyListEncoder`, with the same API shape, so a program switches
/// by renaming the type, and it writes the trees `PropertyListEncoder` writes: `Date` as a
/// date, `Data` as data, `nil` as the string `$null`, `URL` as a dictionary with a
/// `relative` (and `base`) key, `UUID` as its string, dictionaries with `Int` keys as
/// dictionaries with the keys in decimal, `superEncoder()` under the key `super`.
///
/// ```swift
/// let encoder = PlistEncoder()
/// encoder.outputFormat = .xml
/// let data = try encoder.encode(settings)
/// ```
///
/// Errors are `EncodingError.invalidValue`, as Foundation's: a top-level value that is not
/// a dictionary or an array, a format that cannot be written, a value that the format
/// cannot hold (a date in JSON).
open class PlistEncoder {
    /// Options that change the output without changing its meaning.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Writes dictionary keys in CF's order (`CFStringCompare`: UTF-16 code units), as
        /// `PropertyListEncoder` and Apple's XML writer sort them, rather than the order they
        /// were encoded in.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 0)
    }

    /// The format to write: `.binary` (the default), `.xml`, `.json` as `plutil -convert
    /// json` writes it, or `.openStep` (strings, data, arrays and dictionaries only: a number,
    /// Boolean or date is an error naming its key path; Foundation refuses to write OpenStep
    /// at all). Like `PropertyListEncoder.outputFormat`.
    open var outputFormat: PlistFormat {
        get { options.withLock { $0.outputFormat } }
        set { options.withLock { $0.outputFormat = newValue } }
    }

    /// Output options; empty by default, which keeps keys in encoding order.
    open var outputFormatting: OutputFormatting {
        get { options.withLock { $0.outputFormatting } }
        set { options.withLock { $0.outputFormatting = newValue } }
    }

    /// Values for the types being encoded to read from `Encoder.userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.withLock { $0.userInfo } }
        set { options.withLock { $0.userInfo = newValue } }
    }

    /// The options, behind a lock so that one encoder can be shared by many tasks; each
    /// `encode` call copies them once, as swift-foundation's encoder does.
    let options = Mutex(Options())

    struct Options: Sendable {
        var outputFormat: PlistFormat = .binary
        var outputFormatting: OutputFormatting = []
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    }

    /// Creates an encoder.
    public init() {}

    /// Encodes `value` as a property list in ``outputFormat``.
    ///
    /// Like `PropertyListEncoder.encode(_:)`.
    /// - Throws: `EncodingError.invalidValue` when the top-level value encodes nothing or a
    ///   lone scalar other than `Data` (as Foundation does), when
    ///   ``outputFormat`` cannot be written, or any error `value`'s `encode(to:)` throws.
    open func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let options = options.withLock { $0 }
        // A format with a sink (binary) is written as the encode goes, without a tree.
        let sink = options.outputFormat.native?.encodingSink()
        let tree = try Self.encodeToPlist(value, options: options, sink: sink)
        return try Self.file(top: tree, of: value, sink: sink, format: options.outputFormat)
    }

    /// The file whose root is `tree`, which `value` encoded (through `sink` when there is one).
    /// - Throws: `EncodingError.invalidValue` when `tree` is a lone scalar other than `Data`
    ///   (Foundation refuses those) or cannot be written in `format`.
    static func file<Value>(top tree: Plist, of value: Value, sink: BinaryEncodingSink?, format: PlistFormat) throws(EncodingError) -> Data {
        switch tree {
        case .dictionary, .array, .data:
            // Foundation writes a top-level Data (and refuses other scalars).
            break
        case _ where sink?.isStandIn(tree) == true:
            // The sink's stand-in for a dictionary or an array.
            break
        default:
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(Value.self) encoded as \(PlistEncoder.fragmentWord(tree)) property list fragment."))
        }
        do {
            if let sink { return try sink.file(top: tree) }
            return try tree.encoded(as: format)
        } catch {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode the given top-level value as a property list: \(error).", underlyingError: error))
        }
    }

    /// Encodes `value` as a ``Plist`` value, which may be a scalar.
    ///
    /// Foundation has no equivalent. The result is the tree ``encode(_:)-3tobw`` writes, which
    /// ``Plist/encoded(as:)`` turns into bytes.
    /// - Throws: `EncodingError.invalidValue` when `value` encodes nothing at all, or any
    ///   error its `encode(to:)` throws.
    open func encodeToPlist<Value: Encodable>(_ value: Value) throws -> Plist {
        try Self.encodeToPlist(value, options: options.withLock { $0 })
    }

    private static func encodeToPlist<Value: Encodable>(_ value: Value, options: Options, sink: BinaryEncodingSink? = nil) throws -> Plist {
        guard let encoded = try PlistEncoderImpl.encodeTop(value, userInfo: options.userInfo, sortingKeys: options.outputFormatting.contains(.sortedKeys), sink: sink) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return encoded
    }

    static func fragmentWord(_ value: Plist) -> String {
        switch value {
        case .integer, .real, .real32: "number"
        case .string: "string"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .uid: "UID"
        case .dictionary: "dictionary"
        case .array: "array"
        }
    }
}

/// Safe to share between tasks: the options are behind a lock and copied once per call, and
/// each call encodes with state of its own. (`@unchecked` because the class is `open`.)
extension PlistEncoder: @unchecked Sendable {}
