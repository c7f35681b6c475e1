#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistKit

/// An app's data container: where its documents, support files, caches, preferences and
/// temporary files live.
///
/// Like the iOS data container with `FileManager.default.urls(for:in: .userDomainMask)` (or
/// `NSSearchPathForDirectoriesInDomains`), in one of two layouts:
/// - ``Layout/sandbox(root:)``: a self-contained root laid out exactly like the iOS sandbox
///   (`Documents`, `Library/Application Support`, `Library/Caches`, `Library/Preferences`, `tmp`);
/// - ``Layout/xdg(_:)``: the XDG Base Directory locations of a Linux desktop or server, with
///   a folder named for the app identifier in each (see ``ContainerDirectory``).
///
/// Directories are created on first use with owner-only permissions (`0700`); the caches
/// directory gets a `CACHEDIR.TAG`, and caches and temporary directories are marked as
/// excluded from backups where the filesystem allows it.
///
/// ```swift
/// let container = try AppContainer.xdg(identifier: "com.example.Notes")
/// let notes = try container.url(for: .documents).appending(path: "notes.plist")
/// ```
public struct AppContainer: Sendable, Hashable {
    /// How the container's directories map onto the filesystem.
    public enum Layout: Sendable, Hashable {
        /// The iOS sandbox layout under one root directory.
        case sandbox(root: String)
        /// The XDG Base Directory layout.
        case xdg(XDGBaseDirectories)
    }

    /// The app identifier, such as `com.example.Notes`; names the app's folders in the XDG
    /// layout and is the default ``Preferences`` domain.
    public let identifier: String
    /// How the directories map onto the filesystem.
    public let layout: Layout

    /// Creates a container.
    /// - Throws: a ``PlistStoreError`` coded `.invalidArgument` when the identifier is empty, is
    ///   `.` or `..`, or contains `/` or NUL, or a sandbox root is not an absolute path.
    public init(identifier: String, layout: Layout) throws(PlistStoreError) {
        try Self.validateName(identifier, what: "app identifier")
        if case .sandbox(let root) = layout, !root.hasPrefix("/") {
            throw PlistStoreError(.invalidArgument, "the sandbox root \(root) is not an absolute path", path: root)
        }
        self.identifier = identifier
        if case .sandbox(let root) = layout {
            self.layout = .sandbox(root: XDGBaseDirectories.trimmingTrailingSlashes(root))
        } else {
            self.layout = layout
        }
    }

    /// A container laid out like the iOS sandbox under `root` (created on first use).
    public static func sandbox(identifier: String, root: String) throws(PlistStoreError) -> AppContainer {
        try AppContainer(identifier: identifier, layout: .sandbox(root: root))
    }

    /// A container in the XDG Base Directory locations (by default, this process's).
    public static func xdg(identifier: String, directories: XDGBaseDirectories = .current) throws(PlistStoreError) -> AppContainer {
        try AppContainer(identifier: identifier, layout: .xdg(directories))
    }

    /// Where `directory` is, without touching the filesystem.
    public func path(of directory: ContainerDirectory) -> String {
        switch layout {
        case .sandbox(let root):
            return root + "/" + directory.sandboxPath
        case .xdg(let base):
            switch directory {
            case .documents: return base.dataHome + "/" + identifier + "/Documents"
            case .applicationSupport: return base.dataHome + "/" + identifier + "/Application Support"
            case .caches: return base.cacheHome + "/" + identifier
            case .preferences: return base.configHome + "/" + identifier
            case .temporary: return base.temporaryDirectory + "/" + identifier + "-" + String(Syscalls.userID)
            }
        }
    }

    /// The path of `directory`, created first if needed.
    ///
    /// Missing directories (and missing parents) are created with mode `0700`. The caches
    /// directory is given a `CACHEDIR.TAG` if it lacks one. In a shared temporary directory
    /// the app's folder must be a real directory owned by this user and closed to others.
    /// - Parameters:
    ///   - directory: which of the container's directories.
    ///   - create: pass `false` to resolve without touching the filesystem.
    /// - Throws: ``PlistStoreError`` when a directory cannot be created or is unsafe to use.
    public func path(for directory: ContainerDirectory, create: Bool = true) throws(PlistStoreError) -> String {
        let path = path(of: directory)
        guard create else { return path }
        let created = try DirectoryCreation.makeDirectories(path)
        if directory == .temporary, case .xdg = layout {
            try DirectoryCreation.checkPrivate(path)
        }
        if directory == .caches {
            try CacheDirectoryTag.ensure(in: path)
        }
        if created, directory.isExcludedFromBackup {
            // Best effort: a filesystem without user xattrs still gets the CACHEDIR.TAG.
            try? BackupExclusion.setExcluded(true, atPath: path)
        }
        return path
    }

    /// The URL of `directory`, created first if needed.
    ///
    /// Like `FileManager.default.url(for:in:appropriateFor:create:)` with `.userDomainMask`.
    public func url(for directory: ContainerDirectory, create: Bool = true) throws(PlistStoreError) -> URL {
        URL(fileURLWithPath: try path(for: directory, create: create), isDirectory: true)
    }

    /// The URLs of `directory`: one, as on iOS.
    ///
    /// Like `FileManager.default.urls(for:in: .userDomainMask)`.
    public func urls(for directory: ContainerDirectory) throws(PlistStoreError) -> [URL] {
        [try url(for: directory)]
    }

    /// The path of a file named `name` in `directory` (the directory is created if needed).
    ///
    /// Like `[documentsDirectory stringByAppendingPathComponent:@"student.plist"]` on iOS.
    /// - Throws: a ``PlistStoreError`` coded `.invalidArgument` when `name` is not a plain file name.
    public func path(forFile name: String, in directory: ContainerDirectory) throws(PlistStoreError) -> String {
        try Self.validateName(name, what: "file name")
        return try path(for: directory) + "/" + name
    }

    /// The path of the file `name` in `directory`, once `write` has written it there.
    func writeFile(named name: String, in directory: ContainerDirectory, _ write: (String) throws(PlistStoreError) -> Void) throws(PlistStoreError) -> String {
        let path = try path(forFile: name, in: directory)
        try write(path)
        return path
    }

    static func validateName(_ name: String, what: String) throws(PlistStoreError) {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw PlistStoreError(.invalidArgument, "\"\(name)\" cannot be used as a \(what): it must be a single path component")
        }
    }
}
