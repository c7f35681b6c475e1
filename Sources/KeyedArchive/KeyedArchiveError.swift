import PlistKit

// Like the errors `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)` throws
// (`NSCoderReadCorruptError`, `NSCoderValueNotFoundError`), but typed.

/// The error the keyed-archive layer throws: what is wrong with an archive (or an object
/// graph), and which object it concerns.
public struct KeyedArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable name, such as `"missingKey"`.
        public let name: String
        private init(_ name: String) { self.name = name }
        /// The code's name.
        public var description: String { name }

        /// The bytes are not a property list (the `PlistError` is the ``cause``).
        public static let notAPropertyList = Code("notAPropertyList")
        /// The property list is not a keyed archive (`$archiver`, `$version`, `$top`, `$objects`).
        public static let notAnArchive = Code("notAnArchive")
        /// A UID names an object outside `$objects`.
        public static let uidOutOfRange = Code("uidOutOfRange")
        /// An object has no `$class`, or its class description is malformed.
        public static let badClass = Code("badClass")
        /// A class the secure-decoding allow list does not name.
        public static let classNotAllowed = Code("classNotAllowed")
        /// A key the decoder asked for is absent.
        public static let missingKey = Code("missingKey")
        /// A value is not of the type the decoder asked for.
        public static let typeMismatch = Code("typeMismatch")
        /// A class name with no registered Swift type.
        public static let unknownClass = Code("unknownClass")
        /// A Foundation collection contains itself (directly or through other collections), so
        /// no Swift value can hold it. Objects (``KeyedCodable`` classes) may form cycles.
        public static let cyclicReference = Code("cyclicReference")
        /// Values nest deeper than the unarchiver's depth limit.
        public static let depthLimitExceeded = Code("depthLimitExceeded")
        /// The encoded archive could not be written as a property list (the `PlistError`
        /// is the ``cause``).
        public static let encodingFailed = Code("encodingFailed")
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people, naming the object, key or class concerned.
    public var message: String
    /// The property-list error underneath (`notAPropertyList`, `encodingFailed`), with its
    /// own code and position.
    public var cause: PlistError?

    /// Creates an error.
    public init(_ code: Code, _ message: String, cause: PlistError? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// The error's message.
    public var description: String { message }
}

extension KeyedArchiveError {
    /// Runs `body`; an error it throws gets `context` (an element index, a key) before its
    /// message, so the message says where in a nested value decoding failed.
    static func within<R>(_ context: @autoclosure () -> String, _ body: () throws(KeyedArchiveError) -> R) throws(KeyedArchiveError) -> R {
        do throws(KeyedArchiveError) {
            return try body()
        } catch {
            var error = error
            error.message = "\(context()): \(error.message)"
            throw error
        }
    }
}
