#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

/// Creating container directories with owner-only permissions.
enum DirectoryCreation {
    /// Creates `path` and any missing parents with mode `0700`.
    /// - Returns: whether the last component was created by this call.
    @discardableResult
    static func makeDirectories(_ path: String) throws(PlistStoreError) -> Bool {
        switch Syscalls.status(path) {
        case .success(let info):
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw PlistStoreError(.wrongFileType, "\(path) exists but is not a directory", path: path)
            }
            return false
        case .failure(let error) where error.rawValue == ENOENT:
            break
        case .failure(let error):
            throw .system("cannot inspect \(path)", path: path, errno: error.rawValue)
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        switch Syscalls.makeDirectory(path, mode: 0o700) {
        case .success:
            // mkdir applies the umask; say exactly what we mean.
            _ = Syscalls.changeMode(path, 0o700)
            return true
        case .failure(let error) where error.rawValue == EEXIST:
            return try makeDirectories(path)  // another process won the race; check its type
        case .failure(let error):
            throw .system("cannot create the directory \(path)", path: path, errno: error.rawValue)
        }
    }

    /// Checks that `path` is a real directory (not a link) owned by this user that others
    /// cannot enter: what a per-app folder in a shared `/tmp` must be.
    static func checkPrivate(_ path: String) throws(PlistStoreError) {
        let info: stat
        switch Syscalls.status(path, followLinks: false) {
        case .success(let value): info = value
        case .failure(let error): throw .system("cannot inspect \(path)", path: path, errno: error.rawValue)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw PlistStoreError(.wrongFileType, "\(path) is not a directory (a symbolic link?) and is in a shared location; refusing to use it", path: path)
        }
        guard info.st_uid == Syscalls.userID else {
            throw PlistStoreError(.permissionDenied, "\(path) belongs to user \(info.st_uid), not to this user; refusing to use it", path: path)
        }
        guard info.st_mode & 0o077 == 0 else {
            throw PlistStoreError(.permissionDenied, "\(path) is open to other users (mode \(String(info.st_mode & 0o777, radix: 8))); refusing to use it", path: path)
        }
    }
}
