#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A read-only view of bytes in memory (an input, a part of one, a scratch array) for the
/// text readers: JSON, OpenStep, the event inputs and the text helpers they share.
///
/// It is the one place those readers reach memory: every read here checks its bounds, in
/// release builds too, so a reader's mistake stops the program instead of reading past the
/// input. The checks are one unsigned compare each, and the optimizer drops the many that
/// follow a reader's own `index < count` test.
///
/// A view borrows the memory it shows: it is valid inside the `with…` call that made it (or
/// while the caller of ``init(_:)`` keeps the memory alive) and never stored beyond that.
/// `Span<UInt8>` would have the compiler enforce this, but the readers keep their view in a
/// stored property, which a `Span` cannot be without the experimental lifetime features.
struct ByteView: RandomAccessCollection {
    private let bytes: UnsafeBufferPointer<UInt8>

    /// A view of `bytes`, which the caller keeps alive while the view is used.
    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes.assumingMemoryBound(to: UInt8.self)
    }

    /// A view of `bytes`, which the caller keeps alive while the view is used.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Runs `body` over the bytes of `array`.
    @inline(__always)
    static func with<R, E: Error>(_ array: [UInt8], _ body: (ByteView) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = array.withUnsafeBufferPointer { buffer in
            Result { () throws(E) -> R in try body(ByteView(buffer)) }
        }
        return try result.get()
    }

    /// Runs `body` over the bytes of `data`.
    @inline(__always)
    static func with<R, E: Error>(_ data: Data, _ body: (ByteView) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = data.withUnsafeBytes { buffer in
            Result { () throws(E) -> R in try body(ByteView(buffer)) }
        }
        return try result.get()
    }

    /// Runs `body` over the UTF-8 of `string` (made contiguous first if it is not).
    @inline(__always)
    static func with<R, E: Error>(utf8 string: inout String, _ body: (ByteView) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = string.withUTF8 { buffer in
            Result { () throws(E) -> R in try body(ByteView(buffer)) }
        }
        return try result.get()
    }

    @inline(__always) var startIndex: Int { 0 }
    @inline(__always) var endIndex: Int { bytes.count }
    @inline(__always) var count: Int { bytes.count }
    @inline(__always) var isEmpty: Bool { bytes.isEmpty }

    /// The byte at `index`, which must be in `0..<count`.
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: bytes.count), "byte index out of range")
        return bytes[index]
    }

    /// The bytes in `range` as a view of their own, indexed from 0 (like `Span.extracting`).
    @inline(__always)
    func extracting(_ range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "byte range out of range")
        return ByteView(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The bytes from `start` on, as a view of their own.
    @inline(__always)
    func extracting(from start: Int) -> ByteView {
        extracting(start..<bytes.count)
    }

    /// The bytes before `end`, as a view of their own.
    @inline(__always)
    func extracting(upTo end: Int) -> ByteView {
        extracting(0..<end)
    }

    /// The bytes as an array, copied at once (`Array(view)` would copy them one at a time).
    @inline(__always)
    var array: [UInt8] {
        Array(bytes)
    }

    /// Appends the bytes in `range` to `array` in one copy (`append(contentsOf:)` of a slice
    /// of the view would copy them one at a time).
    @inline(__always)
    func append(_ range: Range<Int>, to array: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "byte range out of range")
        array.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The byte at `index`, or nil outside the view: one check for readers that test and read
    /// in one step.
    @inline(__always)
    func byte(at index: Int) -> UInt8? {
        UInt(bitPattern: index) < UInt(bitPattern: bytes.count) ? bytes[index] : nil
    }

    /// The first index at or after `start` whose byte makes `isStop` true, or ``count``: the
    /// scanning loop of the text readers, bounded by the view itself.
    @inline(__always)
    func firstIndex(from start: Int, where isStop: (UInt8) -> Bool) -> Int {
        precondition(start >= 0, "byte index out of range")
        var index = start
        while index < bytes.count, !isStop(bytes[index]) { index &+= 1 }
        return index
    }

    /// The first index at or after `start` whose byte is not ASCII, or ``count``; eight bytes
    /// at a time.
    @inline(__always)
    func firstNonASCII(from start: Int) -> Int {
        precondition(start >= 0, "byte index out of range")
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return start }
        var index = start
        while index &+ 8 <= bytes.count, (base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index &+= 8
        }
        while index < bytes.count, bytes[index] < 0x80 { index &+= 1 }
        return index
    }

    /// The eight bytes at `index` as one word, in memory order: for tests that look at
    /// eight bytes at once (`word & 0x8080_8080_8080_8080 == 0` is eight ASCII bytes).
    @inline(__always)
    func word(at index: Int) -> UInt64 {
        precondition(index >= 0 && index <= bytes.count &- 8, "word out of range")
        return UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
    }

    /// Runs `body` over the memory itself: for the files that turn bytes into strings or
    /// copy them out in bulk (``UTF8Strings``, ``ByteBuffer``), never for reading.
    @inline(__always)
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(bytes)
    }

    /// Lets the standard library's bulk paths (`String(decoding:as:)`, `append(contentsOf:)`,
    /// `elementsEqual`) copy or compare the bytes directly, for the view and its slices.
    @inline(__always)
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(bytes)
    }
}

/// Views of no bytes.
extension ByteView {
    /// A view of no bytes, for a reader whose bytes are elsewhere (in a file, read in
    /// piece by piece).
    @inline(__always)
    static var empty: ByteView {
        ByteView(UnsafeBufferPointer(start: nil, count: 0))
    }
}
