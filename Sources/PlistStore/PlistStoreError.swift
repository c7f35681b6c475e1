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

/// The codes only PlistStore throws, in PlistKit's one vocabulary.
extension PlistError.Code {
    /// A file or directory does not exist.
    public static let notFound = Self("notFound")
    /// The system refused access (`EACCES`, `EPERM`), or a directory belongs to someone else.
    public static let permissionDenied = Self("permissionDenied")
    /// The filesystem does not support user extended attributes (`ENOTSUP`), so a backup
    /// mark cannot be stored there.
    public static let extendedAttributesUnsupported = Self("extendedAttributesUnsupported")
    /// A file holds something that is not what it should be (a preferences file that is
    /// not a dictionary plist, say). The file has been kept aside; the error's `path`
    /// names where.
    public static let corruptFile = Self("corruptFile")
    /// An argument cannot be used (an app identifier with a `/`, an empty domain name).
    public static let invalidArgument = Self("invalidArgument")
    /// A path exists but is not the kind of thing expected (a file where a directory
    /// should be, a symbolic link where a private directory should be).
    public static let wrongFileType = Self("wrongFileType")
    /// Encoding or decoding a value failed; the error's `underlying` error is the cause.
    public static let coding = Self("coding")
}
