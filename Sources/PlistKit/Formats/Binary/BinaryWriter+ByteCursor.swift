extension BinaryWriter {
    /// A write position in a buffer that the caller has sized exactly; no bounds checks.
    struct ByteCursor {
        private let base: UnsafeMutableRawPointer
        private(set) var position = 0

        init(_ base: UnsafeMutableRawPointer) {
            self.base = base
        }

        /// `bytes`. Most objects are a few bytes long: up to 16 are moved with at most two
        /// pairs of overlapping loads and stores rather than a call to `memcpy`, and no store
        /// reaches past the last of them (the offset table may follow, written already).
        @inline(__always)
        mutating func write(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress else { return }
            let count = bytes.count
            let target = base + position
            switch count {
            case 0:
                return
            case 1...3:
                target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
                target.storeBytes(of: source.load(fromByteOffset: count / 2, as: UInt8.self), toByteOffset: count / 2, as: UInt8.self)
                target.storeBytes(of: source.load(fromByteOffset: count - 1, as: UInt8.self), toByteOffset: count - 1, as: UInt8.self)
            case 4...7:
                let head = source.loadUnaligned(as: UInt32.self)
                let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                target.storeBytes(of: head, as: UInt32.self)
                target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
            case 8...16:
                let head = source.loadUnaligned(as: UInt64.self)
                let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                target.storeBytes(of: head, as: UInt64.self)
                target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
            default:
                target.copyMemory(from: source, byteCount: count)
            }
            position += count
        }

        mutating func write(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                base.storeBytes(of: byte, toByteOffset: position, as: UInt8.self)
                position += 1
            }
        }

        /// The low `size` (1, 2, 4 or 8) bytes of `value`, most significant first.
        @inline(__always)
        mutating func writeBigEndian(_ value: UInt64, size: Int) {
            switch size {
            case 1: base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: position, as: UInt8.self)
            case 2: base.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, toByteOffset: position, as: UInt16.self)
            case 3:
                base.storeBytes(of: UInt16(truncatingIfNeeded: value >> 8).bigEndian, toByteOffset: position, as: UInt16.self)
                base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: position + 2, as: UInt8.self)
            case 4: base.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: position, as: UInt32.self)
            case 8: base.storeBytes(of: value.bigEndian, toByteOffset: position, as: UInt64.self)
            default:
                for byte in 0..<size {
                    base.storeBytes(of: UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - byte))), toByteOffset: position + byte, as: UInt8.self)
                }
            }
            position += size
        }

        /// `references`, each as a `size`-byte (1 to 4, or 8) big-endian integer.
        /// The loops index the buffer directly: an `enumerated()` (or `dropLast()`) sequence
        /// costs several instructions a reference more.
        mutating func writeReferences(_ references: UnsafeBufferPointer<UInt32>, size: Int) {
            guard let source = references.baseAddress, !references.isEmpty else { return }
            let target = base + position
            let count = references.count
            switch size {
            case 1:
                for item in 0..<count {
                    target.storeBytes(of: UInt8(truncatingIfNeeded: source[item]), toByteOffset: item, as: UInt8.self)
                }
            case 2:
                for item in 0..<count {
                    target.storeBytes(of: UInt16(truncatingIfNeeded: source[item]).bigEndian, toByteOffset: 2 * item, as: UInt16.self)
                }
            case 3:
                // Each but the last as one 4-byte store whose extra byte the next reference
                // overwrites; the last exactly, as what follows may be written already.
                for item in 0..<count - 1 {
                    target.storeBytes(of: (source[item] << 8).bigEndian, toByteOffset: 3 * item, as: UInt32.self)
                }
                let last = source[count - 1]
                let offset = 3 * (count - 1)
                target.storeBytes(of: UInt16(truncatingIfNeeded: last >> 8).bigEndian, toByteOffset: offset, as: UInt16.self)
                target.storeBytes(of: UInt8(truncatingIfNeeded: last), toByteOffset: offset + 2, as: UInt8.self)
            case 4:
                for item in 0..<count {
                    target.storeBytes(of: source[item].bigEndian, toByteOffset: 4 * item, as: UInt32.self)
                }
            default:
                for item in 0..<count {
                    target.storeBytes(of: UInt64(source[item]).bigEndian, toByteOffset: 8 * item, as: UInt64.self)
                }
            }
            position += count * size
        }

        /// What ``ByteBuffer/appendHeader(marker:count:)`` appends.
        mutating func writeHeader(marker: UInt8, count: Int) {
            if count < 15 {
                writeBigEndian(UInt64(marker << 4 | UInt8(count)), size: 1)
            } else {
                let size = BinaryWriter.powerOfTwoWidth(UInt64(count))
                writeBigEndian(UInt64(marker << 4 | 0x0F), size: 1)
                writeBigEndian(UInt64(0x10 | UInt8(size.trailingZeroBitCount)), size: 1)
                writeBigEndian(UInt64(count), size: size)
            }
        }
    }
}

/// Cursors over a ``ByteBuffer``'s reserved bytes, and writes of views.
extension BinaryWriter.ByteCursor {
    /// The bytes of `view`, moved as the raw-memory `write(_:)` above moves them.
    @inline(__always)
    mutating func write(_ view: ByteView) {
        view.withUnsafeBufferPointer { write(UnsafeRawBufferPointer($0)) }
    }
}

extension ByteBuffer {
    /// A cursor `offset` bytes into `byteCount` bytes reserved at the end of the buffer
    /// (``reserve(_:)``, so reserving the same count again for a second cursor moves
    /// nothing). The caller writes at most `byteCount − offset` bytes through it, then
    /// commits what the cursors wrote.
    @inline(__always)
    mutating func cursor(reserving byteCount: Int, at offset: Int = 0) -> BinaryWriter.ByteCursor {
        assert(offset >= 0 && offset <= byteCount)
        return BinaryWriter.ByteCursor(UnsafeMutableRawPointer(reserve(byteCount) + offset))
    }
}
