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
    ///   an existing file keeps its own mode.
    /// - Throws: ``PlistError`` with code `.io` naming the step that failed.
    public static func write(_ data: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws(PlistError) {
        let directory = Self.directory(of: path)
        var template = Array("\(directory)/.\(Self.fileName(of: path)).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ioError("cannot create a temporary file in \(directory)") }
        let temporaryPath = String(cString: template)
        var renamed = false
        defer {
            if !renamed { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: temporaryPath)
            var status = stat()
            let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : permissions & ~currentUmask()
            guard fchmod(descriptor, mode) == 0 else { throw ioError("cannot set permissions of \(temporaryPath)") }
            guard fsync(descriptor) == 0 else { throw ioError("cannot flush \(temporaryPath)") }
        }
        guard rename(temporaryPath, path) == 0 else { throw ioError("cannot rename \(temporaryPath) to \(path)") }
        renamed = true
        let directoryDescriptor = open(directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
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

    private static func currentUmask() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
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
