/// Decimal digits stored straight into the output, two at a time, with no `String` in between.
enum DecimalText {
    /// The most bytes ``write(_:negative:to:)`` stores: a sign and 20 digits.
    static let maximumCount = 21

    /// "00" through "99", two bytes each.
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// The number of decimal digits in `value`.
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var limit: UInt64 = 10
        while value >= limit {
            count &+= 1
            if count == 20 { break }
            limit &*= 10
        }
        return count
    }

    /// Stores `magnitude`, after a `-` when `negative` (at most ``maximumCount`` bytes).
    @inline(__always)
    static func write(_ magnitude: UInt64, negative: Bool, to out: inout ByteOutput) {
        if negative { out.append(UInt8(ascii: "-")) }
        out.appendDigits(magnitude, count: digitCount(magnitude))
    }
}

extension ByteBuffer {
    /// Appends `value` in decimal.
    @inline(__always)
    mutating func appendDecimal(_ value: PlistInteger) {
        append(reserving: DecimalText.maximumCount) { out in
            if let unsigned = value.uint64Value {
                DecimalText.write(unsigned, negative: false, to: &out)
            } else {
                DecimalText.write(value.int64Value!.magnitude, negative: true, to: &out)
            }
        }
    }

    /// Appends `value` in decimal.
    @inline(__always)
    mutating func appendDecimal(_ value: UInt64) {
        append(reserving: DecimalText.maximumCount) { DecimalText.write(value, negative: false, to: &$0) }
    }
}
