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

/// The reads every reader makes of an input held in memory: big-endian integers, word-wide
/// loads, byte-range comparisons and copies. The readers check positions against the input
/// once, where they validate a structure (an offset table, an object's size); these reads
/// then trust those checks, and stay the one place that loads from the input's memory.
///
/// Like the buffer's own subscript, each read checks its bounds in debug builds only.
extension UnsafeRawBufferPointer {
    /// The unsigned big-endian integer of `size` (1 … 8) bytes at `offset`. The sizes
    /// writers use (1 to 4 and 8) take one or two loads.
    @inline(__always)
    func bigEndian(at offset: Int, size: Int = 8) -> UInt64 {
        assert(offset >= 0 && offset + size <= count)
        let start = baseAddress! + offset
        switch size {
        case 1: return UInt64(start.load(as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: start.loadUnaligned(as: UInt16.self)))
        case 3: return UInt64(UInt16(bigEndian: start.loadUnaligned(as: UInt16.self))) &<< 8 | UInt64(start.load(fromByteOffset: 2, as: UInt8.self))
        case 4: return UInt64(UInt32(bigEndian: start.loadUnaligned(as: UInt32.self)))
        case 8: return UInt64(bigEndian: start.loadUnaligned(as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in 0..<size { value = value &<< 8 | UInt64(start.load(fromByteOffset: index, as: UInt8.self)) }
            return value
        }
    }

    /// ``bigEndian(at:size:)`` of `size` (1 … 8) bytes at `offset` read as one 8-byte load
    /// and a shift, with no branch on the size: for reads with at least eight bytes readable
    /// from `offset` (a binary plist's references, offset-table entries and number payloads,
    /// which at least the 32-byte trailer follows).
    @inline(__always)
    func paddedBigEndian(at offset: Int, size: Int) -> UInt64 {
        assert(offset >= 0 && offset + 8 <= count && size >= 1 && size <= 8)
        return UInt64(bigEndian: (baseAddress! + offset).loadUnaligned(as: UInt64.self)) &>> UInt64(truncatingIfNeeded: 64 &- 8 &* size)
    }

    /// True when every byte is below 0x80, checked eight at a time.
    @inline(__always)
    var isASCII: Bool {
        var high: UInt64 = 0
        var offset = 0
        while offset &+ 8 <= count {
            high |= loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        while offset < count {
            high |= UInt64(self[offset])
            offset &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The `count` bytes at `offset`.
    @inline(__always)
    func slice(at offset: Int, count: Int) -> UnsafeRawBufferPointer {
        assert(offset >= 0 && count >= 0 && offset + count <= self.count)
        return UnsafeRawBufferPointer(start: baseAddress! + offset, count: count)
    }

    /// True when the `count` bytes at `offset` equal those at `other`.
    @inline(__always)
    func bytesEqual(at offset: Int, _ other: Int, count: Int) -> Bool {
        assert(offset >= 0 && other >= 0 && Swift.max(offset, other) + count <= self.count)
        return count == 0 || memcmp(baseAddress! + offset, baseAddress! + other, count) == 0
    }

    /// True when the bytes at `offset` are the UTF-8 of `utf8` (whose count the caller has
    /// checked against what the input holds there).
    @inline(__always)
    func bytesEqual(at offset: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        assert(offset >= 0 && offset + utf8.count <= count)
        return utf8.isEmpty || memcmp(baseAddress! + offset, utf8.baseAddress!, utf8.count) == 0
    }

    /// `bytesEqual(at:_:)` of an array's bytes.
    @inline(__always)
    func bytesEqual(at offset: Int, _ utf8: [UInt8]) -> Bool {
        utf8.withUnsafeBufferPointer { bytesEqual(at: offset, $0) }
    }

    /// The bytes at `offset` as `Data` that refers to them, keeping `owner` (the storage they
    /// live in) alive as long as the `Data` is.
    @inline(__always)
    func sharedData(at offset: Int, count: Int, keeping owner: Data) -> Data {
        assert(offset >= 0 && offset + count <= self.count)
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: baseAddress! + offset), count: count,
                    deallocator: .custom { _, _ in withExtendedLifetime(owner) {} })
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// True when both hold the same bytes.
    @inline(__always)
    func bytesEqual(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}

extension Data {
    /// The bytes of `self`, which hold exactly one `T` (a `uuid_t`, a fixed-size field), as
    /// that `T`.
    package func loaded<T: BitwiseCopyable>(as type: T.Type) -> T {
        precondition(count == MemoryLayout<T>.size, "Data.loaded(as:) needs exactly one value's bytes")
        return withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }

    /// The bytes of `value` as they lie in memory.
    package init<T: BitwiseCopyable>(bytesOf value: T) {
        self = Swift.withUnsafeBytes(of: value) { Data($0) }
    }
}

/// The binary reader's reads of a ``ByteView``: the same loads as the raw reads above. The
/// slices, comparisons and copies check their range in release builds too; the integer
/// reads, which the object table makes for every reference and offset-table entry, check in
/// debug builds only, like the raw reads: the table validated those positions once, against
/// the trailer. The binary object table reads its input only through these and the view's
/// own subscript.
extension ByteView {
    /// Stops the program unless the `length` bytes at `offset` lie in the view.
    @inline(__always)
    func checkRange(_ offset: Int, _ length: Int) {
        precondition(offset >= 0 && length >= 0 && length <= count &- offset, "byte range out of range")
    }

    /// The unsigned big-endian integer of `size` (1 … 8) bytes at `offset`.
    @inline(__always)
    func bigEndian(at offset: Int, size: Int = 8) -> UInt64 {
        assert(offset >= 0 && size <= count &- offset)
        return withUnsafeBufferPointer { UnsafeRawBufferPointer($0).bigEndian(at: offset, size: size) }
    }

    /// ``bigEndian(at:size:)`` read as one 8-byte load and a shift: eight bytes must lie in
    /// the view from `offset` (see `UnsafeRawBufferPointer.paddedBigEndian(at:size:)`).
    @inline(__always)
    func paddedBigEndian(at offset: Int, size: Int) -> UInt64 {
        assert(offset >= 0 && 8 <= count &- offset)
        return withUnsafeBufferPointer { UnsafeRawBufferPointer($0).paddedBigEndian(at: offset, size: size) }
    }

    /// The `count` bytes at `offset`, as a view of their own.
    @inline(__always)
    func slice(at offset: Int, count: Int) -> ByteView {
        extracting(offset..<(offset &+ count))
    }

    /// True when every byte is below 0x80, checked eight at a time.
    @inline(__always)
    var isASCII: Bool {
        withUnsafeBufferPointer { UnsafeRawBufferPointer($0).isASCII }
    }

    /// True when the `count` bytes at `offset` equal those at `other`.
    @inline(__always)
    func bytesEqual(at offset: Int, _ other: Int, count: Int) -> Bool {
        checkRange(offset, count)
        checkRange(other, count)
        return withUnsafeBufferPointer { UnsafeRawBufferPointer($0).bytesEqual(at: offset, other, count: count) }
    }

    /// True when the bytes at `offset` are those of `other`.
    @inline(__always)
    func bytesEqual(at offset: Int, _ other: ByteView) -> Bool {
        checkRange(offset, other.count)
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { UnsafeRawBufferPointer(mine).bytesEqual(at: offset, $0) }
        }
    }

    /// True when both views hold the same bytes.
    @inline(__always)
    func bytesEqual(_ other: ByteView) -> Bool {
        count == other.count && bytesEqual(at: 0, other)
    }

    /// A copy of the `count` bytes at `offset`.
    @inline(__always)
    func data(at offset: Int, count: Int) -> Data {
        checkRange(offset, count)
        return withUnsafeBufferPointer { Data(UnsafeRawBufferPointer($0).slice(at: offset, count: count)) }
    }

    /// The bytes at `offset` as `Data` that refers to them, keeping `owner` (the storage they
    /// live in) alive as long as the `Data` is.
    @inline(__always)
    func sharedData(at offset: Int, count: Int, keeping owner: Data) -> Data {
        checkRange(offset, count)
        return withUnsafeBufferPointer { UnsafeRawBufferPointer($0).sharedData(at: offset, count: count, keeping: owner) }
    }
}

/// Hashing and comparing the byte ranges the binary writers unique (encoded scalars, child
/// references, large data) and the strings tables are keyed by: the raw loops, which the
/// ``ByteView`` operations below run.
extension UnsafeRawBufferPointer {
    /// A fast non-cryptographic hash of the bytes, starting from `seed` (8-byte words,
    /// multiply-xorshift mixing, a final avalanche so that every bit of the result depends on
    /// every byte).
    func hash(seed: UInt64) -> UInt64 {
        var hash = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= count {
            hash = ByteView.mix(hash ^ loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            // The last 1…7 bytes, read as at most three overlapping loads (the length is
            // already in the hash, so overlaps cannot make two inputs alike).
            let tail: UInt64
            if count >= 8 {
                tail = loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count - offset >= 4 {
                tail = UInt64(loadUnaligned(fromByteOffset: offset, as: UInt32.self)) << 32
                    | UInt64(loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            } else {
                let rest = count - offset
                tail = UInt64(self[offset]) << 16 | UInt64(self[offset + rest / 2]) << 8 | UInt64(self[count - 1])
            }
            hash = ByteView.mix(hash ^ tail)
        }
        return ByteView.avalanche(hash)
    }

    /// True when both hold the same bytes, compared eight at a time.
    func wordwiseEqual(_ other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        var offset = 0
        while offset + 8 <= count {
            if loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < count {
            if self[offset] != other[offset] { return false }
            offset += 1
        }
        return true
    }
}

extension ByteView {
    /// A fast non-cryptographic hash of the bytes, starting from `seed` (8-byte words,
    /// multiply-xorshift mixing, a final avalanche so that every bit of the result depends on
    /// every byte).
    @inline(__always)
    func hash(seed: UInt64 = 0) -> UInt64 {
        withUnsafeBufferPointer { UnsafeRawBufferPointer($0).hash(seed: seed) }
    }

    /// One mixing step of ``hash(seed:)``: a multiply and an xorshift.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0xBF58_476D_1CE4_E5B9
        return product ^ (product >> 31)
    }

    /// The final step of ``hash(seed:)``: MurmurHash3's 64-bit finalizer.
    @inline(__always)
    static func avalanche(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        return value ^ (value >> 33)
    }

    /// True when both views hold the same bytes, compared eight at a time in line: for the
    /// short ranges the writers compare, where a call to `memcmp` (``bytesEqual(_:)``) costs
    /// more than the comparison.
    @inline(__always)
    func wordwiseEqual(_ other: ByteView) -> Bool {
        withUnsafeBufferPointer { left in
            other.withUnsafeBufferPointer { UnsafeRawBufferPointer(left).wordwiseEqual(UnsafeRawBufferPointer($0)) }
        }
    }

    /// True when both views start at one address (and so, with equal counts, hold the same
    /// bytes without comparing them): two `Data` values that share one storage.
    @inline(__always)
    func sharesStart(with other: ByteView) -> Bool {
        withUnsafeBufferPointer { left in other.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress } }
    }
}

/// The XML readers' scans and copies of a ``ByteView``: a byte found with `memchr`, a scan
/// that stops at a byte known to stop it, a view of a string's UTF-8, and a copy into an
/// array. Each checks its bounds once per call, in release builds too.
extension ByteView {
    /// The first index at or after `start` that holds `byte`, found with `memchr`; nil when
    /// no byte from `start` on is `byte`.
    @inline(__always)
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        precondition(start >= 0 && start <= count, "byte index out of range")
        return withUnsafeBufferPointer { bytes in
            guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, Int32(byte), bytes.count &- start) else { return nil }
            return start &+ (UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!))
        }
    }

    /// The first index at or after `start` whose byte makes `isStop` true, where the byte
    /// at `sentinel` (checked once, here) makes it true: the scan needs no bound test per
    /// byte, as it cannot pass the sentinel.
    @inline(__always)
    func firstIndex(from start: Int, sentinel: Int, where isStop: (UInt8) -> Bool) -> Int {
        precondition(start >= 0 && start <= sentinel && sentinel < count && isStop(self[sentinel]), "no stop at the sentinel")
        return withUnsafeBufferPointer { bytes in
            var index = start
            while !isStop(bytes[index]) { index &+= 1 }
            return index
        }
    }

    /// Runs `body` over the UTF-8 of `string` when the string stores it contiguously (a
    /// native string does), without copying it; nil, without running `body`, otherwise.
    @inline(__always)
    static func with<R>(contiguousUTF8 string: String, _ body: (ByteView) -> R) -> R? {
        string.utf8.withContiguousStorageIfAvailable { body(ByteView($0)) }
    }

    /// Copies the bytes over those of `array` from `offset` on, which must hold as many.
    @inline(__always)
    func copy(to array: inout [UInt8], at offset: Int) {
        precondition(offset >= 0 && count <= array.count &- offset, "byte range out of range")
        withUnsafeBufferPointer { source in
            array.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress else { return }
                (target.baseAddress! + offset).update(from: from, count: source.count)
            }
        }
    }
}
