#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

/// PlistStore's one way to replace a file: PlistKit's ``AtomicFile`` (temporary file in the
/// same directory, `fsync`, permissions of the file it replaces, `rename`, `fsync` of the
/// directory), with its error turned into a ``PlistStoreError``.
///
/// A rename installs a new inode, so the replaced file's extended attributes would be lost;
/// the backup mark (``BackupExclusion``) is carried over to the new file.
enum FileReplacement {
    /// Writes what `encode` returns to `path`; an error from `encode` is a
    /// ``PlistStoreError`` coded `.coding` with `failure` as its message, an error replacing
    /// the file one coded `.io`.
    static func write(to path: String, permissions: UInt32, failure: String, _ encode: () throws -> Data) throws(PlistStoreError) {
        let bytes: Data
        do {
            bytes = try encode()
        } catch {
            throw PlistStoreError(.coding, failure, path: path, underlying: error)
        }
        try write(bytes, to: path, permissions: permissions)
    }

    /// Reads `path` and returns what `decode` makes of its bytes; an error from `decode` is
    /// a ``PlistStoreError`` coded `.coding` with `failure` as its message.
    static func read<T>(from path: String, failure: String, _ decode: ([UInt8]) throws -> T) throws(PlistStoreError) -> T {
        let bytes = try PropertyListFile.readBytes(path)
        do {
            return try decode(bytes)
        } catch {
            throw PlistStoreError(.coding, failure, path: path, underlying: error)
        }
    }

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
