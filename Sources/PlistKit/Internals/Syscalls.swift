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

    // MARK: Threads

    /// A new thread-specific key (`pthread_key_create`) for objects a thread keeps retained
    /// (``ThreadLocalSlot``): when a thread ends holding one, the key's destructor releases
    /// it, balancing the retain of `Unmanaged.passRetained`. Stops the program when the
    /// system has no keys left, since the slots are made once, as static constants.
    package static func makeObjectKey() -> pthread_key_t {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { kept in
            // `kept` is optional on Linux and not on Darwin.
            let kept: UnsafeMutableRawPointer? = kept
            if let kept { Unmanaged<AnyObject>.fromOpaque(kept).release() }
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
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

// Address space for the large output buffers (`ByteBuffer`).
extension Syscalls {
    /// The size of a memory page (`sysconf(_SC_PAGESIZE)`).
    package static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Reserves `size` bytes of address space, inaccessible and backed by nothing until
    /// made writable (`mmap` with `PROT_NONE`, private, anonymous, no swap reserved); nil
    /// when the kernel refuses.
    package static func reserveAddressSpace(_ size: Int) -> UnsafeMutableRawPointer? {
        guard let region = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              region != MAP_FAILED else { return nil }
        return region
    }

    /// Makes `size` bytes at `address`, inside a reservation, readable and writable
    /// (`mprotect`); false when the kernel refuses.
    package static func makeWritable(_ address: UnsafeMutableRawPointer, _ size: Int) -> Bool {
        mprotect(address, size, PROT_READ | PROT_WRITE) == 0
    }

    /// Asks for transparent huge pages over a range (`madvise(MADV_HUGEPAGE)`); only advice,
    /// so a refusal is ignored.
    package static func adviseHugePages(_ address: UnsafeMutableRawPointer, _ size: Int) {
        #if os(Linux)
        _ = madvise(address, size, MADV_HUGEPAGE)
        #endif
    }

    /// Gives back `size` bytes of address space at `address` (`munmap`).
    package static func unmap(_ address: UnsafeMutableRawPointer, _ size: Int) {
        _ = munmap(address, size)
    }
}

// Reading a descriptor piece by piece, and holding pages of a file, for `PlistEventReader`.
extension Syscalls {
    /// `open` for reading only, with `O_CLOEXEC`.
    package static func openForReading(_ path: String) -> Result<Int32> {
        openFile(path, O_RDONLY)
    }

    /// `read` of at most `buffer.count` bytes, retried on `EINTR`; 0 at the end of the file.
    package static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int> {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(.current) }
        }
    }

    /// ``readSome(_:into:)`` into `bytes` from `offset` to its end.
    package static func readSome(_ descriptor: Int32, into bytes: inout [UInt8], from offset: Int) -> Result<Int> {
        bytes.withUnsafeMutableBytes { readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[offset...])) }
    }

    /// ``readSome(_:into:)`` into `data` from `offset` to its end.
    package static func readSome(_ descriptor: Int32, into data: inout Data, from offset: Int) -> Result<Int> {
        data.withUnsafeMutableBytes { readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[offset...])) }
    }

    /// The descriptor's current offset (`lseek(fd, 0, SEEK_CUR)`) and the size of the file
    /// it reads (`fstat`), or the `errno` when it is not a regular file one can seek in.
    package static func seekableExtent(_ descriptor: Int32) -> Result<(offset: Int, size: Int)> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.current) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Errno(rawValue: ESPIPE)) }
        let offset = lseek(descriptor, 0, SEEK_CUR)
        guard offset >= 0 else { return .failure(.current) }
        return .success((Int(offset), Int(info.st_size)))
    }

    /// Asks the kernel not to back a range with transparent huge pages
    /// (`madvise(MADV_NOHUGEPAGE)`); only advice, so a refusal is ignored.
    package static func adviseNoHugePages(_ address: UnsafeMutableRawPointer, _ size: Int) {
        #if os(Linux)
        _ = madvise(address, size, MADV_NOHUGEPAGE)
        #endif
    }

    /// Gives the pages of a private anonymous range back to the kernel
    /// (`madvise(MADV_DONTNEED)`): they read as zeros afterwards, and take no memory until
    /// written again.
    package static func discardPages(_ address: UnsafeMutableRawPointer, _ size: Int) {
        _ = madvise(address, size, MADV_DONTNEED)
    }
}

/// Reads and writes of the package's own tables and views.
extension Syscalls {
    /// ``writeAll(_:_:at:)`` of the bytes of `view`.
    static func writeAll(_ descriptor: Int32, _ view: ByteView, at offset: Int) -> Result<Void> {
        view.withUnsafeBufferPointer { writeAll(descriptor, UnsafeRawBufferPointer($0), at: offset) }
    }

    /// ``readAll(_:into:at:)`` of `count` elements at `offset`, appended to `table`; on a
    /// failure the table keeps its count.
    static func readAll<Element>(_ descriptor: Int32, appending count: Int, to table: GrowableTable<Element>, at offset: Int) -> Result<Void> {
        let target = UnsafeMutableRawBufferPointer(start: table.reserve(count), count: count * MemoryLayout<Element>.stride)
        let result = readAll(descriptor, into: target, at: offset)
        if case .success = result { table.commit(count) }
        return result
    }
}
