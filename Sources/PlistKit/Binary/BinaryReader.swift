#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Decodes a `bplist00` file into a ``Plist``.
///
/// The trailer is validated once; after that every read is bounds-checked against the
/// object area. Each object is decoded at most once and cached by index, so shared objects
/// cost their size once however many containers refer to them. An object whose decoding is
/// in progress marks a cycle if it is reached again.
struct BinaryReader: ~Copyable {
    private let bytes: UnsafeRawBufferPointer
    private let trailer: BinaryTrailer
    private let maximumDepth: Int
    /// Decoded objects by index.
    private var cache: [Plist?]
    /// True while the object at that index is being decoded.
    private var inProgress: [Bool]

    /// Decodes the binary plist in `bytes`.
    static func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        guard bytes.count >= BinaryMarker.headerSize,
              BinaryMarker.magic.indices.allSatisfy({ bytes[$0] == BinaryMarker.magic[$0] })
        else {
            throw PlistError(.badHeader, "missing bplist0 header", offset: 0)
        }
        let trailer = try BinaryTrailer(bytes)
        var reader = BinaryReader(bytes, trailer: trailer, maximumDepth: options.maximumDepth)
        return try reader.object(at: trailer.topObject, depth: 0, referencedFrom: bytes.count - 16)
    }

    private init(_ bytes: UnsafeRawBufferPointer, trailer: BinaryTrailer, maximumDepth: Int) {
        self.bytes = bytes
        self.trailer = trailer
        self.maximumDepth = maximumDepth
        cache = Array(repeating: nil, count: trailer.objectCount)
        inProgress = Array(repeating: false, count: trailer.objectCount)
    }

    /// Where object `index` starts, validated to lie in the object area.
    private func offset(ofObject index: Int) throws(PlistError) -> Int {
        let entry = trailer.offsetTableOffset + index * trailer.offsetIntSize
        let offset = BinaryTrailer.bigEndian(bytes, at: entry, size: trailer.offsetIntSize)
        guard offset >= UInt64(BinaryMarker.headerSize), offset < UInt64(trailer.offsetTableOffset) else {
            throw PlistError(.offsetOutOfRange, "object \(index) has offset \(offset), outside the object area \(BinaryMarker.headerSize)..<\(trailer.offsetTableOffset)", offset: entry)
        }
        return Int(offset)
    }

    /// Decodes object `index` (or returns it from the cache).
    private mutating func object(at index: Int, depth: Int, referencedFrom referrer: Int) throws(PlistError) -> Plist {
        guard index < trailer.objectCount else {
            throw PlistError(.refOutOfRange, "object reference \(index) is not below the object count \(trailer.objectCount)", offset: referrer)
        }
        if let cached = cache[index] { return cached }
        guard !inProgress[index] else {
            throw PlistError(.cyclicReference, "object \(index) contains itself", offset: referrer)
        }
        inProgress[index] = true
        let value = try decodeObject(at: offset(ofObject: index), depth: depth)
        inProgress[index] = false
        cache[index] = value
        return value
    }

    private mutating func decodeObject(at offset: Int, depth: Int) throws(PlistError) -> Plist {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case BinaryMarker.false: return .bool(false)
            case BinaryMarker.true: return .bool(true)
            case BinaryMarker.null: throw PlistError(.unsupportedObject, "null object (0x00) has no property-list value", offset: offset)
            default: throw PlistError(.unknownObject, "unknown object marker 0x\(hex(marker))", offset: offset)
            }
        case BinaryMarker.integer:
            return .integer(try integer(at: offset))
        case BinaryMarker.real:
            guard low == 2 || low == 3 else {
                throw PlistError(.unknownObject, "real of \(1 << low) bytes (marker 0x\(hex(marker))); only 4 and 8 exist", offset: offset)
            }
            let bits = try payload(at: offset + 1, size: 1 << low, of: offset)
            return .real(low == 2 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits))
        case 0x3:
            guard marker == BinaryMarker.date else {
                throw PlistError(.unknownObject, "unknown object marker 0x\(hex(marker))", offset: offset)
            }
            let bits = try payload(at: offset + 1, size: 8, of: offset)
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
        case BinaryMarker.data:
            let (start, count) = try counted(at: offset, elementSize: 1)
            return .data(Data(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])))
        case BinaryMarker.asciiString:
            let (start, count) = try counted(at: offset, elementSize: 1)
            return .string(try asciiString(start: start, count: count))
        case BinaryMarker.utf16String:
            let (start, count) = try counted(at: offset, elementSize: 2)
            return .string(try utf16String(start: start, count: count))
        case BinaryMarker.uid:
            let size = low + 1
            let end = offset + 1 + size
            guard end <= trailer.offsetTableOffset else {
                throw PlistError(.truncated, "UID of \(size) bytes runs past the object area", offset: offset)
            }
            var value: UInt64 = 0
            for index in (offset + 1)..<end {
                guard value >> 56 == 0 else {
                    throw PlistError(.invalidInteger, "UID wider than 64 bits", offset: offset)
                }
                value = value << 8 | UInt64(bytes[index])
            }
            return .uid(value)
        case BinaryMarker.array, BinaryMarker.set:
            let (start, count) = try counted(at: offset, elementSize: trailer.objectRefSize)
            try checkDepth(depth, at: offset)
            var elements: [Plist] = []
            elements.reserveCapacity(count)
            var position = start
            for _ in 0..<count {
                elements.append(try object(at: ref(at: position), depth: depth + 1, referencedFrom: position))
                position += trailer.objectRefSize
            }
            return .array(elements)
        case BinaryMarker.dictionary:
            let (start, count) = try counted(at: offset, elementSize: 2 * trailer.objectRefSize)
            try checkDepth(depth, at: offset)
            var entries = OrderedDictionary<String, Plist>(minimumCapacity: count)
            let valuesStart = start + count * trailer.objectRefSize
            for element in 0..<count {
                let keyPosition = start + element * trailer.objectRefSize
                let keyObject = try object(at: ref(at: keyPosition), depth: depth + 1, referencedFrom: keyPosition)
                guard case .string(let key) = keyObject else {
                    throw PlistError(.nonStringKey, "dictionary key is a \(keyObject.typeName), not a string", offset: keyPosition)
                }
                let valuePosition = valuesStart + element * trailer.objectRefSize
                entries[key] = try object(at: ref(at: valuePosition), depth: depth + 1, referencedFrom: valuePosition)
            }
            return .dictionary(entries)
        default:
            throw PlistError(.unknownObject, "unknown object marker 0x\(hex(marker))", offset: offset)
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", offset: offset)
        }
    }

    /// The object reference stored at `position`.
    @inline(__always)
    private func ref(at position: Int) -> Int {
        Int(truncatingIfNeeded: BinaryTrailer.bigEndian(bytes, at: position, size: trailer.objectRefSize))
    }

    /// `size` bytes at `start` as a big-endian integer, checked against the object area.
    private func payload(at start: Int, size: Int, of object: Int) throws(PlistError) -> UInt64 {
        guard start + size <= trailer.offsetTableOffset else {
            throw PlistError(.truncated, "object needs \(size) bytes past the end of the object area", offset: object)
        }
        return BinaryTrailer.bigEndian(bytes, at: start, size: size)
    }

    /// An integer object (marker 0x1n) at `offset`.
    private func integer(at offset: Int) throws(PlistError) -> PlistInteger {
        let low = bytes[offset] & 0x0F
        switch low {
        case 0, 1, 2:
            return PlistInteger(try payload(at: offset + 1, size: 1 << Int(low), of: offset))
        case 3:
            return PlistInteger(Int64(bitPattern: try payload(at: offset + 1, size: 8, of: offset)))
        case 4:
            let high = try payload(at: offset + 1, size: 8, of: offset)
            let lowBits = try payload(at: offset + 9, size: 8, of: offset)
            if high == 0 { return PlistInteger(lowBits) }
            if high == UInt64.max, Int64(bitPattern: lowBits) < 0 { return PlistInteger(Int64(bitPattern: lowBits)) }
            throw PlistError(.invalidInteger, "16-byte integer 0x\(String(high, radix: 16))\(String(lowBits, radix: 16).leftPadded(to: 16)) is outside −2⁶³…2⁶⁴−1", offset: offset)
        default:
            throw PlistError(.unknownObject, "integer of \(1 << Int(low)) bytes (marker 0x\(hex(bytes[offset])))", offset: offset)
        }
    }

    /// The element count of the object at `offset` and where its elements start, checked so
    /// that `count * elementSize` bytes fit in the object area.
    private func counted(at offset: Int, elementSize: Int) throws(PlistError) -> (start: Int, count: Int) {
        let low = Int(bytes[offset] & 0x0F)
        var count = UInt64(low)
        var start = offset + 1
        if low == 0x0F {
            guard start < trailer.offsetTableOffset else {
                throw PlistError(.truncated, "count is missing after the marker", offset: offset)
            }
            let countMarker = bytes[start]
            guard countMarker >> 4 == BinaryMarker.integer, countMarker & 0x0F <= 3 else {
                throw PlistError(.countTooLarge, "count is not a 1, 2, 4 or 8-byte integer (marker 0x\(hex(countMarker)))", offset: start)
            }
            let size = 1 << Int(countMarker & 0x0F)
            count = try payload(at: start + 1, size: size, of: offset)
            start += 1 + size
        }
        let available = UInt64(trailer.offsetTableOffset - start)
        let (needed, overflow) = count.multipliedReportingOverflow(by: UInt64(elementSize))
        guard !overflow, needed <= available else {
            throw PlistError(.countTooLarge, "count \(count) needs more than the \(available) bytes left in the object area", offset: offset)
        }
        return (start, Int(count))
    }

    private func asciiString(start: Int, count: Int) throws(PlistError) -> String {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
        var combined: UInt8 = 0
        for byte in slice { combined |= byte }
        guard combined < 0x80 else {
            let bad = slice.firstIndex(where: { $0 >= 0x80 }) ?? 0
            throw PlistError(.invalidString, "ASCII string holds byte 0x\(hex(slice[bad]))", offset: start + bad)
        }
        return String(decoding: slice, as: UTF8.self)
    }

    private func utf16String(start: Int, count: Int) throws(PlistError) -> String {
        var units = [UInt16](repeating: 0, count: count)
        var pendingHigh = false
        for index in 0..<count {
            let position = start + 2 * index
            let unit = UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
            units[index] = unit
            switch unit {
            case 0xD800...0xDBFF:
                guard !pendingHigh else { throw loneSurrogate(at: position - 2) }
                pendingHigh = true
            case 0xDC00...0xDFFF:
                guard pendingHigh else { throw loneSurrogate(at: position) }
                pendingHigh = false
            default:
                guard !pendingHigh else { throw loneSurrogate(at: position - 2) }
            }
        }
        guard !pendingHigh else { throw loneSurrogate(at: start + 2 * (count - 1)) }
        return String(decoding: units, as: UTF16.self)
    }

    private func loneSurrogate(at offset: Int) -> PlistError {
        PlistError(.invalidString, "UTF-16 string holds an unpaired surrogate", offset: offset)
    }
}

func hex(_ byte: UInt8) -> String {
    String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
