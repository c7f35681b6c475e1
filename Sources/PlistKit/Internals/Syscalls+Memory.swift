#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
