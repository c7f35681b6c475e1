#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A stretch of a ``ByteBuffer``'s spare room, reserved for one item (an integer, a real)
/// and filled front to back: the writers' safe way to store bytes.
///
/// Every store checks that it stays inside the stretch, in release builds too: one compare
/// for a byte, one for a literal or a run of digits. A writer's mistake stops the
/// program instead of writing past the buffer. The stretch exists only inside
/// ``ByteBuffer/append(reserving:_:)``, which counts what was stored when the fill ends.
struct ByteOutput {
    private let start: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The number of bytes stored.
    private(set) var count = 0

    @inline(__always)
    fileprivate init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    /// Stops the program unless `byteCount` more bytes fit.
    @inline(__always)
    private func checkRoom(_ byteCount: Int) {
        precondition(UInt(bitPattern: byteCount) <= UInt(bitPattern: capacity &- count), "byte output overflow")
    }

    /// Stores one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        precondition(count < capacity, "byte output overflow")
        start[count] = byte
        count &+= 1
    }

    /// Stores the UTF-8 of a literal.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        checkRoom(length)
        (start + count).update(from: text.utf8Start, count: length)
        count &+= length
    }

    /// Stores `byteCount` copies of `byte`.
    @inline(__always)
    mutating func append(repeating byte: UInt8, count byteCount: Int) {
        checkRoom(byteCount)
        (start + count).update(repeating: byte, count: byteCount)
        count &+= byteCount
    }

    /// Stores `value` in exactly `digits` decimal digits, zero-padded on the left; `digits`
    /// must be at least ``DecimalText/digitCount(_:)`` of `value` (more digits are lost).
    /// Two digits per division, from the right.
    @inline(__always)
    mutating func appendDigits(_ value: UInt64, count digits: Int) {
        checkRoom(digits)
        let dest = start + count
        let pairs = DecimalText.digitPairs.utf8Start
        var value = value
        var end = digits
        while end >= 2 {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 100)
            let pair = pairs + 2 &* Int(truncatingIfNeeded: remainder)
            dest[end &- 2] = pair[0]
            dest[end &- 1] = pair[1]
            value = quotient
            end &-= 2
        }
        if end == 1 {
            dest[0] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
        }
        count &+= digits
    }

    /// Stores C's `printf` text of `value` in `format` (one `double` conversion), cut to
    /// the room left less one byte (the C library's terminating zero goes in that byte and
    /// is not counted).
    mutating func appendPrintf(_ format: StaticString, _ value: Double) {
        let room = capacity &- count
        guard room > 0 else { return }
        // A literal's UTF-8 is stored with a terminating zero, as C expects.
        let cFormat = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
        let length = (start + count).withMemoryRebound(to: CChar.self, capacity: room) { buffer in
            withVaList([value]) { arguments in vsnprintf(buffer, room, cFormat, arguments) }
        }
        count &+= max(0, min(Int(length), room &- 1))
    }
}

extension ByteBuffer {
    /// Reserves `maximum` bytes, lets `body` store at most that many through a
    /// ``ByteOutput``, and counts what it stored as written.
    @inline(__always)
    mutating func append<R>(reserving maximum: Int, _ body: (inout ByteOutput) -> R) -> R {
        var output = ByteOutput(start: reserve(maximum), capacity: maximum)
        let result = body(&output)
        commit(output.count)
        return result
    }
}

extension ByteOutput {
    /// Stores the first `byteCount` bytes of `value` as it lies in memory, with one store
    /// of all of them: room for the whole `value` must be left (a table's pair of digits, eight
    /// base64 digits at once).
    @inline(__always)
    mutating func appendLeading<T: FixedWidthInteger>(_ byteCount: Int, of value: T) {
        precondition(UInt(bitPattern: byteCount) <= UInt(bitPattern: MemoryLayout<T>.size), "more leading bytes than the value holds")
        checkRoom(MemoryLayout<T>.size)
        UnsafeMutableRawPointer(start + count).storeBytes(of: value, as: T.self)
        count &+= byteCount
    }
}

extension String {
    /// The string of the `count` bytes of UTF-8 `body` stores through a ``ByteOutput`` (a
    /// UUID's text, a fixed layout): every byte must be stored, and the bytes must be valid
    /// UTF-8.
    @inline(__always)
    init(filling count: Int, _ body: (inout ByteOutput) -> Void) {
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var output = ByteOutput(start: buffer.baseAddress!, capacity: count)
            body(&output)
            precondition(output.count == count, "String(filling:) stored fewer bytes than it counts")
            return count
        }
    }
}
