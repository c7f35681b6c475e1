#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a reader (or a crash) only ever sees the complete old or the
/// complete new contents.
///
/// Like `Data.write(to:options: .atomic)` / `writeToFile:atomically:`, with the durability
/// steps spelled out: the bytes go to a temporary file in the target's directory, which is
/// flushed with `fsync`, given the permissions of the file it replaces, and renamed over the
/// target; then the directory itself is flushed so the rename survives a power loss.
public enum AtomicFile {
    /// Writes `data` to `path`, replacing any file there atomically.
    /// - Parameters:
    ///   - data: the file's new contents.
    ///   - path: the file to replace or create.
    ///   - permissions: the mode bits for a new file (default `0o644`, less the umask); an
    ///     existing file keeps its own mode. A symbolic link at `path` is replaced by the new
    ///     file, not followed.
    /// - Throws: ``PlistError`` with code ``PlistError/Code/io`` naming the step that failed.
    public static func write(_ data: some Collection<UInt8>, to path: String, permissions: UInt32 = 0o644) throws(PlistError) {
        try write(to: path, permissions: permissions) { (descriptor, temporaryPath) throws(PlistError) in
            try writeAll(data, to: descriptor, path: temporaryPath)
        }
    }

    /// Replaces `path` atomically with what `body` writes: `body` gets the descriptor of a
    /// temporary file in the same directory (and that file's path, for messages), writes the
    /// new contents to it in as many calls as it likes, and the file is then flushed and
    /// renamed over `path`. If `body` throws, the temporary file is removed and `path` is
    /// left as it was. For output too large to hold in memory, such as a streamed conversion
    /// (``PlistEventWriter``).
    /// - Parameters:
    ///   - path: the file to replace or create.
    ///   - permissions: as for ``write(_:to:permissions:)``.
    ///   - body: writes the contents to the descriptor; it must not close it.
    /// - Throws: `body`'s error, or ``PlistError`` with code ``PlistError/Code/io`` naming the
    ///   step that failed.
    public static func write(to path: String, permissions: UInt32 = 0o644, _ body: (_ descriptor: Int32, _ temporaryPath: String) throws(PlistError) -> Void) throws(PlistError) {
        let directory = Self.directory(of: path)
        let existingMode: mode_t?
        if case .success(let existing) = Syscalls.status(path) {
            existingMode = existing.st_mode & 0o7777
        } else {
            existingMode = nil
        }
        let (descriptor, temporaryPath) = try createTemporaryFile(in: directory, for: Self.fileName(of: path), permissions: mode_t(truncatingIfNeeded: permissions & 0o7777))
        var renamed = false
        defer {
            if !renamed { _ = Syscalls.removeFile(temporaryPath) }
        }
        do {
            defer { Syscalls.closeDescriptor(descriptor) }
            try body(descriptor, temporaryPath)
            if let existingMode {
                try check(Syscalls.changeMode(descriptor, existingMode), "cannot set permissions of \(temporaryPath)")
            }
            try check(Syscalls.synchronize(descriptor), "cannot flush \(temporaryPath)")
        }
        try check(Syscalls.renameItem(temporaryPath, path), "cannot rename \(temporaryPath) to \(path)")
        renamed = true
        // Make the rename durable. Some filesystems refuse fsync on a directory (EINVAL);
        // the file itself is complete and in place either way.
        if case .success(let directoryDescriptor) = Syscalls.openFile(directory, O_RDONLY) {
            _ = Syscalls.synchronize(directoryDescriptor)
            Syscalls.closeDescriptor(directoryDescriptor)
        }
    }

    /// Creates `.NAME.tmp-XXXXXX` in `directory`, exclusively and close-on-exec, with
    /// `permissions` less the process umask (applied by the kernel, so no global state is
    /// touched).
    private static func createTemporaryFile(in directory: String, for name: String, permissions: mode_t) throws(PlistError) -> (Int32, String) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        var failure = Syscalls.Errno(rawValue: EEXIST)
        for _ in 0..<100 {
            let suffix = String((0..<6).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
            let candidate = "\(directory)/.\(name).tmp-\(suffix)"
            switch Syscalls.openFile(candidate, O_CREAT | O_EXCL | O_WRONLY, permissions) {
            case .success(let descriptor): return (descriptor, candidate)
            case .failure(let error): failure = error
            }
            if failure.rawValue != EEXIST { break }
        }
        throw ioError("cannot create a temporary file in \(directory)", failure)
    }

    private static func writeAll(_ data: some Collection<UInt8>, to descriptor: Int32, path: String) throws(PlistError) {
        try check(Syscalls.writeAll(descriptor, contentsOf: data), "cannot write \(path)")
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Throws an `.io` error naming the step when `result` is a failure.
    private static func check(_ result: Syscalls.Result<Void>, _ message: @autoclosure () -> String) throws(PlistError) {
        if case .failure(let error) = result { throw ioError(message(), error) }
    }

    private static func ioError(_ message: String, _ error: Syscalls.Errno) -> PlistError {
        PlistError(.io, "\(message): \(error.description)")
    }
}
