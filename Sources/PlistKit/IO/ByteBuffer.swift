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

/// PlistKit's one growable byte buffer: every writer's output, handed to `Data` without a
/// copy, and the readers' and writers' byte working storage (XML text, encoded binary
/// scalars). Tables of other plain values are ``GrowableTable``s, with the same vocabulary
/// (`reserve`, `commit`, `append`, `buffer`, `removeLast`).
///
/// Writers make room once per item with ``reserve(_:)`` and then store through the pointer
/// it returns, so the per-byte path has no bounds checks. The buffer frees its memory when
/// dropped, so a writer that throws part-way leaks nothing.
///
/// Small buffers are `malloc`ed and grown with `realloc`. On Linux a buffer that outgrows
/// ``mappingThreshold`` moves, once, into a large reservation of address space that it then
/// grows in place, page-aligned and advised to use transparent huge pages: filling it takes
/// one page fault per 2 MiB instead of one per 4 KiB, and growing it never copies.
struct ByteBuffer: ~Copyable {
    /// The first byte.
    private var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written.
    private(set) var count = 0
    /// The number of bytes writable at `base`.
    private(set) var capacity: Int
    /// The bytes of address space mapped at `base`; 0 when `base` came from `malloc`.
    private var reserved = 0

    /// An empty buffer with room for `capacity` bytes (mapped at once when that is above
    /// the mapping threshold).
    init(capacity: Int) {
        self.capacity = Swift.min(Swift.max(capacity, 16), Self.mappingThreshold / 2)
        guard let memory = malloc(self.capacity) else { fatalError("out of memory allocating \(self.capacity) bytes") }
        base = memory.assumingMemoryBound(to: UInt8.self)
        if capacity > self.capacity { grow(capacity - count) }
    }

    /// A buffer for exactly `capacity` bytes, known before anything is written. Up to
    /// ``reusedMallocLimit`` it is `malloc`ed and never mapped: nothing will grow it, and
    /// glibc hands the next output of that size the pages this one's `Data` frees, already
    /// touched, where a new mapping's pages are zeroed by the kernel again. Above that glibc
    /// maps every such block afresh, in small pages, so the buffer is mapped as
    /// ``init(capacity:)`` maps it, in huge pages.
    init(exactCapacity capacity: Int) {
        if capacity <= Self.reusedMallocLimit {
            self.init(mallocing: capacity)
        } else {
            self.init(capacity: capacity)
        }
    }

    /// A `malloc`ed buffer of `capacity` bytes, whatever its size.
    private init(mallocing capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        guard let memory = malloc(self.capacity) else { fatalError("out of memory allocating \(self.capacity) bytes") }
        base = memory.assumingMemoryBound(to: UInt8.self)
    }

    /// The largest block glibc's `malloc` ever serves again from freed memory on 64-bit
    /// systems (its highest dynamic mmap threshold, `DEFAULT_MMAP_THRESHOLD_MAX`).
    private static let reusedMallocLimit = 32 << 20

    deinit {
        if reserved > 0 {
            Syscalls.unmap(base, reserved)
        } else {
            free(base)
        }
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
        #if os(Linux)
        if newCapacity >= Self.mappingThreshold, growMapped(to: newCapacity) { return }
        #endif
        let memory: UnsafeMutableRawPointer?
        if reserved > 0 {
            memory = malloc(newCapacity)
            memory?.copyMemory(from: base, byteCount: count)
            Syscalls.unmap(base, reserved)
            reserved = 0
        } else {
            memory = realloc(base, newCapacity)
        }
        guard let memory else { fatalError("out of memory allocating \(newCapacity) bytes") }
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

    /// Appends the bytes of `source`.
    @inline(__always)
    mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        append(start, count: source.count)
    }

    /// Appends the bytes of `source` at `range`.
    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        assert(range.lowerBound >= 0 && range.upperBound <= source.count)
        guard !range.isEmpty else { return }
        append(source.baseAddress! + range.lowerBound, count: range.count)
    }

    /// Appends raw bytes.
    @inline(__always)
    mutating func append(contentsOf source: UnsafeRawBufferPointer) {
        append(contentsOf: source.assumingMemoryBound(to: UInt8.self))
    }

    /// Appends the bytes of `data`.
    @inline(__always)
    mutating func append(contentsOf data: Data) {
        data.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Appends the bytes of `view`.
    @inline(__always)
    mutating func append(_ view: ByteView) {
        view.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 of `string`.
    @inline(__always)
    mutating func append(utf8 string: String) {
        var string = string
        string.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the low `size` (1, 2, 4 or 8) bytes of `value`, most significant first.
    @inline(__always)
    mutating func appendBigEndian(_ value: UInt64, size: Int) {
        let target = UnsafeMutableRawPointer(reserve(8))
        // All eight bytes, shifted so that the low `size` come first; only those are counted.
        target.storeBytes(of: (value << (64 - 8 * UInt64(size))).bigEndian, as: UInt64.self)
        commit(size)
    }

    /// Appends `units` UTF-16 code units, big-endian, of `utf8`, which is valid UTF-8 (as
    /// every `String`'s is) and holds that many: a unit per scalar, two for one beyond U+FFFF.
    mutating func appendUTF16BigEndian(transcoding utf8: UnsafeBufferPointer<UInt8>, units: Int) {
        let target = UnsafeMutableRawPointer(reserve(2 * units))
        var written = 0
        func write(_ unit: UInt32) {
            target.storeBytes(of: UInt16(truncatingIfNeeded: unit).bigEndian, toByteOffset: written, as: UInt16.self)
            written += 2
        }
        var offset = 0
        while offset < utf8.count {
            let lead = UInt32(utf8[offset])
            if lead < 0x80 {
                write(lead)
                offset += 1
            } else if lead < 0xE0 {
                write((lead & 0x1F) << 6 | UInt32(utf8[offset + 1] & 0x3F))
                offset += 2
            } else if lead < 0xF0 {
                write((lead & 0x0F) << 12 | UInt32(utf8[offset + 1] & 0x3F) << 6 | UInt32(utf8[offset + 2] & 0x3F))
                offset += 3
            } else {
                let scalar = (lead & 0x07) << 18 | UInt32(utf8[offset + 1] & 0x3F) << 12
                    | UInt32(utf8[offset + 2] & 0x3F) << 6 | UInt32(utf8[offset + 3] & 0x3F)
                write(0xD800 | (scalar - 0x1_0000) >> 10)
                write(0xDC00 | (scalar & 0x3FF))
                offset += 4
            }
        }
        assert(written == 2 * units)
        commit(written)
    }

    /// The byte at `index` (below ``count``; checked in debug builds only).
    subscript(index: Int) -> UInt8 {
        @inline(__always) get {
            assert(index >= 0 && index < count)
            return base[index]
        }
    }

    /// The bytes written at `range`, valid until the buffer next grows.
    @inline(__always)
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        assert(range.lowerBound >= 0 && range.upperBound <= count)
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Forgets the last `dropped` bytes written.
    @inline(__always)
    mutating func removeLast(_ dropped: Int) {
        assert(dropped <= count)
        count -= dropped
    }

    /// Copies the bytes at `range` to `destination`; the two may overlap.
    @inline(__always)
    mutating func copy(_ range: Range<Int>, to destination: Int) {
        assert(range.upperBound <= count && destination + range.count <= count)
        guard destination != range.lowerBound else { return }
        UnsafeMutableRawPointer(base + destination).copyMemory(from: base + range.lowerBound, byteCount: range.count)
    }

    /// Appends a copy of bytes already written.
    @inline(__always)
    mutating func appendCopy(of range: Range<Int>) {
        let dest = reserve(range.count)
        dest.update(from: base + range.lowerBound, count: range.count)
        count &+= range.count
    }

    /// The bytes written so far.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Forgets the bytes written, keeping the memory: a writer that hands its output on in
    /// chunks starts each chunk here, working storage reused per item too.
    @inline(__always)
    mutating func removeAll() {
        count = 0
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
        let reserved = self.reserved
        discard self
        if reserved > 0 {
            // Unmap the pages past the end; the Data unmaps the rest (munmap takes every
            // page the range touches).
            let used = (count + Self.pageSize - 1) & ~(Self.pageSize - 1)
            if used < reserved { Syscalls.unmap(base + used, reserved - used) }
            return Data(bytesNoCopy: base, count: count, deallocator: .custom { bytes, count in
                Syscalls.unmap(bytes, count)
            })
        }
        if count < capacity, let trimmed = realloc(base, Swift.max(count, 1)) {
            base = trimmed.assumingMemoryBound(to: UInt8.self)
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    // MARK: Mapped buffers (Linux)

    /// The capacity from which a buffer lives in a reservation of address space.
    private static let mappingThreshold = 4 << 20
    /// The size of a transparent huge page, the unit a mapped buffer grows by.
    private static let hugePageSize = 2 << 20
    /// The address space a buffer reserves when it moves into a mapping (more if it needs
    /// more). Inaccessible until used, it costs no memory.
    private static let reservationSize = 16 << 30
    private static var pageSize: Int { Syscalls.pageSize }

    #if os(Linux)
    /// Grows a mapped buffer to at least `newCapacity` bytes (a malloc'd one moves into a
    /// new reservation). False when the kernel refuses; the caller then falls back to malloc.
    private mutating func growMapped(to newCapacity: Int) -> Bool {
        let newCapacity = (newCapacity + Self.hugePageSize - 1) & ~(Self.hugePageSize - 1)
        if reserved > 0, newCapacity <= reserved {
            // Make the next stretch of the reservation writable.
            guard Syscalls.makeWritable(base + capacity, newCapacity - capacity) else { return false }
            capacity = newCapacity
            return true
        }
        let size = Swift.max(Self.reservationSize, 4 * newCapacity)
        guard let region = Syscalls.reserveAddressSpace(size) else { return false }
        guard Syscalls.makeWritable(region, newCapacity) else {
            Syscalls.unmap(region, size)
            return false
        }
        Syscalls.adviseHugePages(region, size)
        region.copyMemory(from: base, byteCount: count)
        if reserved > 0 {
            Syscalls.unmap(base, reserved)
        } else {
            free(base)
        }
        base = region.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
        reserved = size
        return true
    }
    #endif
}

extension ByteBuffer {
    /// Appends the first `byteCount` (at most 16) bytes of the words `low` and `high` as they
    /// lie in memory on a little-endian machine, `low`'s first: all sixteen are stored at
    /// once and `byteCount` of them counted (an inline string's bytes, in one step).
    @inline(__always)
    mutating func appendLeadingBytes(of low: UInt64, _ high: UInt64, count byteCount: Int) {
        precondition(UInt(bitPattern: byteCount) <= 16, "more than 16 leading bytes")
        let target = UnsafeMutableRawPointer(reserve(16))
        target.storeBytes(of: low.littleEndian, as: UInt64.self)
        target.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
        commit(byteCount)
    }
}

/// Views of what the buffer holds, and appends from views.
extension ByteBuffer {
    /// The bytes written at `range` as a view, valid until the buffer next grows or drops
    /// them. Like ``buffer(_:)``, it checks `range` in debug builds only: the ranges are the
    /// writer's own.
    @inline(__always)
    func view(_ range: Range<Int>) -> ByteView {
        ByteView(buffer(range))
    }

    /// ``appendUTF16BigEndian(transcoding:units:)`` of the bytes of `utf8`.
    @inline(__always)
    mutating func appendUTF16BigEndian(transcoding utf8: ByteView, units: Int) {
        utf8.withUnsafeBufferPointer { appendUTF16BigEndian(transcoding: $0, units: units) }
    }

    /// The bytes written, as a view valid until the buffer next changes.
    var view: ByteView {
        @inline(__always) get { ByteView(buffer(0..<count)) }
    }
}
