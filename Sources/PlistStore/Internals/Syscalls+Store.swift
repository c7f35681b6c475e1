#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

// The system calls only PlistStore makes: directories, file locks, whole-file reads and
// exclusive creation, the password database, extended attributes. They extend PlistKit's
// one seam, `Syscalls`, and use its `Result` and descriptor calls; they are PlistStore's one
// file that touches raw memory.
extension Syscalls {
    /// `mkdir`; success when it made the directory.
    static func makeDirectory(_ path: String, mode: mode_t) -> Result<Void> {
        mkdir(path, mode) == 0 ? .success(()) : .failure(.current)
    }

    /// `flock`, retried on `EINTR`.
    static func lock(_ descriptor: Int32, _ operation: Int32) -> Result<Void> {
        while true {
            if flock(descriptor, operation) == 0 { return .success(()) }
            if errno != EINTR { return .failure(.current) }
        }
    }

    /// The whole contents of a file, read through one descriptor (so a concurrent rename
    /// over the path cannot mix two files), with the `fstat` of what was read.
    static func readFile(_ path: String) -> Result<(bytes: [UInt8], status: stat)> {
        let descriptor: Int32
        switch openFile(path, O_RDONLY) {
        case .success(let value): descriptor = value
        case .failure(let error): return .failure(error)
        }
        defer { closeDescriptor(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.current) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(max(0, Int(info.st_size)))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.current)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success((bytes, info))
    }

    /// Creates a file with `bytes` only if none exists at `path` (`O_EXCL`).
    static func createFile(_ path: String, bytes: [UInt8], mode: mode_t) -> Result<Void> {
        let descriptor: Int32
        switch openFile(path, O_WRONLY | O_CREAT | O_EXCL, mode) {
        case .success(let value): descriptor = value
        case .failure(let error): return .failure(error)
        }
        defer { closeDescriptor(descriptor) }
        return bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// The home directory from the password database, for when `$HOME` is unset.
    static func passwordHomeDirectory() -> String? {
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}

// Extended attributes, for PlistStore's backup marks.
//
// The C library exports `setxattr` and friends, but the Swift Glibc module does not
// include <sys/xattr.h>; they are looked up once by name instead of adding a C target.
extension Syscalls {
    private typealias SetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias RemoveAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    private static let setAttribute = symbol("setxattr", as: SetAttribute.self)
    private static let getAttribute = symbol("getxattr", as: GetAttribute.self)
    private static let removeAttribute = symbol("removexattr", as: RemoveAttribute.self)

    /// `setxattr`; `ENOTSUP` when the C library has no such call.
    static func setExtendedAttribute(_ path: String, name: String, value: [UInt8]) -> Result<Void> {
        guard let setAttribute else { return .failure(Errno(rawValue: ENOTSUP)) }
        let result = value.withUnsafeBytes { setAttribute(path, name, $0.baseAddress, $0.count, 0) }
        return result == 0 ? .success(()) : .failure(.current)
    }

    /// `getxattr`; nil when the attribute is not set (`ENODATA`).
    static func extendedAttribute(_ path: String, name: String) -> Result<[UInt8]?> {
        guard let getAttribute else { return .failure(Errno(rawValue: ENOTSUP)) }
        while true {
            let size = getAttribute(path, name, nil, 0)
            if size < 0 { return errno == ENODATA ? .success(nil) : .failure(.current) }
            var buffer = [UInt8](repeating: 0, count: size)
            let count = buffer.withUnsafeMutableBytes { getAttribute(path, name, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == ERANGE { continue }  // grew between the two calls
                return errno == ENODATA ? .success(nil) : .failure(.current)
            }
            return .success(Array(buffer[0..<count]))
        }
    }

    /// `removexattr`; success when the attribute was not set.
    static func removeExtendedAttribute(_ path: String, name: String) -> Result<Void> {
        guard let removeAttribute else { return .failure(Errno(rawValue: ENOTSUP)) }
        if removeAttribute(path, name) == 0 || errno == ENODATA { return .success(()) }
        return .failure(.current)
    }
}
