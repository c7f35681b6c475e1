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

    /// A `String` of raw bytes that hold ASCII only (the caller checked); see
    /// ``make(validUTF8:isASCII:)``.
    @inline(__always)
    static func make(ascii bytes: UnsafeRawBufferPointer) -> String {
        make(validUTF8: bytes.assumingMemoryBound(to: UInt8.self), isASCII: true)
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

    /// ``make(validating:isASCII:)`` of an array's bytes.
    @inline(__always)
    static func make(validating bytes: [UInt8], isASCII: Bool) -> String? {
        bytes.withUnsafeBufferPointer { make(validating: $0, isASCII: isASCII) }
    }

    /// The string of `count` UTF-16BE units at `units`, transcoded to UTF-8: one pass
    /// measures (and, when it meets surrogates, a second checks that they pair up), a last
    /// one writes. Throws ``UnpairedSurrogate`` with the index of a unit that does not pair
    /// up.
    static func make(utf16BigEndian units: UnsafeRawBufferPointer, count: Int) throws(UnpairedSurrogate) -> String {
        assert(units.count >= 2 * count)
        let base = units.baseAddress!
        @inline(__always) func unitAt(_ index: Int) -> UInt32 {
            UInt32(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: 2 &* index, as: UInt16.self)))
        }
        // One UTF-8 byte per unit, one more from U+0080 and another from U+0800; a surrogate
        // pair counts 3 + 3 that way and takes 4.
        var utf8Count = count
        var surrogates = 0
        for index in 0..<count {
            let unit = unitAt(index)
            utf8Count &+= (unit >= 0x80 ? 1 : 0) &+ (unit >= 0x800 ? 1 : 0)
            surrogates &+= unit & 0xF800 == 0xD800 ? 1 : 0
        }
        if surrogates > 0 {
            var index = 0
            while index < count {
                let unit = unitAt(index)
                if unit & 0xF800 == 0xD800 {
                    guard unit < 0xDC00, index + 1 < count, unitAt(index + 1) & 0xFC00 == 0xDC00 else {
                        throw UnpairedSurrogate(index: index)
                    }
                    index += 2
                } else {
                    index += 1
                }
            }
            utf8Count -= surrogates
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8Count) { buffer in
            var out = buffer.baseAddress!
            var index = 0
            while index < count {
                var scalar = unitAt(index)
                index += 1
                if scalar < 0x80 {
                    out.pointee = UInt8(truncatingIfNeeded: scalar)
                    out += 1
                    continue
                }
                if scalar & 0xFC00 == 0xD800 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (unitAt(index) - 0xDC00)
                    index += 1
                }
                switch scalar {
                case 0..<0x800:
                    out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
                    out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    out += 2
                case 0x800..<0x10000:
                    out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
                    out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    out += 3
                default:
                    out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                    out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                    out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    out += 4
                }
            }
            return make(validUTF8: UnsafeBufferPointer(rebasing: buffer[..<(out - buffer.baseAddress!)]), isASCII: false)
        }
    }

    /// A UTF-16 unit that is a surrogate without its partner: the unit's index.
    struct UnpairedSurrogate: Error {
        let index: Int
    }
}
