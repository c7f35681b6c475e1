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

// Reading a descriptor piece by piece, and mapping a file, for `PlistEventReader`.
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

    /// Maps `size` bytes of the file behind `descriptor` read-only (`mmap`, private).
    package static func mapReadOnly(_ descriptor: Int32, size: Int) -> Result<UnsafeRawPointer> {
        guard let region = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), region != MAP_FAILED else {
            return .failure(.current)
        }
        return .success(UnsafeRawPointer(region))
    }

    /// Drops the pages of a read-only file mapping from the process's memory
    /// (`madvise(MADV_DONTNEED)`): the next read of them maps them again from the file (from
    /// the kernel's page cache, if it still holds them). Only advice, so a refusal is ignored.
    package static func releaseMappedPages(_ address: UnsafeRawPointer, _ size: Int) {
        _ = madvise(UnsafeMutableRawPointer(mutating: address), size, MADV_DONTNEED)
    }

    /// The page faults the process has taken without reading from disk, which is how a
    /// file mapping's pages come into its memory (`getrusage`).
    package static func minorPageFaults() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        return Int(usage.ru_minflt)
    }
}
