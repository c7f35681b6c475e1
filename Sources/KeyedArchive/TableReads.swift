#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Internals) import PlistKit

/// Reads of a `bplist00` object table that `BinaryObjectTable` has already checked
/// (`BinaryArchive.scan(_:)` checks every object it hands on), kept here: the table's own
/// reads are not inlined across modules, and these run for every key and field. The figures
/// are copied out of the trailer once.
struct TableReads {
    private let base: UnsafeRawPointer
    private let refSize: Int
    private let offsetIntSize: Int
    private let offsetTableOffset: Int
    /// The number of objects in the table.
    let objectCount: Int

    init(_ table: BinaryObjectTable) {
        base = UnsafeRawPointer(table.rawBytes.baseAddress!)
        refSize = table.refSize
        offsetIntSize = table.offsetIntSize
        offsetTableOffset = table.offsetTableOffset
        objectCount = table.objectCount
    }

    /// Reference `entry` of the references that start at `start`, in a container the table
    /// located (not checked against the object count).
    @inline(__always)
    func ref(_ entry: Int, from start: Int) -> Int {
        bigEndian(at: start &+ entry &* refSize, size: refSize)
    }

    /// Where object `index` starts; only for objects the table has located.
    @inline(__always)
    func offset(ofObject index: Int) -> Int {
        bigEndian(at: offsetTableOffset &+ index &* offsetIntSize, size: offsetIntSize)
    }

    /// The marker byte of object `index`; only for objects the table has located.
    @inline(__always)
    func marker(ofObject index: Int) -> UInt8 {
        base.load(fromByteOffset: offset(ofObject: index), as: UInt8.self)
    }

    /// The address of byte `position`.
    @inline(__always)
    func address(_ position: Int) -> UnsafeRawPointer {
        base + position
    }

    /// Where object `index` (below the object count, not checked before) starts, when that is
    /// in the object area, as `BinaryObjectTable.object(index:)` requires; nil otherwise. The
    /// checks below take this offset, so that the scan reads it once for all three.
    @inline(__always)
    func checkedOffset(ofObject index: Int) -> Int? {
        let offset = self.offset(ofObject: index)
        return offset >= 8 && offset < offsetTableOffset ? offset : nil
    }

    /// The signature (see ``KeySignature``) of object `index` (below the object count, not
    /// checked before) when it is an ASCII string of fewer than 15 bytes that passes every
    /// check `BinaryObjectTable.shortASCIIString(index:)` makes; nil for any other object,
    /// which the caller reads through the table (and its errors). Nearly every key is one,
    /// and the scan checks every key of every object: here the checks are inlined, and the
    /// bytes read as the two words of their signature, which the ASCII check tests (the
    /// offset table and the trailer follow the objects, so 16 bytes from any short string's
    /// payload can be read).
    @inline(__always)
    func shortASCIISignature(_ index: Int) -> (low: UInt64, high: UInt64)? {
        checkedOffset(ofObject: index).flatMap(shortASCIISignature(at:))
    }

    /// ``shortASCIISignature(_:)`` of the object at `offset` (from ``checkedOffset(ofObject:)``).
    @inline(__always)
    func shortASCIISignature(at offset: Int) -> (low: UInt64, high: UInt64)? {
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        let count = Int(marker & 0x0F)
        guard marker >> 4 == 0x5, count != 0x0F, offset + 1 + count <= offsetTableOffset else { return nil }
        let signature = SmallASCIIString.bits(base + offset + 1, count: count)
        return SmallASCIIString.isASCII(signature) ? signature : nil
    }

    /// The value of object `index` (below the object count, not checked before) when it is a
    /// UID of 1, 2 or 4 bytes that passes the checks `BinaryObjectTable.object(index:)` makes;
    /// nil for any other object.
    @inline(__always)
    func smallUID(_ index: Int) -> UInt64? {
        checkedOffset(ofObject: index).flatMap(smallUID(at:))
    }

    /// ``smallUID(_:)`` of the object at `offset` (from ``checkedOffset(ofObject:)``).
    @inline(__always)
    func smallUID(at offset: Int) -> UInt64? {
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        let size = Int(marker & 0x0F) + 1
        guard marker >> 4 == 0x8, size != 3, size <= 4, offset + 1 + size <= offsetTableOffset else { return nil }
        return UInt64(bigEndian(at: offset + 1, size: size))
    }

    /// True when the object at `offset` (from ``checkedOffset(ofObject:)``) is a Boolean, a
    /// real or a date that passes the checks `BinaryObjectTable.object(index:)` makes; false
    /// for any other object.
    @inline(__always)
    func isFixedSizeScalar(at offset: Int) -> Bool {
        let size: Int
        switch base.load(fromByteOffset: offset, as: UInt8.self) {
        case 0x08, 0x09: size = 0
        case 0x22: size = 4
        case 0x23, 0x33: size = 8
        default: return false
        }
        return offset + 1 + size <= offsetTableOffset
    }

    /// The value of object `index`, which the scan checked (so its payload lies in the object
    /// area, and an ASCII string's bytes are ASCII), when it is a Boolean, an integer of 1 to
    /// 8 bytes, a real, a date or an ASCII string: the value `BinaryObjectTable.scalarValue`
    /// gives, read here without two calls across modules (the fields of archived objects are
    /// mostly these). Nil for anything else.
    @inline(__always)
    func checkedScalar(_ index: Int) -> Plist? {
        let offset = self.offset(ofObject: index)
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        switch marker {
        case 0x08: return .bool(false)
        case 0x09: return .bool(true)
        case 0x10...0x13:
            let size = 1 &<< Int(marker & 0x0F)
            let bits = UInt64(truncatingIfNeeded: bigEndian(at: offset &+ 1, size: size))
            return .integer(size == 8 ? PlistInteger(Int64(bitPattern: bits)) : PlistInteger(bits))
        case 0x22:
            return .real32(Float(bitPattern: UInt32(truncatingIfNeeded: bigEndian(at: offset &+ 1, size: 4))))
        case 0x23:
            return .real(Double(bitPattern: UInt64(truncatingIfNeeded: bigEndian(at: offset &+ 1, size: 8))))
        case 0x33:
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(truncatingIfNeeded: bigEndian(at: offset &+ 1, size: 8)))))
        case 0x50...0x5F:
            return .string(String(decoding: payload(at: offset, marker: marker), as: UTF8.self))
        default:
            return nil
        }
    }

    /// The bytes of object `index`, which the scan checked (so its payload lies in the object
    /// area), when it is data; nil for anything else.
    @inline(__always)
    func checkedData(_ index: Int) -> UnsafeRawBufferPointer? {
        let offset = self.offset(ofObject: index)
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        guard marker >> 4 == 0x4 else { return nil }
        return payload(at: offset, marker: marker)
    }

    /// The bytes of the checked ASCII string or data object at `offset`, whose marker is
    /// `marker`: as many as its count says, which is the marker's low four bits or, when
    /// those are all set, an integer object of 1, 2, 4 or 8 bytes after the marker.
    @inline(__always)
    private func payload(at offset: Int, marker: UInt8) -> UnsafeRawBufferPointer {
        var start = offset &+ 1
        var count = Int(marker & 0x0F)
        if count == 0x0F {
            let size = 1 &<< Int(base.load(fromByteOffset: start, as: UInt8.self) & 0x0F)
            count = bigEndian(at: start &+ 1, size: size)
            start = start &+ 1 &+ size
        }
        return UnsafeRawBufferPointer(start: base + start, count: count)
    }

    /// The big-endian integer of `size` (1 to 8) bytes at `position`. The sizes writers use
    /// for references and offsets (1, 2 and 4), and 8 (integers, reals, dates), are read
    /// here, in one load each;
    /// `BinaryTrailer.bigEndian`, which reads the others, is a call across modules, and this
    /// runs twice for every key compared (a sixteenth of an unarchive, in instructions).
    @inline(__always)
    private func bigEndian(at position: Int, size: Int) -> Int {
        let start = base + position
        switch size {
        case 1: return Int(start.load(as: UInt8.self))
        case 2: return Int(UInt16(bigEndian: start.loadUnaligned(as: UInt16.self)))
        case 4: return Int(UInt32(bigEndian: start.loadUnaligned(as: UInt32.self)))
        case 8: return Int(truncatingIfNeeded: UInt64(bigEndian: start.loadUnaligned(as: UInt64.self)))
        default: return Int(truncatingIfNeeded: BinaryTrailer.bigEndian(UnsafeRawBufferPointer(start: base, count: position &+ size), at: position, size: size))
        }
    }
}
