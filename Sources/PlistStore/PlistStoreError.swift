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
    /// What kind of failure this is. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable name, such as `"corruptFile"`.
        public let name: String
        private init(_ name: String) { self.name = name }
        /// The code's name.
        public var description: String { name }

        /// A file or directory does not exist.
        public static let notFound = Code("notFound")
        /// The system refused access (`EACCES`, `EPERM`), or a directory belongs to someone else.
        public static let permissionDenied = Code("permissionDenied")
        /// The filesystem does not support user extended attributes (`ENOTSUP`), so a backup
        /// mark cannot be stored there.
        public static let extendedAttributesUnsupported = Code("extendedAttributesUnsupported")
        /// A file holds something that is not what it should be (a preferences file that is
        /// not a dictionary plist, say). The file has been kept aside; ``PlistStoreError/path``
        /// names where.
        public static let corruptFile = Code("corruptFile")
        /// An argument cannot be used (an app identifier with a `/`, an empty domain name).
        public static let invalidArgument = Code("invalidArgument")
        /// A path exists but is not the kind of thing expected (a file where a directory
        /// should be, a symbolic link where a private directory should be).
        public static let wrongFileType = Code("wrongFileType")
        /// Encoding or decoding a value failed; ``PlistStoreError/underlying`` has the cause.
        public static let coding = Code("coding")
        /// Any other failed system call.
        public static let io = Code("io")
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence for people, naming the offending thing.
    public var message: String
    /// The file or directory involved, when there is one. For ``Code/corruptFile`` this is
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
