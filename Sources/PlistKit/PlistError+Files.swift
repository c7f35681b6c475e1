#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The errors about a file that cannot be read, worded for the person who named it.
extension PlistError {
    /// Why the file at `path` cannot be read (code `.io`): "no such file", "it is a
    /// directory, not a file", "permission denied …", or the system's words. It looks at
    /// the path afresh, so call it once reading has failed.
    package static func unreadableFile(_ path: String) -> PlistError {
        PlistError(.io, unreadableReason(path))
    }

    /// Throws ``unreadableFile(_:)``'s error when `path` names a directory, which `open`
    /// accepts but no read of a property list can.
    static func checkNotDirectory(_ path: String) throws(PlistError) {
        if case .success(let info) = Syscalls.status(path), info.st_mode & S_IFMT == S_IFDIR {
            throw unreadableFile(path)
        }
    }

    /// The reason ``unreadableFile(_:)`` gives.
    private static func unreadableReason(_ path: String) -> String {
        switch Syscalls.status(path) {
        case .failure(let errno):
            return reason(for: errno)
        case .success(let info) where info.st_mode & S_IFMT == S_IFDIR:
            return "it is a directory, not a file"
        case .success:
            switch Syscalls.openForReading(path) {
            case .failure(let errno):
                return reason(for: errno)
            case .success(let descriptor):
                Syscalls.closeDescriptor(descriptor)
                return "cannot read the file"
            }
        }
    }

    /// An `errno` from `stat` or `open` in words about the file.
    private static func reason(for errno: Syscalls.Errno) -> String {
        switch errno.rawValue {
        case ENOENT: "no such file"
        case ENOTDIR: "no such file (a part of its path is a file, not a directory)"
        case EACCES, EPERM: "permission denied: this user may not read the file"
        default: "cannot read the file: \(errno.description)"
        }
    }
}
