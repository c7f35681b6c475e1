/// Where readers make `String`s of bytes: the input's own UTF-8 (checked by the reader or
/// checked here), or UTF-16 transcoded. Inline ASCII strings of up to 15 bytes are
/// ``SmallASCIIString``'s.
enum UTF8Strings {
    /// A `String` of bytes already known to be valid UTF-8 (checked ASCII, or a transcoder's
    /// output from checked UTF-16), made without validating them a second time where the
    /// standard library has `UTF8Span` (Swift 6.2; on Apple platforms, their 26 releases).
    @inline(__always)
    static func make(validUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        #endif
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `String` of a view's bytes, which hold ASCII only (the caller checked); see
    /// ``make(validUTF8:isASCII:)``.
    @inline(__always)
    static func make(ascii bytes: ByteView) -> String {
        bytes.withUnsafeBufferPointer { make(validUTF8: $0, isASCII: true) }
    }

    /// `bytes` as a string, or nil when they are not valid UTF-8 (`isASCII` says they are
    /// all below 0x80, so valid). `String(validating:as:)` would do, but it is generic over
    /// the encoding and not specialized, so each call looks its types up at run time.
    @inline(__always)
    static func make(validating bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        if isASCII { return string }
        // Decoding replaces each invalid sequence by U+FFFD, which is valid UTF-8 where it
        // stands: the bytes were valid exactly when the string's UTF-8 is the bytes.
        guard string.utf8.count == bytes.count else { return nil }
        let same = string.utf8.withContiguousStorageIfAvailable { decoded in decoded.elementsEqual(bytes) }
        return (same ?? string.utf8.elementsEqual(bytes)) ? string : nil
    }

    /// ``make(validating:isASCII:)`` of a view's bytes.
    @inline(__always)
    static func make(validating bytes: ByteView, isASCII: Bool) -> String? {
        bytes.withUnsafeBufferPointer { make(validating: $0, isASCII: isASCII) }
    }

    /// ``make(validating:isASCII:)`` of an array's bytes.
    @inline(__always)
    static func make(validating bytes: [UInt8], isASCII: Bool) -> String? {
        bytes.withUnsafeBufferPointer { make(validating: $0, isASCII: isASCII) }
    }

    /// ``make(utf16BigEndian:count:)`` of a view holding the units.
    @inline(__always)
    static func make(utf16BigEndian units: ByteView, count: Int) throws(UnpairedSurrogate) -> String {
        precondition(units.count >= 2 * count, "byte range out of range")
        return try units.withUnsafeBufferPointer { (buffer) throws(UnpairedSurrogate) in try make(utf16BigEndian: UnsafeRawBufferPointer(buffer), count: count) }
    }

    /// The string of `count` UTF-16BE units at `units`, transcoded to UTF-8 in one pass into
    /// a buffer of the largest size it can need (three bytes a unit: a surrogate pair, two
    /// units, takes four), then copied into the string's storage. Throws
    /// ``UnpairedSurrogate`` with the index of a unit that does not pair up.
    static func make(utf16BigEndian units: UnsafeRawBufferPointer, count: Int) throws(UnpairedSurrogate) -> String {
        assert(units.count >= 2 * count)
        var unpaired = -1
        // One byte more than the bytes written: a three-byte sequence is stored as a word.
        let string = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 &* count &+ 1) { buffer -> String? in
            let written = transcode(units.baseAddress!, count: count, into: UnsafeMutableRawPointer(buffer.baseAddress!), unpaired: &unpaired)
            guard unpaired < 0 else { return nil }
            return make(validUTF8: UnsafeBufferPointer(rebasing: buffer[..<written.count]), isASCII: written.isASCII)
        }
        guard let string else { throw UnpairedSurrogate(index: unpaired) }
        return string
    }

    /// Writes the UTF-8 of `count` UTF-16BE units at `units` to `out`, which has room for
    /// three bytes a unit and one more; returns the bytes written and whether all were ASCII,
    /// or sets `unpaired` to the index of a surrogate without its partner and stops there.
    ///
    /// Each sequence is stored as one word; a run of ASCII units is copied four at a time.
    @inline(__always)
    private static func transcode(_ units: UnsafeRawPointer, count: Int, into out: UnsafeMutableRawPointer, unpaired: inout Int) -> (count: Int, isASCII: Bool) {
        @inline(__always) func unitAt(_ index: Int) -> UInt32 {
            UInt32(UInt16(bigEndian: units.loadUnaligned(fromByteOffset: 2 &* index, as: UInt16.self)))
        }
        var index = 0
        var written = 0
        var isASCII = true
        while index < count {
            var scalar = unitAt(index)
            index &+= 1
            if scalar < 0x80 {
                out.storeBytes(of: UInt8(truncatingIfNeeded: scalar), toByteOffset: written, as: UInt8.self)
                written &+= 1
                // The rest of an ASCII run, four units (eight bytes: a zero high byte and a low
                // byte below 0x80 each, in memory order) at a time.
                while index &+ 4 <= count {
                    let four = UInt64(littleEndian: units.loadUnaligned(fromByteOffset: 2 &* index, as: UInt64.self))
                    guard four & 0x80FF_80FF_80FF_80FF == 0 else { break }
                    var low = (four &>> 8) & 0x00FF_00FF_00FF_00FF
                    low = (low | low &>> 8) & 0x0000_FFFF_0000_FFFF
                    low = low | low &>> 16
                    out.storeBytes(of: UInt32(truncatingIfNeeded: low).littleEndian, toByteOffset: written, as: UInt32.self)
                    index &+= 4
                    written &+= 4
                }
                continue
            }
            isASCII = false
            if scalar < 0x800 {
                let sequence = (0xC0 | scalar &>> 6) | (0x80 | scalar & 0x3F) &<< 8
                out.storeBytes(of: UInt16(truncatingIfNeeded: sequence).littleEndian, toByteOffset: written, as: UInt16.self)
                written &+= 2
            } else if scalar & 0xF800 != 0xD800 {
                let sequence = (0xE0 | scalar &>> 12) | (0x80 | scalar &>> 6 & 0x3F) &<< 8 | (0x80 | scalar & 0x3F) &<< 16
                out.storeBytes(of: sequence.littleEndian, toByteOffset: written, as: UInt32.self)
                written &+= 3
            } else {
                // A high surrogate followed by a low one; anything else is unpaired.
                guard scalar < 0xDC00, index < count else {
                    unpaired = index &- 1
                    break
                }
                let low = unitAt(index)
                guard low & 0xFC00 == 0xDC00 else {
                    unpaired = index &- 1
                    break
                }
                index &+= 1
                scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00)
                let sequence = (0xF0 | scalar &>> 18) | (0x80 | scalar &>> 12 & 0x3F) &<< 8
                    | (0x80 | scalar &>> 6 & 0x3F) &<< 16 | (0x80 | scalar & 0x3F) &<< 24
                out.storeBytes(of: sequence.littleEndian, toByteOffset: written, as: UInt32.self)
                written &+= 4
            }
        }
        return (written, isASCII)
    }

    /// A UTF-16 unit that is a surrogate without its partner: the unit's index.
    struct UnpairedSurrogate: Error {
        let index: Int
    }

    /// UTF-16 from `start` on, as UTF-8, in one pass; a trailing odd byte is ignored and
    /// unpaired surrogates become U+FFFD, as Foundation hands CF's strings to Swift.
    static func transcodedUTF16(_ bytes: ByteView, from start: Int, bigEndian: Bool) -> [UInt8] {
        precondition(start >= 0 && start <= bytes.count, "byte index out of range")
        let unitCount = (bytes.count - start) / 2
        // The reads below stay inside `start..<start + 2 * unitCount`. At most three UTF-8 bytes per UTF-16 unit (a surrogate pair gives four for two).
        return bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: unitCount * 3) { out, written in
                var o = 0
                @inline(__always) func unit(_ index: Int) -> UInt32 {
                    let a = UInt32(input[start + 2 * index]), b = UInt32(input[start + 2 * index + 1])
                    return bigEndian ? a << 8 | b : b << 8 | a
                }
                var index = 0
                while index < unitCount {
                    var scalar = unit(index)
                    index += 1
                    if scalar < 0x80 {
                        out[o] = UInt8(truncatingIfNeeded: scalar)
                        o += 1
                        continue
                    }
                    if scalar >= 0xD800 && scalar < 0xE000 {
                        if scalar < 0xDC00, index < unitCount, case let low = unit(index), low >= 0xDC00 && low < 0xE000 {
                            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                            index += 1
                        } else {
                            scalar = 0xFFFD
                        }
                    }
                    switch scalar {
                    case ..<0x800:
                        out[o] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
                        out[o + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                        o += 2
                    case ..<0x10000:
                        out[o] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
                        out[o + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                        out[o + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                        o += 3
                    default:
                        out[o] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                        out[o + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                        out[o + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                        out[o + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                        o += 4
                    }
                }
                written = o
            }
        }
    }
}

extension UTF8Strings {
    /// ``make(validUTF8:isASCII:)`` of a view's bytes.
    @inline(__always)
    static func make(validUTF8 bytes: ByteView, isASCII: Bool) -> String {
        bytes.withUnsafeBufferPointer { make(validUTF8: $0, isASCII: isASCII) }
    }
}
