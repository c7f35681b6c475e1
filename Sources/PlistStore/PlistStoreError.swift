#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

/// The error every PlistStore operation throws: what failed, on which file, and why.
///
/// Like the `NSError`s `NSFileManager` and `NSUserDefaults` report, with a specific ``Code``,
/// the path involved, the `errno` of a failed system call and, when a PlistKit or
/// KeyedArchive call failed underneath, that error as the ``underlying`` cause.
public struct PlistStoreError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is: PlistKit's one vocabulary of error codes. A PlistStore
    /// error carries `notFound`, `permissionDenied`, `extendedAttributesUnsupported`,
    /// `corruptFile`, `invalidArgument`, `wrongFileType`, `coding` or `io`.
    public typealias Code = PlistError.Code

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people, naming the offending thing.
    public var message: String
    /// The file or directory involved, when there is one. For `corruptFile` this is
    /// where the corrupt file was kept.
    public var path: String?
    /// The `errno` of the failed system call, when one failed.
    public var errno: Int32?
    /// The error that caused this one (a `PlistError` from PlistKit, say).
    public var underlying: (any Error)?

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, errno: Int32? = nil, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.errno = errno
        self.underlying = underlying
    }

    /// The message, the system's words for `errno`, and the cause.
    public var description: String {
        var text = message
        if let errno { text += ": \(Syscalls.Errno(rawValue: errno).description)" }
        if let underlying { text += " (\(underlying))" }
        return text
    }

    /// An error for a failed system call on `path`, classified by `errno`.
    static func system(_ message: String, path: String, errno number: Int32) -> PlistStoreError {
        let code: Code
        switch number {
        case ENOENT: code = .notFound
        case EACCES, EPERM, EROFS: code = .permissionDenied
        case ENOTDIR, EISDIR, ELOOP: code = .wrongFileType
        default: code = .io
        }
        return PlistStoreError(code, message, path: path, errno: number)
    }
}
