/// The error every PlistKit reader and writer throws: what went wrong, where, and why.
///
/// Like `NSError` in `NSCocoaErrorDomain` with `NSPropertyListReadCorruptError`, but with a
/// specific ``Code`` and a position you can act on.
public struct PlistError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure an error is: one open vocabulary for the errors of all three
    /// products, ``PlistError``, KeyedArchive's `KeyedArchiveError` and PlistStore's
    /// `PlistStoreError` (whose `Code` is this type), as Foundation's `CocoaError.Code` serves
    /// its file, property-list and coder errors alike. The codes below are PlistKit's; each
    /// module that throws codes of its own defines them as static constants in an extension
    /// of this type (KeyedArchive's `missingKey`, PlistStore's `corruptFile`, …), so PlistKit
    /// never needs to know them. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable name, such as `"truncated"`.
        public let name: String
        /// Creates a code with a stable name. Codes compare by name, so define each once, as
        /// a static constant of this type.
        public init(_ name: String) { self.name = name }
        /// The code's name.
        public var description: String { name }

        // MARK: Property lists (PlistError)

        /// The input ends before a structure it promises (header, trailer, table, object).
        public static let truncated = Code("truncated")
        /// The input does not start the way the format requires.
        public static let badHeader = Code("badHeader")
        /// The binary trailer holds impossible sizes or positions.
        public static let badTrailer = Code("badTrailer")
        /// An object offset points outside the object area.
        public static let offsetOutOfRange = Code("offsetOutOfRange")
        /// An object reference names an object that does not exist.
        public static let refOutOfRange = Code("refOutOfRange")
        /// A count is larger than the bytes left could hold, or overflows.
        public static let countTooLarge = Code("countTooLarge")
        /// A container contains itself, directly or through others. In a `KeyedArchiveError`:
        /// a Foundation collection contains itself, so no Swift value can hold it (objects,
        /// `KeyedCodable` classes, may form cycles).
        public static let cyclicReference = Code("cyclicReference")
        /// A dictionary key is not a string.
        public static let nonStringKey = Code("nonStringKey")
        /// Containers nest deeper than the reading options allow (in a `KeyedArchiveError`,
        /// than the unarchiver's depth limit).
        public static let depthLimitExceeded = Code("depthLimitExceeded")
        /// An object marker or element this format does not define.
        public static let unknownObject = Code("unknownObject")
        /// An object the format defines but the value model cannot hold (a binary null).
        public static let unsupportedObject = Code("unsupportedObject")
        /// String bytes that are not valid in their declared encoding.
        public static let invalidString = Code("invalidString")
        /// An integer outside −2⁶³ … 2⁶⁴−1, or integer text that is not a number.
        public static let invalidInteger = Code("invalidInteger")
        /// Real-number text that is not a number.
        public static let invalidReal = Code("invalidReal")
        /// Date text that is not an ISO 8601 UTC date.
        public static let invalidDate = Code("invalidDate")
        /// Base64 text that does not decode.
        public static let invalidData = Code("invalidData")
        /// Text that breaks the syntax of its format (XML, JSON, OpenStep).
        public static let syntax = Code("syntax")
        /// Well-formed text that is not a property list (a key without a value, say).
        public static let structure = Code("structure")
        /// The input is in no format PlistKit reads.
        public static let unknownFormat = Code("unknownFormat")
        /// The format is recognised but not supported by this version.
        public static let unsupportedFormat = Code("unsupportedFormat")
        /// The value cannot be written in the requested format (a date in JSON, say).
        public static let unrepresentable = Code("unrepresentable")
        /// The input needs more memory or objects than the reading options allow.
        public static let limitExceeded = Code("limitExceeded")
        /// A key path names nothing, or something of the wrong type.
        public static let keyPath = Code("keyPath")
        /// Reading or writing a file failed (in a `PlistStoreError`: any system call whose
        /// failure no other code names).
        public static let io = Code("io")
    }

    /// Where in the input the failure was found.
    public enum Location: Hashable, Sendable, CustomStringConvertible {
        /// A byte offset from the start of the input.
        case offset(Int)
        /// A 1-based line and column in text input.
        case lineColumn(line: Int, column: Int)

        /// The position as text: `offset N`, or `LINE:COLUMN`.
        public var description: String {
            switch self {
            case .offset(let offset): "offset \(offset)"
            case .lineColumn(let line, let column): "\(line):\(column)"
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people, naming the offending thing.
    public var message: String
    /// Where the failure was found, when it is tied to a place in the input.
    public var location: Location?

    /// Creates an error.
    public init(_ code: Code, _ message: String, at location: Location? = nil) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// Creates an error at a byte offset.
    init(_ code: Code, _ message: String, offset: Int) {
        self.init(code, message, at: .offset(offset))
    }

    /// The message with its position, e.g. `ref 9 out of range (3 objects) at offset 12`.
    public var description: String {
        guard let location else { return message }
        return "\(message) at \(location)"
    }
}
