#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

/// Marking files and directories so backup tools leave them out.
///
/// Like setting `NSURLIsExcludedFromBackupKey` (earlier, the `com.apple.MobileBackup`
/// extended attribute) on iOS. On Linux the mark is the extended attribute
/// `user.xdg.robots.backup` with the value `false`, from freedesktop.org's
/// [Common Extended Attributes](https://www.freedesktop.org/wiki/CommonExtendedAttributes/).
/// A whole directory of re-creatable files is better tagged with a ``CacheDirectoryTag``,
/// which tar, borg and restic understand; ``AppContainer`` does both for caches.
public enum BackupExclusion {
    /// The extended attribute that carries the mark.
    public static let attributeName = "user.xdg.robots.backup"

    /// Marks the file or directory at `path` as excluded from backups, or removes the mark.
    ///
    /// Like `url.setResourceValue(true, forKey: .isExcludedFromBackupKey)`. Symbolic links
    /// are followed.
    /// - Throws: a ``PlistStoreError`` coded
    ///   `.extendedAttributesUnsupported` when the filesystem does not
    ///   store user extended attributes (tmpfs before Linux 6.6, some network filesystems, or
    ///   ext4 mounted with `nouser_xattr`), `.notFound` when nothing is
    ///   at `path`, `.permissionDenied` when the item is not yours or is
    ///   not a regular file or directory (Linux allows `user.` attributes on nothing else).
    public static func setExcluded(_ excluded: Bool, atPath path: String) throws(PlistStoreError) {
        let result = excluded
            ? Syscalls.setExtendedAttribute(path, name: attributeName, value: Array("false".utf8))
            : Syscalls.removeExtendedAttribute(path, name: attributeName)
        if case .failure(let error) = result {
            throw failure(excluded ? "cannot mark \(path) as excluded from backups" : "cannot remove the backup mark from \(path)", path: path, errno: error.rawValue)
        }
    }

    /// Whether the file or directory at `path` carries the mark (`user.xdg.robots.backup`
    /// set to `false`).
    ///
    /// Like reading `URLResourceValues.isExcludedFromBackup`.
    /// - Throws: as ``setExcluded(_:atPath:)``.
    public static func isExcluded(atPath path: String) throws(PlistStoreError) -> Bool {
        switch Syscalls.extendedAttribute(path, name: attributeName) {
        case .success(let value):
            guard let value else { return false }
            return String(decoding: value, as: UTF8.self).trimmingWhitespace().lowercased() == "false"
        case .failure(let error):
            throw failure("cannot read the backup mark of \(path)", path: path, errno: error.rawValue)
        }
    }

    /// Marks the file or directory at a file URL as excluded from backups, or removes the mark.
    ///
    /// Like `url.setResourceValue(true, forKey: .isExcludedFromBackupKey)`.
    public static func setExcluded(_ excluded: Bool, at url: URL) throws(PlistStoreError) {
        try setExcluded(excluded, atPath: url.path)
    }

    /// Whether the file or directory at a file URL carries the mark.
    public static func isExcluded(at url: URL) throws(PlistStoreError) -> Bool {
        try isExcluded(atPath: url.path)
    }

    private static func failure(_ message: String, path: String, errno number: Int32) -> PlistStoreError {
        switch number {
        case ENOTSUP, EOPNOTSUPP:
            return PlistStoreError(
                .extendedAttributesUnsupported,
                "\(message): the filesystem does not support user extended attributes (is it mounted with user_xattr?)",
                path: path, errno: number)
        case EPERM:
            return PlistStoreError(
                .permissionDenied,
                "\(message): user extended attributes are only allowed on your own regular files and directories",
                path: path, errno: number)
        default:
            return .system(message, path: path, errno: number)
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars.drop(while: { $0.properties.isWhitespace || $0 == "\0" })
        let trimmed = scalars.reversed().drop(while: { $0.properties.isWhitespace || $0 == "\0" }).reversed()
        return String(String.UnicodeScalarView(trimmed))
    }
}
