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

/// Replaces files so that a reader (or a crash) only ever sees the complete old or the
/// complete new contents.
///
/// Like `Data.write(to:options: .atomic)` / `writeToFile:atomically:`, with the durability
/// steps spelled out: the bytes go to a temporary file in the target's directory, which is
/// flushed with `fsync`, given the permissions of the file it replaces, and renamed over the
/// target; then the directory itself is flushed so the rename survives a power loss.
public enum AtomicFile {
    /// Writes `data` to `path`, replacing any file there atomically.
    /// - Parameter permissions: the mode for a new file (default `0o644`, less the umask);
    ///   an existing file keeps its own mode. A symbolic link at `path` is replaced by the
    ///   new file, not followed.
    /// - Throws: ``PlistError`` with code `.io` naming the step that failed.
    public static func write(_ data: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws(PlistError) {
        let directory = Self.directory(of: path)
        var existing = stat()
        let targetExists = stat(path, &existing) == 0
        let (descriptor, temporaryPath) = try createTemporaryFile(in: directory, for: Self.fileName(of: path), permissions: permissions)
        var renamed = false
        defer {
            if !renamed { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: temporaryPath)
            if targetExists {
                guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw ioError("cannot set permissions of \(temporaryPath)") }
            }
            guard fsync(descriptor) == 0 else { throw ioError("cannot flush \(temporaryPath)") }
        }
        guard rename(temporaryPath, path) == 0 else { throw ioError("cannot rename \(temporaryPath) to \(path)") }
        renamed = true
        // Make the rename durable. Some filesystems refuse fsync on a directory (EINVAL);
        // the file itself is complete and in place either way.
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Creates `.NAME.tmp-XXXXXX` in `directory`, exclusively and close-on-exec, with
    /// `permissions` less the process umask (applied by the kernel, so no global state is
    /// touched).
    private static func createTemporaryFile(in directory: String, for name: String, permissions: mode_t) throws(PlistError) -> (Int32, String) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String((0..<6).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
            let candidate = "\(directory)/.\(name).tmp-\(suffix)"
            let descriptor = open(candidate, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, permissions)
            if descriptor >= 0 { return (descriptor, candidate) }
            if errno != EEXIST { break }
        }
        throw ioError("cannot create a temporary file in \(directory)")
    }

    private static func writeAll(_ data: some Collection<UInt8>, to descriptor: Int32, path: String) throws(PlistError) {
        let result: Bool? = data.withContiguousStorageIfAvailable { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        if let result {
            guard result else { throw ioError("cannot write \(path)") }
        } else {
            try writeAll(Array(data), to: descriptor, path: path)
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func ioError(_ message: String) -> PlistError {
        PlistError(.io, "\(message): \(String(cString: strerror(errno)))")
    }
}

/// The C `write`, out of reach of `AtomicFile.write`'s name inside the type.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
