#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One object of a `bplist00` object table: located, its marker understood and its size
/// checked against the object area, but its payload not yet decoded.
package struct BinaryObject {
    /// What the marker byte says the object is.
    package enum Kind: Equatable {
        case `false`, `true`, integer, real, date, data, asciiString, utf16String, uid, array, set, dictionary

        /// The kind of value the object decodes to: sets are arrays.
        var plistKind: Plist.Kind {
            switch self {
            case .dictionary: .dictionary
            case .array, .set: .array
            case .asciiString, .utf16String: .string
            case .integer: .integer
            case .real: .real
            case .true, .false: .bool
            case .date: .date
            case .data: .data
            case .uid: .uid
            }
        }
    }

    package let kind: Kind
    /// Where the marker byte is.
    package let offset: Int
    /// Where the payload starts (after the marker and any count object).
    package let start: Int
    /// Elements for data, strings (bytes or UTF-16 units), arrays, sets and dictionaries
    /// (entries); payload bytes for integers, reals, dates and UIDs; 0 for Booleans.
    package let count: Int

    /// True for strings of either encoding.
    package var isString: Bool { kind == .asciiString || kind == .utf16String }
    /// Strings and data: the scalars worth keeping when an object is reached again (the
    /// others cost less to decode again than to look up).
    var isWorthSharing: Bool { isString || kind == .data }
}

/// The validated object table of a `bplist00` file: the layer that both ``BinaryReader``
/// (which builds a ``Plist``) and the Codable decoder read through, so that every check —
/// header, trailer, offsets and references in range, counts against the bytes left, string
/// encodings, integer ranges — lives in one place.
///
/// Every position this type hands out has been checked; every read through it stays inside
/// the object area. What it does not track is how objects nest: cycles and depth are the
/// caller's (it knows which containers it is inside).
package struct BinaryObjectTable {
    /// The whole input, header to trailer.
    let bytes: ByteView
    let trailer: BinaryTrailer
    /// The `Data` whose storage `bytes` is, when data objects of ``sharedDataMinimum`` bytes
    /// or more may share it instead of being copied; nil copies every data object.
    var storage: Data?

    /// Data objects this large or larger share ``storage`` when there is one: below it a copy
    /// costs less than the `Data` that refers to the input, and a small value is not worth
    /// keeping a whole input alive for.
    static let sharedDataMinimum = 4096

    /// Checks the header and the trailer of `bytes`.
    init(_ bytes: ByteView) throws(PlistError) {
        if bytes.count < BinaryMarker.headerSize, BinaryMarker.magic.starts(with: bytes) {
            throw BinaryTrailer.tooShort(bytes.count)
        }
        guard bytes.count >= BinaryMarker.headerSize,
              BinaryMarker.magic.indices.allSatisfy({ bytes[$0] == BinaryMarker.magic[$0] })
        else {
            throw PlistError(.badHeader, "the input does not start with the binary plist header \"bplist00\"", offset: 0)
        }
        self.bytes = bytes
        trailer = try BinaryTrailer(bytes)
    }

    /// A table over `bytes`, whose header and trailer were checked as `trailer` before.
    init(checked bytes: ByteView, trailer: BinaryTrailer) {
        self.bytes = bytes
        self.trailer = trailer
    }

    /// Number of objects in the table.
    @inline(__always)
    package var objectCount: Int { trailer.objectCount }

    /// Bytes per object reference.
    @inline(__always)
    package var refSize: Int { trailer.objectRefSize }

    /// Where the trailer's reference to the top object is "stored", for error positions.
    var topReferrer: Int { bytes.count - 16 }

    /// The error for a reference to a nonexistent object.
    func refOutOfRange(_ index: Int, referencedFrom referrer: Int) -> PlistError {
        PlistError(.refOutOfRange, "object reference \(index) is not below the object count \(trailer.objectCount)", offset: referrer)
    }

    /// The object reference stored at `position` (inside a container's payload, which
    /// ``object(at:)`` has sized), unchecked against the object count.
    @inline(__always)
    package func ref(at position: Int) -> Int {
        Int(truncatingIfNeeded: bytes.paddedBigEndian(at: position, size: trailer.objectRefSize))
    }

    /// The object reference stored at `position`, checked to name an existing object.
    @inline(__always)
    package func checkedRef(at position: Int) throws(PlistError) -> Int {
        let index = ref(at: position)
        guard index >= 0, index < trailer.objectCount else { throw refOutOfRange(index, referencedFrom: position) }
        return index
    }

    /// Where object `index` (below the object count) starts, validated to lie in the object area.
    @inline(__always)
    func offset(ofObject index: Int) throws(PlistError) -> Int {
        let entry = trailer.offsetTableOffset + index * trailer.offsetIntSize
        let offset = bytes.paddedBigEndian(at: entry, size: trailer.offsetIntSize)
        guard offset >= UInt64(BinaryMarker.headerSize), offset < UInt64(trailer.offsetTableOffset) else {
            throw PlistError(.offsetOutOfRange, "object \(index) has offset \(offset), outside the object area \(BinaryMarker.headerSize)..<\(trailer.offsetTableOffset)", offset: entry)
        }
        return Int(offset)
    }

    /// Object `index` (below the object count), located and sized.
    @inline(__always)
    package func object(index: Int) throws(PlistError) -> BinaryObject {
        try object(at: offset(ofObject: index))
    }

    /// The object whose marker is at `offset` (inside the object area), located and sized.
    func object(at offset: Int) throws(PlistError) -> BinaryObject {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case BinaryMarker.false: return BinaryObject(kind: .false, offset: offset, start: offset + 1, count: 0)
            case BinaryMarker.true: return BinaryObject(kind: .true, offset: offset, start: offset + 1, count: 0)
            case BinaryMarker.null: throw PlistError(.unsupportedObject, "null object (0x00) has no property-list value", offset: offset)
            default: throw unknownMarker(marker, at: offset)
            }
        case BinaryMarker.integer:
            guard low <= 4 else {
                throw PlistError(.unknownObject, "integer of \(1 << low) bytes (marker 0x\(hex(marker)))", offset: offset)
            }
            let size = 1 << low
            // 16-byte integers were read as two 8-byte halves; the message names 8 bytes.
            try checkPayload(at: offset + 1, size: size, reported: min(size, 8), of: offset)
            return BinaryObject(kind: .integer, offset: offset, start: offset + 1, count: size)
        case BinaryMarker.real:
            guard low == 2 || low == 3 else {
                throw PlistError(.unknownObject, "real of \(1 << low) bytes (marker 0x\(hex(marker))); only 4 and 8 exist", offset: offset)
            }
            try checkPayload(at: offset + 1, size: 1 << low, reported: 1 << low, of: offset)
            return BinaryObject(kind: .real, offset: offset, start: offset + 1, count: 1 << low)
        case 0x3:
            guard marker == BinaryMarker.date else { throw unknownMarker(marker, at: offset) }
            try checkPayload(at: offset + 1, size: 8, reported: 8, of: offset)
            return BinaryObject(kind: .date, offset: offset, start: offset + 1, count: 8)
        case BinaryMarker.data:
            let (start, count) = try counted(at: offset, elementSize: 1)
            return BinaryObject(kind: .data, offset: offset, start: start, count: count)
        case BinaryMarker.asciiString:
            let (start, count) = try counted(at: offset, elementSize: 1)
            return BinaryObject(kind: .asciiString, offset: offset, start: start, count: count)
        case BinaryMarker.utf16String:
            let (start, count) = try counted(at: offset, elementSize: 2)
            return BinaryObject(kind: .utf16String, offset: offset, start: start, count: count)
        case BinaryMarker.uid:
            let size = low + 1
            guard offset + 1 + size <= trailer.offsetTableOffset else {
                throw PlistError(.truncated, "UID of \(size) bytes runs past the object area", offset: offset)
            }
            return BinaryObject(kind: .uid, offset: offset, start: offset + 1, count: size)
        case BinaryMarker.array:
            let (start, count) = try counted(at: offset, elementSize: trailer.objectRefSize)
            return BinaryObject(kind: .array, offset: offset, start: start, count: count)
        case BinaryMarker.set:
            let (start, count) = try counted(at: offset, elementSize: trailer.objectRefSize)
            return BinaryObject(kind: .set, offset: offset, start: start, count: count)
        case BinaryMarker.dictionary:
            let (start, count) = try counted(at: offset, elementSize: 2 * trailer.objectRefSize)
            return BinaryObject(kind: .dictionary, offset: offset, start: start, count: count)
        default:
            throw unknownMarker(marker, at: offset)
        }
    }

    private func unknownMarker(_ marker: UInt8, at offset: Int) -> PlistError {
        PlistError(.unknownObject, "unknown object marker 0x\(hex(marker))", offset: offset)
    }

    /// Checks that `size` payload bytes at `start` fit in the object area.
    @inline(__always)
    private func checkPayload(at start: Int, size: Int, reported: Int, of object: Int) throws(PlistError) {
        guard start + size <= trailer.offsetTableOffset else {
            throw PlistError(.truncated, "object needs \(reported) bytes past the end of the object area", offset: object)
        }
    }

    /// The element count of the object at `offset` and where its elements start, checked so
    /// that `count * elementSize` bytes fit in the object area.
    private func counted(at offset: Int, elementSize: Int) throws(PlistError) -> (start: Int, count: Int) {
        let low = Int(bytes[offset] & 0x0F)
        guard low == 0x0F else {
            let start = offset + 1
            guard low * elementSize <= trailer.offsetTableOffset - start else {
                throw PlistError(.countTooLarge, "count \(low) needs more than the \(trailer.offsetTableOffset - start) bytes left in the object area", offset: offset)
            }
            return (start, low)
        }
        var start = offset + 1
        guard start < trailer.offsetTableOffset else {
            throw PlistError(.truncated, "count is missing after the marker", offset: offset)
        }
        let countMarker = bytes[start]
        guard countMarker >> 4 == BinaryMarker.integer, countMarker & 0x0F <= 3 else {
            throw PlistError(.countTooLarge, "count is not a 1, 2, 4 or 8-byte integer (marker 0x\(hex(countMarker)))", offset: start)
        }
        let size = 1 << Int(countMarker & 0x0F)
        try checkPayload(at: start + 1, size: size, reported: size, of: offset)
        let count = bytes.bigEndian(at: start + 1, size: size)
        start += 1 + size
        let available = UInt64(trailer.offsetTableOffset - start)
        let (needed, overflow) = count.multipliedReportingOverflow(by: UInt64(elementSize))
        guard !overflow, needed <= available else {
            throw PlistError(.countTooLarge, "count \(count) needs more than the \(available) bytes left in the object area", offset: offset)
        }
        return (start, Int(count))
    }

    // MARK: Payloads

    /// The value of an integer object.
    package func integer(_ object: BinaryObject) throws(PlistError) -> PlistInteger {
        switch object.count {
        case 8:
            return PlistInteger(Int64(bitPattern: bytes.bigEndian(at: object.start, size: 8)))
        case 16:
            let high = bytes.bigEndian(at: object.start, size: 8)
            let lowBits = bytes.bigEndian(at: object.start + 8, size: 8)
            if high == 0 { return PlistInteger(lowBits) }
            if high == UInt64.max, Int64(bitPattern: lowBits) < 0 { return PlistInteger(Int64(bitPattern: lowBits)) }
            throw PlistError(.invalidInteger, "16-byte integer 0x\(String(high, radix: 16))\(String(lowBits, radix: 16).leftPadded(to: 16)) is outside −2⁶³…2⁶⁴−1", offset: object.offset)
        default:
            return PlistInteger(bytes.bigEndian(at: object.start, size: object.count))
        }
    }

    /// The value of a real object, widened to `Double`.
    @inline(__always)
    func real(_ object: BinaryObject) -> Double {
        let bits = bytes.bigEndian(at: object.start, size: object.count)
        return object.count == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
    }

    /// The value of a real object as a ``Plist``, keeping a 4-byte real's width and bits.
    @inline(__always)
    func realValue(_ object: BinaryObject) -> Plist {
        let bits = bytes.bigEndian(at: object.start, size: object.count)
        return object.count == 4 ? .real32(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : .real(Double(bitPattern: bits))
    }

    /// The value of the object at `offset` (in the object area) when it is an integer of 1 to
    /// 8 bytes or a real whose payload fits in the object area, read from its marker alone,
    /// as ``integer(_:)`` and ``realValue(_:)`` read it; nil for anything else, which
    /// ``object(at:)`` sizes (and reports what is wrong with).
    @inline(__always)
    func number(at offset: Int) -> Plist? {
        let marker = bytes[offset]
        switch marker {
        case 0x10...0x13, 0x22, 0x23: break
        default: return nil
        }
        let size = 1 &<< Int(marker & 0x0F)
        guard offset &+ 1 &+ size <= trailer.offsetTableOffset else { return nil }
        let bits = bytes.paddedBigEndian(at: offset &+ 1, size: size)
        if marker >> 4 == BinaryMarker.integer {
            return .integer(size == 8 ? PlistInteger(Int64(bitPattern: bits)) : PlistInteger(bits))
        }
        return size == 4 ? .real32(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : .real(Double(bitPattern: bits))
    }

    /// Where object `index` starts, when the index is below the object count and the offset
    /// lies in the object area; nil otherwise (``offset(ofObject:)`` says which check failed).
    @inline(__always)
    func validOffset(ofObject index: Int) -> Int? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        let entry = trailer.offsetTableOffset &+ index &* trailer.offsetIntSize
        let offset = bytes.paddedBigEndian(at: entry, size: trailer.offsetIntSize)
        guard offset >= UInt64(BinaryMarker.headerSize), offset < UInt64(trailer.offsetTableOffset) else { return nil }
        return Int(truncatingIfNeeded: offset)
    }

    /// The value of object `index` when it is a scalar that costs nothing to keep and passes
    /// every check the full path makes: an integer of 1 to 8 bytes, a real, a Boolean, a date,
    /// or an ASCII string of fewer than 15 bytes (made inline). Nil for anything else, and
    /// for an index or offset out of range: ``offset(ofObject:)`` and ``object(at:)`` report
    /// what is wrong with those.
    ///
    /// Read from the offset table and the marker alone, with no call and nothing thrown, so
    /// that a container of numbers or flags costs a few loads an element.
    @inline(__always)
    func inlineScalar(index: Int) -> Plist? {
        guard let offset = validOffset(ofObject: index) else { return nil }
        let marker = bytes[offset]
        switch marker {
        case 0x10...0x13:
            let size = 1 &<< Int(marker & 0x0F)
            guard offset &+ 1 &+ size <= trailer.offsetTableOffset else { return nil }
            let bits = bytes.paddedBigEndian(at: offset &+ 1, size: size)
            return .integer(size == 8 ? PlistInteger(Int64(bitPattern: bits)) : PlistInteger(bits))
        case 0x22:
            guard offset &+ 5 <= trailer.offsetTableOffset else { return nil }
            return .real32(Float(bitPattern: UInt32(truncatingIfNeeded: bytes.paddedBigEndian(at: offset &+ 1, size: 4))))
        case 0x23:
            guard offset &+ 9 <= trailer.offsetTableOffset else { return nil }
            return .real(Double(bitPattern: bytes.paddedBigEndian(at: offset &+ 1, size: 8)))
        case BinaryMarker.false:
            return .bool(false)
        case BinaryMarker.true:
            return .bool(true)
        case BinaryMarker.date:
            return date(at: offset).map { .date($0) }
        case 0x50...0x5E:
            return shortInlineString(at: offset, count: Int(marker & 0x0F)).map { .string($0) }
        default:
            return nil
        }
    }

    /// The ASCII string of `count` (below 15) bytes after the marker at `offset`, made inline,
    /// when it fits in the object area and every byte is ASCII.
    @inline(__always)
    private func shortInlineString(at offset: Int, count: Int) -> String? {
        let start = offset &+ 1
        guard start &+ count <= trailer.offsetTableOffset, start &+ 16 <= bytes.count, SmallASCIIString.isAvailable else { return nil }
        return SmallASCIIString.make(bytes, at: start, count: count)
    }

    /// Object `index` as a dictionary key and its print, when it is an ASCII string that
    /// passes every check the full path makes and is either of at most 15 bytes (made
    /// inline) or of the lengths `cache` keeps (taken from it, or made and kept there); nil
    /// for anything else, which the full path decodes or reports.
    @inline(__always)
    func asciiKey(index: Int, cache: BinaryKeyCache?) -> (String, BinaryKeyPrint)? {
        guard let offset = validOffset(ofObject: index) else { return nil }
        let marker = bytes[offset]
        guard marker >> 4 == BinaryMarker.asciiString else { return nil }
        let lowNibble = Int(marker & 0x0F)
        guard lowNibble == 0x0F else { return inlineKey(at: offset &+ 1, count: lowNibble) }
        // A longer key's count follows as a one-byte integer object.
        let start = offset &+ 3
        guard start <= trailer.offsetTableOffset, bytes[offset &+ 1] == 0x10 else { return nil }
        let count = Int(bytes[offset &+ 2])
        // Fifteen bytes (`CFBundleVersion`) no longer fit the marker, but still fit inline.
        if count <= SmallASCIIString.capacity { return inlineKey(at: start, count: count) }
        guard let cache, count >= BinaryKeyCache.minimumLength, count <= BinaryKeyCache.maximumLength,
              start &+ count <= trailer.offsetTableOffset,
              let string = cache.string(bytes.slice(at: start, count: count)) else { return nil }
        return (string, BinaryKeyPrint(bytes, at: start, count: count))
    }

    /// The key of `count` (at most ``SmallASCIIString/capacity``) bytes at `start`, made
    /// inline, and its print, when they fit in the object area and are ASCII. The inline
    /// string's words are the print too: the bytes are read once.
    @inline(__always)
    private func inlineKey(at start: Int, count: Int) -> (String, BinaryKeyPrint)? {
        guard start &+ count <= trailer.offsetTableOffset, start &+ 16 <= bytes.count, SmallASCIIString.isAvailable else { return nil }
        let words = SmallASCIIString.bits(bytes, at: start, count: count)
        guard SmallASCIIString.isASCII(words) else { return nil }
        return (SmallASCIIString.string(words), BinaryKeyPrint(words))
    }

    /// The value of the object at `offset` (in the object area) when it is an ASCII string of
    /// fewer than 15 bytes (its count in the marker) that fits in the object area, read as
    /// ``string(_:)`` reads it, with its error for a byte that is not ASCII; nil for anything
    /// else, which ``object(at:)`` sizes.
    @inline(__always)
    func shortASCIIString(at offset: Int) throws(PlistError) -> String? {
        let marker = bytes[offset]
        guard marker >> 4 == BinaryMarker.asciiString, marker & 0x0F != 0x0F else { return nil }
        let count = Int(marker & 0x0F)
        guard offset &+ 1 &+ count <= trailer.offsetTableOffset else { return nil }
        return try asciiString(start: offset &+ 1, count: count)
    }

    /// The value of the object at `offset` (in the object area) when it is a date that fits
    /// in the object area; nil for anything else, which ``object(at:)`` sizes.
    @inline(__always)
    func date(at offset: Int) -> Date? {
        guard bytes[offset] == BinaryMarker.date, offset &+ 9 <= trailer.offsetTableOffset else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bytes.bigEndian(at: offset &+ 1, size: 8)))
    }

    /// The value of a date object.
    @inline(__always)
    func date(_ object: BinaryObject) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: bytes.bigEndian(at: object.start, size: 8)))
    }

    /// The bytes of a data object.
    @inline(__always)
    func data(_ object: BinaryObject) -> Data {
        if object.count >= Self.sharedDataMinimum, let storage {
            // `bytes` is `storage`'s, which cannot change or go away while the closure
            // holds this copy of it (a write to another copy copies first).
            return bytes.sharedData(at: object.start, count: object.count, keeping: storage)
        }
        return bytes.data(at: object.start, count: object.count)
    }

    /// The value of a UID object.
    package func uid(_ object: BinaryObject) throws(PlistError) -> UInt64 {
        var value: UInt64 = 0
        for index in object.start..<(object.start + object.count) {
            guard value >> 56 == 0 else {
                throw PlistError(.invalidInteger, "UID wider than 64 bits", offset: object.offset)
            }
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }

    /// The value of a scalar object, or nil for an array, set or dictionary.
    @inline(__always)
    package func scalarValue(_ object: BinaryObject) throws(PlistError) -> Plist? {
        switch object.kind {
        case .false: .bool(false)
        case .true: .bool(true)
        case .integer: .integer(try integer(object))
        case .real: realValue(object)
        case .date: .date(date(object))
        case .uid: .uid(try uid(object))
        case .data: .data(data(object))
        case .asciiString, .utf16String: .string(try string(object))
        case .array, .set, .dictionary: nil
        }
    }

    /// The value of a string object of either encoding.
    @inline(__always)
    package func string(_ object: BinaryObject) throws(PlistError) -> String {
        object.kind == .asciiString
            ? try asciiString(start: object.start, count: object.count)
            : try utf16String(start: object.start, count: object.count)
    }

    /// The bytes of an ASCII string object, checked to be ASCII.
    @inline(__always)
    func asciiBytes(_ object: BinaryObject) throws(PlistError) -> ByteView {
        let slice = bytes.slice(at: object.start, count: object.count)
        guard slice.isASCII else {
            let bad = slice.firstNonASCII(from: 0)
            throw PlistError(.invalidString, "ASCII string holds byte 0x\(hex(slice[bad]))", offset: object.start + bad)
        }
        return slice
    }

    private func asciiString(start: Int, count: Int) throws(PlistError) -> String {
        // Up to 15 bytes: made inline (a byte that is not ASCII goes on to be reported). The
        // offset table and the 32-byte trailer follow the object area, so the 16 bytes from a
        // string's start are in the buffer.
        if count <= SmallASCIIString.capacity, start &+ 16 <= bytes.count, SmallASCIIString.isAvailable,
           let string = SmallASCIIString.make(bytes, at: start, count: count) {
            return string
        }
        let slice = try asciiBytes(BinaryObject(kind: .asciiString, offset: start - 1, start: start, count: count))
        return UTF8Strings.make(ascii: slice)
    }

    /// A UTF-16BE string, transcoded to UTF-8.
    private func utf16String(start: Int, count: Int) throws(PlistError) -> String {
        do {
            return try UTF8Strings.make(utf16BigEndian: bytes.slice(at: start, count: 2 * count), count: count)
        } catch {
            throw loneSurrogate(at: start + 2 * error.index)
        }
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
