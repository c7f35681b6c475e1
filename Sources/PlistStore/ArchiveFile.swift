#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive
import PlistKit

/// Saving object graphs to files atomically and loading them back.
///
/// Like `+[NSKeyedArchiver archiveRootObject:toFile:]` and
/// `+[NSKeyedUnarchiver unarchiveObjectWithFile:]`, over KeyedArchive's
/// `KeyedArchiver` and `KeyedUnarchiver`, with every write
/// going through PlistKit's `AtomicFile`: a crash or a concurrent reader sees the complete
/// old archive or the complete new one.
public enum ArchiveFile {
    /// Archives the graph rooted at `root` and replaces the file at `path` atomically.
    ///
    /// Like `+[NSKeyedArchiver archiveRootObject:toFile:]`. An existing file keeps its
    /// permissions; a new one gets `permissions` less the umask.
    /// - Parameters:
    ///   - root: the object graph's root.
    ///   - path: the file to replace or create.
    ///   - format: `.binary` (as `NSKeyedArchiver` writes) or `.xml`.
    ///   - permissions: the mode of a new file, less the umask; an existing file keeps its
    ///     own.
    /// - Throws: a ``PlistStoreError`` coded `.coding` with the `KeyedArchiveError` as
    ///   ``PlistStoreError/underlying`` when the graph cannot be archived;
    ///   `.io` when the file cannot be replaced.
    public static func archiveRootObject(_ root: some KeyedArchivable, toFile path: String, format: PlistFormat = .binary, permissions: UInt32 = 0o644) throws(PlistStoreError) {
        try FileReplacement.write(to: path, permissions: permissions, failure: "cannot archive the root object for \(path)") {
            try KeyedArchiver.archivedData(withRootObject: root, format: format)
        }
    }

    /// Reads the keyed archive at `path` and returns its root, of type `type`.
    ///
    /// Like `+[NSKeyedUnarchiver unarchiveObjectWithFile:]` (with `allowedClasses` nil) or
    /// `unarchivedObject(ofClasses:from:)` with the file's contents (with a list: secure
    /// decoding, see `KeyedUnarchiver.unarchivedObject(ofType:from:allowedClasses:classNames:)`).
    /// - Throws: a ``PlistStoreError`` coded `.notFound` when there is no file;
    ///   `.coding` with the `KeyedArchiveError` as
    ///   ``PlistStoreError/underlying`` when it is not an archive of a `type`.
    public static func unarchiveObject<T: KeyedArchivable>(
        ofType type: T.Type,
        fromFile path: String,
        allowedClasses: [any KeyedCodable.Type]? = nil,
        classNames: [String: any KeyedCodable.Type] = [:]
    ) throws(PlistStoreError) -> T {
        try FileReplacement.read(from: path, failure: "cannot unarchive \(path)") { bytes in
            try KeyedUnarchiver.unarchivedObject(ofType: type, from: bytes, allowedClasses: allowedClasses, classNames: classNames)
        }
    }
}

extension AppContainer {
    /// Archives `root` to the file `name` in `directory` (created if needed), atomically.
    ///
    /// Like `archiveRootObject:toFile:` with a path built from
    /// `NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, …)`.
    /// - Returns: the path written.
    @discardableResult
    public func archiveRootObject(_ root: some KeyedArchivable, named name: String, in directory: ContainerDirectory = .documents, format: PlistFormat = .binary) throws(PlistStoreError) -> String {
        try writeFile(named: name, in: directory) { (path) throws(PlistStoreError) in
            try ArchiveFile.archiveRootObject(root, toFile: path, format: format)
        }
    }

    /// Unarchives the file `name` in `directory`.
    ///
    /// Like `unarchiveObjectWithFile:` with a path built the same way.
    public func unarchiveObject<T: KeyedArchivable>(
        ofType type: T.Type,
        named name: String,
        in directory: ContainerDirectory = .documents,
        allowedClasses: [any KeyedCodable.Type]? = nil,
        classNames: [String: any KeyedCodable.Type] = [:]
    ) throws(PlistStoreError) -> T {
        try ArchiveFile.unarchiveObject(ofType: type, fromFile: path(forFile: name, in: directory), allowedClasses: allowedClasses, classNames: classNames)
    }
}
