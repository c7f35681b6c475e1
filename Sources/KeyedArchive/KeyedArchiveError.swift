import PlistKit

// Like the errors `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)` throws
// (`NSCoderReadCorruptError`, `NSCoderValueNotFoundError`), but typed.

/// The error the keyed-archive layer throws: what is wrong with an archive (or an object
/// graph), and which object it concerns.
public struct KeyedArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is: PlistKit's one vocabulary of error codes. A keyed-archive
    /// error carries `notAPropertyList`, `notAnArchive`, `uidOutOfRange`, `badClass`,
    /// `classNotAllowed`, `missingKey`, `typeMismatch`, `unknownClass`, `cyclicReference`,
    /// `depthLimitExceeded` or `encodingFailed`.
    public typealias Code = PlistError.Code

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

/// The codes only keyed archives throw, in PlistKit's one vocabulary.
extension PlistError.Code {
    /// The bytes are not a property list (the `PlistError` is the error's `cause`).
    public static let notAPropertyList = Self("notAPropertyList")
    /// The property list is not a keyed archive (`$archiver`, `$version`, `$top`, `$objects`).
    public static let notAnArchive = Self("notAnArchive")
    /// A UID names an object outside `$objects`.
    public static let uidOutOfRange = Self("uidOutOfRange")
    /// An object has no `$class`, or its class description is malformed.
    public static let badClass = Self("badClass")
    /// A class the secure-decoding allow list does not name.
    public static let classNotAllowed = Self("classNotAllowed")
    /// A key the decoder asked for is absent.
    public static let missingKey = Self("missingKey")
    /// A value is not of the type the decoder asked for.
    public static let typeMismatch = Self("typeMismatch")
    /// A class name with no registered Swift type.
    public static let unknownClass = Self("unknownClass")
    /// The encoded archive could not be written as a property list (the `PlistError` is
    /// the error's `cause`).
    public static let encodingFailed = Self("encodingFailed")
}

extension KeyedArchiveError {
    /// Runs `body`; an error it throws gets `context` (an element index, a key) before its
    /// message, so the message says where in a nested value decoding failed.
    @usableFromInline
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
