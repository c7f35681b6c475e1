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
