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

/// The growing output of a text writer: `malloc`ed bytes, grown with `realloc` (which moves
/// a large block by remapping its pages rather than copying them), and handed to `Data`
/// without a copy.
///
/// Writers make room once per item with ``reserve(_:)`` and then store through the pointer
/// it returns, so the per-byte path has no bounds checks. The buffer frees its memory when
/// dropped, so a writer that throws part-way leaks nothing.
struct ByteBuffer: ~Copyable {
    /// The first byte.
    private var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written.
    private(set) var count = 0
    /// The number of bytes allocated.
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    deinit {
        free(base)
    }

    private static func allocate(_ byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(byteCount) else { fatalError("out of memory allocating \(byteCount) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes room for `byteCount` more bytes and returns where they go. Store at most that
    /// many bytes there, then ``commit(_:)`` the number stored.
    @inline(__always)
    mutating func reserve(_ byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- count < byteCount { grow(byteCount) }
        return base + count
    }

    /// Counts `byteCount` bytes stored after the last ``reserve(_:)`` as written.
    @inline(__always)
    mutating func commit(_ byteCount: Int) {
        count &+= byteCount
    }

    @inline(never)
    private mutating func grow(_ byteCount: Int) {
        let needed = count + byteCount
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        guard let memory = realloc(base, newCapacity) else { fatalError("out of memory allocating \(newCapacity) bytes") }
        base = memory.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count &+= 1
    }

    /// Appends `byteCount` bytes from `source`.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count byteCount: Int) {
        reserve(byteCount).update(from: source, count: byteCount)
        count &+= byteCount
    }

    /// Appends the UTF-8 of a literal.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends `byteCount` copies of `byte`.
    @inline(__always)
    mutating func append(repeating byte: UInt8, count byteCount: Int) {
        if byteCount <= 8 {
            // One eight-byte store, of which the first `byteCount` bytes count.
            let word = UInt64(byte) &* 0x0101_0101_0101_0101
            UnsafeMutableRawPointer(reserve(8)).storeBytes(of: word, as: UInt64.self)
        } else {
            reserve(byteCount).update(repeating: byte, count: byteCount)
        }
        count &+= byteCount
    }

    /// The bytes written, as `Data` that takes over the memory (trimmed to size) without
    /// copying it.
    consuming func data() -> Data {
        var base = self.base
        let count = self.count
        let capacity = self.capacity
        discard self
        if count < capacity, let trimmed = realloc(base, Swift.max(count, 1)) {
            base = trimmed.assumingMemoryBound(to: UInt8.self)
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }
}
