#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

/// What `stat` says about a file, to notice when another process has replaced it.
///
/// Every atomic replacement makes a new inode, so the inode number alone nearly always
/// changes; size and times guard against a freed inode number being reused. A stamp whose
/// modification time is within ``racyInterval`` of the moment it was taken is *racy* (as
/// git calls it): a second write inside the filesystem's timestamp granularity could leave
/// every field equal, so a racy stamp never counts as unchanged.
struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    var changed: timespec
    /// The wall-clock second the stamp was taken.
    var takenAt: Int

    /// How close to "now" a modification time has to be for the stamp to be racy, in seconds.
    static let racyInterval = 2

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
        takenAt = Syscalls.secondsSince1970
    }

    /// Whether `other` (a fresh `stat` of the same path) certainly shows the same file.
    func isCertainlyUnchanged(comparedTo other: FileStamp) -> Bool {
        guard device == other.device, inode == other.inode, size == other.size,
              modified.tv_sec == other.modified.tv_sec, modified.tv_nsec == other.modified.tv_nsec,
              changed.tv_sec == other.changed.tv_sec, changed.tv_nsec == other.changed.tv_nsec
        else { return false }
        return takenAt - modified.tv_sec >= Self.racyInterval
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
