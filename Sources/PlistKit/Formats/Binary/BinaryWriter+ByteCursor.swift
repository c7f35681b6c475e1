extension BinaryWriter {
    /// A write position in a buffer that the caller has sized exactly; no bounds checks.
    struct ByteCursor {
        private let base: UnsafeMutableRawPointer
        private(set) var position = 0

        init(_ base: UnsafeMutableRawPointer) {
            self.base = base
        }

        mutating func write(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            (base + position).copyMemory(from: source, byteCount: bytes.count)
            position += bytes.count
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
        mutating func writeReferences(_ references: UnsafeBufferPointer<UInt32>, size: Int) {
            let target = base + position
            switch size {
            case 1:
                for (offset, reference) in references.enumerated() {
                    target.storeBytes(of: UInt8(truncatingIfNeeded: reference), toByteOffset: offset, as: UInt8.self)
                }
            case 2:
                for (offset, reference) in references.enumerated() {
                    target.storeBytes(of: UInt16(truncatingIfNeeded: reference).bigEndian, toByteOffset: 2 * offset, as: UInt16.self)
                }
            case 3:
                // Each but the last as one 4-byte store whose extra byte the next reference
                // overwrites; the last exactly, as what follows may be written already.
                guard let last = references.last else { break }
                for (offset, reference) in references.dropLast().enumerated() {
                    target.storeBytes(of: (reference << 8).bigEndian, toByteOffset: 3 * offset, as: UInt32.self)
                }
                let offset = 3 * (references.count - 1)
                target.storeBytes(of: UInt16(truncatingIfNeeded: last >> 8).bigEndian, toByteOffset: offset, as: UInt16.self)
                target.storeBytes(of: UInt8(truncatingIfNeeded: last), toByteOffset: offset + 2, as: UInt8.self)
            case 4:
                for (offset, reference) in references.enumerated() {
                    target.storeBytes(of: reference.bigEndian, toByteOffset: 4 * offset, as: UInt32.self)
                }
            default:
                for (offset, reference) in references.enumerated() {
                    target.storeBytes(of: UInt64(reference).bigEndian, toByteOffset: 8 * offset, as: UInt64.self)
                }
            }
            position += references.count * size
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
