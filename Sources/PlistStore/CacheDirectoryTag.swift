#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

/// The Cache Directory Tagging Specification's `CACHEDIR.TAG`, which tells backup and
/// archiving tools (tar `--exclude-caches`, borg `--exclude-caches`, restic
/// `--exclude-caches`) to skip the directory holding it.
///
/// See <https://bford.info/cachedir/>.
public enum CacheDirectoryTag {
    /// The file name, `CACHEDIR.TAG`.
    public static let fileName = "CACHEDIR.TAG"
    /// The 43 bytes a tag file must begin with.
    public static let signature = "Signature: 8a477f597d28d172789f06886806bc55"

    /// The full contents PlistStore writes: the signature and the comment the
    /// specification recommends.
    public static let contents = signature + "\n"
        + "# This file is a cache directory tag created by PlistStore.\n"
        + "# For information about cache directory tags, see:\n"
        + "#\thttps://bford.info/cachedir/\n"

    /// Puts a tag in `directory` unless a valid one is there already.
    /// - Throws: ``PlistStoreError`` when the tag cannot be written.
    public static func ensure(in directory: String) throws(PlistStoreError) {
        if isTagged(directory) { return }
        let path = directory + "/" + fileName
        switch Syscalls.createFile(path, bytes: Array(contents.utf8), mode: 0o644) {
        case .success:
            return
        case .failure(let error) where error.rawValue == EEXIST:
            // Present but without the signature (or another process just wrote it):
            // replace it atomically with a valid one.
            if isTagged(directory) { return }
            try FileReplacement.write(Array(contents.utf8), to: path)
        case .failure(let error):
            throw .system("cannot write the cache directory tag \(path)", path: path, errno: error.rawValue)
        }
    }

    /// Whether `directory` holds a regular `CACHEDIR.TAG` starting with the signature.
    public static func isTagged(_ directory: String) -> Bool {
        let path = directory + "/" + fileName
        guard case .success(let info) = Syscalls.status(path, followLinks: false),
              info.st_mode & S_IFMT == S_IFREG,
              case .success(let file) = Syscalls.readFile(path) else { return false }
        return file.bytes.starts(with: signature.utf8)
    }
}
