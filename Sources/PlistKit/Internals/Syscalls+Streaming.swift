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
