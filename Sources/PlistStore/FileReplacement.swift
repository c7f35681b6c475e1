import PlistKit

/// PlistStore's one way to replace a file: PlistKit's ``AtomicFile`` (temporary file in the
/// same directory, `fsync`, permissions of the file it replaces, `rename`, `fsync` of the
/// directory), with its error turned into a ``PlistStoreError``.
///
/// A rename installs a new inode, so the replaced file's extended attributes would be lost;
/// the backup mark (``BackupExclusion``) is carried over to the new file.
enum FileReplacement {
    static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: UInt32 = 0o644) throws(PlistStoreError) {
        let wasExcluded = (try? BackupExclusion.isExcluded(atPath: path)) ?? false
        do {
            try AtomicFile.write(bytes, to: path, permissions: permissions)
        } catch {
            throw PlistStoreError(.io, "cannot replace \(path)", path: path, underlying: error)
        }
        if wasExcluded {
            try BackupExclusion.setExcluded(true, atPath: path)
        }
    }
}
