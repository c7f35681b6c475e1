#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one seam through which this package's libraries call the operating system.
///
/// PlistKit (``AtomicFile``, the output buffers) and PlistStore (containers, preferences,
/// backup marks) make their POSIX calls here and nowhere else; the calls only PlistStore
/// makes are declared in PlistStore, in extensions of this type. The seam has `package`
/// access: the package's modules share it, programs that use the libraries never see it.
///
/// Each function returns the call's result or the `errno` it failed with and never throws:
/// the public API turns failures into its own errors (``PlistError``, PlistStore's
/// `PlistStoreError`) with the context it knows. Calls interrupted by a signal (`EINTR`)
/// are retried here. Plain C library routines that make no system call (`malloc`,
/// `memcmp`, …) are called where they are needed.
package enum Syscalls {
    /// The outcome of a call: a value, or the `errno` it failed with.
    package typealias Result<Value> = Swift.Result<Value, Errno>

    /// An `errno` value as an `Error`, so it can travel in a `Result`.
    package struct Errno: Error, Equatable {
        package var rawValue: Int32

        package init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The calling thread's `errno` now.
        package static var current: Errno { Errno(rawValue: errno) }

        /// The system's words for the error (`strerror`).
        package var description: String { String(cString: strerror(rawValue)) }
    }

    // MARK: Files and directories

    /// `lstat` (`followLinks == false`) or `stat`.
    package static func status(_ path: String, followLinks: Bool = true) -> Result<stat> {
        var info = stat()
        let result = followLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? .success(info) : .failure(.current)
    }

    /// `chmod`.
    package static func changeMode(_ path: String, _ mode: mode_t) -> Result<Void> {
        chmod(path, mode) == 0 ? .success(()) : .failure(.current)
    }

    /// `rename`.
    package static func renameItem(_ from: String, _ to: String) -> Result<Void> {
        rename(from, to) == 0 ? .success(()) : .failure(.current)
    }

    /// `unlink`.
    package static func removeFile(_ path: String) -> Result<Void> {
        unlink(path) == 0 ? .success(()) : .failure(.current)
    }

    // MARK: Descriptors

    /// `open` with `O_CLOEXEC` added.
    package static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32> {
        let descriptor = open(path, flags | O_CLOEXEC, mode)
        return descriptor >= 0 ? .success(descriptor) : .failure(.current)
    }

    /// `close`, ignoring its result (the descriptor is gone either way on Linux).
    package static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// `fchmod`.
    package static func changeMode(_ descriptor: Int32, _ mode: mode_t) -> Result<Void> {
        fchmod(descriptor, mode) == 0 ? .success(()) : .failure(.current)
    }

    /// `fsync`: the file's data and metadata reach the disk.
    package static func synchronize(_ descriptor: Int32) -> Result<Void> {
        fsync(descriptor) == 0 ? .success(()) : .failure(.current)
    }

    /// `write` until every byte is written, retried on `EINTR`.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void> {
        transferAll(bytes.count) { done in write(descriptor, bytes.baseAddress! + done, bytes.count - done) }
    }

    /// `write` of every byte of `bytes`, from their own storage when it is contiguous
    /// (otherwise from a copy).
    package static func writeAll(_ descriptor: Int32, contentsOf bytes: some Collection<UInt8>) -> Result<Void> {
        bytes.withContiguousStorageIfAvailable { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// `pwrite` until every byte is written at `offset`, retried on `EINTR`.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Result<Void> {
        transferAll(bytes.count) { done in pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
    }

    /// `pread` until `buffer` is full, retried on `EINTR`; `EIO` if the file ends first.
    package static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Result<Void> {
        transferAll(buffer.count) { done in pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
    }

    /// Calls `transfer` with the number of bytes done so far until `count` are done; it
    /// returns how many more it moved, or -1 with `errno` set. `EINTR` is retried; a call
    /// that moves nothing fails with `EIO`.
    private static func transferAll(_ count: Int, _ transfer: (Int) -> Int) -> Result<Void> {
        var done = 0
        while done < count {
            let moved = transfer(done)
            if moved < 0 {
                if errno == EINTR { continue }
                return .failure(.current)
            }
            if moved == 0 { return .failure(Errno(rawValue: EIO)) }
            done += moved
        }
        return .success(())
    }

    /// A new, empty file that no path names (`mkstemp` in `directory`, then `unlink`): it
    /// disappears when its descriptor is closed.
    package static func anonymousFile(in directory: String) -> Result<Int32> {
        var template = Array((directory + "/plistkit-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(.current) }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return .success(descriptor)
    }

    // MARK: Process and clock

    /// The effective user id.
    package static var userID: uid_t { geteuid() }

    /// The process id.
    package static var processID: pid_t { getpid() }

    /// The wall clock in whole seconds since 1970 (`time`).
    package static var secondsSince1970: Int { time(nil) }

    /// An environment variable, or nil when unset.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
